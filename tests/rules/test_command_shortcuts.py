"""The shortcuts of the commands that build, pay income and offer power answer as the long way.

- ``towns.group_strength`` tests a neighbour against the faction's buildings not reached yet
  (a set made from its ``locations``), not against ``owner``: the same group as the hex-by-hex
  scan, and ``locations`` are the hexes ``owner`` gives the faction.
- ``building.build`` pays and gains for reaching a hex only when ``check_reachable`` says it
  teleported: any other answer has neither a cost nor a gain.
- ``leech.note_leech`` records a single offer without walking the seats; several in seat order
  from the builder's (a slice of the order, not a walk).
- The favor tiles' build VP and income, and the buildings' income tables, are read once:
  the same values as the tiles' and the factions' specs looked up every time.
- A faction's ``setup`` is refused at the command, and a bad hex of a build or an upgrade
  still says why.
"""

from __future__ import annotations

import pytest

from games.rules.core import RuleError
from games.rules.terra_mystica import apply, building, income, leech, scoring, towns, turns
from games.rules.terra_mystica.context import Game
from games.rules.terra_mystica.data import BUILDING_SUPPLY, favor_tiles
from games.rules.terra_mystica.expansion import merchants
from games.rules.terra_mystica.factions import LOADED_RULES
from games.rules.terra_mystica.setup import available_town_tiles
from games.rules.terra_mystica.state import FactionState, GameState

from .conftest import CORPUS_GAMES, corpus_game
from .test_links_scans import _group_the_long_way, _state

BUILDINGS = ("D", "TP", "TE", "SH", "SA")


def _positions() -> list[tuple[str, int]]:
    """(game, last line): every corpus game at its end, and a third of the way for every
    third game."""
    out = []
    for i, path in enumerate(CORPUS_GAMES):
        lines = [r["line"] for r in corpus_game(path.stem)["rows"]]
        out.append((path.stem, lines[-1]))
        if i % 3 == 0:
            out.append((path.stem, lines[len(lines) // 3]))
    return out


POSITIONS = _positions()


def _offer_order_the_long_way(s: GameState, builder: FactionState, offers: dict) -> list[str]:
    """The factions offered power, by the walk of the seats from the builder's."""
    order = s.order
    n = len(order)
    i = order.index(builder.name) if builder.name in order else n - 1
    walk = [order[(i + step) % n] for step in range(1, n + 1)]
    return [name for name in walk if offers.get(name) and not s.factions[name].dropped]


def _other_income_the_long_way(g: Game, f: FactionState) -> dict[str, int]:
    buildings: dict[str, int] = {}
    for kind, tables in LOADED_RULES[f.name].spec.income.items():
        level = f.buildings[kind]
        for res, table in tables.items():
            if table[level]:
                buildings[res] = buildings.get(res, 0) + table[level]
    return buildings


def test_the_positions_have_groups_offers_and_favors() -> None:
    ends = [_state(name, line) for name, line in POSITIONS[::7]]
    groups = [
        towns.group_strength(Game(s), f, h)[0]
        for s in ends
        for f in s.factions.values()
        for h in f.locations[:1]
    ]
    assert sum(len(group) >= 4 for group in groups) >= 10
    several = [
        h
        for s in ends
        for h in Game(s).board.land
        for f in s.factions.values()
        if len(leech.compute_leech(Game(s), f, h)) > 1
    ]
    assert len(several) >= 10
    assert any(
        "FAV10" in f.favors or "FAV11" in f.favors for s in ends for f in s.factions.values()
    )


@pytest.mark.parametrize(("name", "line"), POSITIONS)
def test_shortcuts_answer_as_the_long_way(name: str, line: int) -> None:
    state = _state(name, line)
    g = Game(state)
    for f in state.factions.values():
        assert sorted(f.locations) == sorted(h for h, o in state.owner.items() if o == f.name)
        for h in f.locations:
            assert towns.group_strength(g, f, h) == _group_the_long_way(g, f, h)
        # The buildings' income at every level each building can have here and one more.
        for kind in BUILDINGS:
            for level in (f.buildings[kind], min(f.buildings[kind] + 1, BUILDING_SUPPLY[kind])):
                was, f.buildings[kind] = f.buildings[kind], level
                _, buildings, _ = income._other_income(g, f)
                buildings.pop("SHIP", None)
                assert buildings == _other_income_the_long_way(g, f)
                f.buildings[kind] = was
    for h in g.board.land:
        for f in state.factions.values():
            if f.dropped or not state.round:
                continue
            try:
                cost, gain, teleported = building.check_reachable(g, f, h)
            except RuleError:
                continue
            if not teleported:
                assert (cost, gain) == ({}, {})
            offers = leech.compute_leech(g, f, h)
            if not offers:
                continue
            trial = state.copy()
            tg = Game(trial)
            before = len(trial.action_required)
            assert leech.note_leech(tg, tg.faction(f.name), h) == offers
            made = [r["faction"] for r in trial.action_required[before:]]
            assert made == _offer_order_the_long_way(trial, tg.faction(f.name), offers)


def test_favor_tables_read_once_hold_the_tiles_values() -> None:
    build_vp, paying = scoring.favor_build_vp(), income.favor_income()
    assert build_vp and paying
    for tile, spec in favor_tiles().items():
        for kind in BUILDINGS:
            assert build_vp.get(tile, {}).get(kind) == spec.get("vp_on_build", {}).get(kind)
        assert paying.get(tile, {}) == spec.get("income", {})


@pytest.mark.parametrize(
    ("row", "error"),
    [
        ("setup witches", "engineers have already chosen their faction"),
        ("upgrade Z99 to TP", "there is no hex Z99"),
        ("upgrade r3 to TP", "r3 is a river hex"),
        ("build Z99", "there is no hex Z99"),
    ],
)
def test_refused_at_the_command(row: str, error: str) -> None:
    name = CORPUS_GAMES[0].stem
    game = corpus_game(name)
    state = _state(name, game["rows"][len(game["rows"]) // 2]["line"])
    actor = "engineers" if "engineers" in state.factions else state.active
    with pytest.raises(RuleError, match=error.replace("engineers", actor)):
        apply(state, actor, row)


def _town_tile_left_the_long_way(s: GameState) -> bool:
    return any(n > 0 and tile[:2] == "TW" for tile, n in s.pool.items())


@pytest.mark.parametrize(("name", "line"), POSITIONS[::4])
def test_town_tile_left_as_the_pool_sliced(name: str, line: int) -> None:
    state = _state(name, line)
    g = Game(state)
    assert all(t in towns.TOWN_TILE_IDS for t in state.pool if t[:2] == "TW")
    assert towns.town_tile_left(g) == _town_tile_left_the_long_way(state)
    # Each town tile taken in turn, until none is left.
    for tile in [t for t in state.pool if t[:2] == "TW"]:
        state.pool[tile] = 0
        assert towns.town_tile_left(g) == _town_tile_left_the_long_way(state)
    assert not towns.town_tile_left(g)


def test_every_town_tile_of_every_option_is_known() -> None:
    options = ["merchants-of-the-seas", "mini-expansion-1", "fire-and-ice", "promo2013"]
    for k in range(len(options) + 1):
        tiles = available_town_tiles(options[:k])
        assert tiles and all(t in towns.TOWN_TILE_IDS for t in tiles if t[:2] == "TW")


class _Settle:
    """detect_incomplete_turn's requests as they were made: a record for every entitlement."""

    def __init__(self, g: Game, f: FactionState, present: set[str]) -> None:
        self.g, self.f, self.present, self.in_round = g, f, present, bool(g.s.round)

    def __call__(self, kind: str, owed: bool, record: dict) -> None:
        if owed:
            turns.require_action(self.g, self.f, record)
        elif kind in self.present and (self.in_round or kind not in ("upgrade", "dwelling")):
            turns.dismiss_action(self.g, self.f, kind)


def _detect_the_long_way(g: Game, f: FactionState) -> bool:
    if f.dropped:
        return False
    expansion = False
    if g.s.merchants is not None:
        expansion = merchants().settle(g, f)
    present = {r["type"] for r in g.s.action_required if r.get("faction") == f.name}
    settle = _Settle(g, f, present)
    incomplete = expansion
    if f.volcano_tf:
        incomplete = True
        turns.require_action(g, f, {"type": "transform", "amount": 1})
    if f.cult_debt:
        incomplete = True
        turns.require_action(g, f, {"type": "cult-payment", "amount": f.cult_debt})
    elif "cult-payment" in present:
        turns.dismiss_action(g, f, "cult-payment")
    if f.spade:
        incomplete = True
        turns.require_action(g, f, {"type": "transform", "amount": f.spade})
    if f.free_tf:
        incomplete = True
        turns.require_action(g, f, {"type": "transform", "amount": 1})
    settle(
        "upgrade", bool(f.free_tp), {"type": "upgrade", "from_building": "D", "to_building": "TP"}
    )
    settle("dwelling", bool(f.free_d), {"type": "dwelling"})
    incomplete = incomplete or bool(f.free_tp or f.free_d)
    if f.cult_steps:
        turns.require_action(g, f, {"type": "cult", "amount": f.cult_steps})
        return True
    settle("favor", bool(f.gain_favor), {"type": "favor", "amount": f.gain_favor})
    settle("town", bool(f.gain_tw), {"type": "town", "amount": f.gain_tw})
    settle("bridge", bool(f.bridge), {"type": "bridge"})
    settle("unlock-terrain", bool(f.unlock_terrain), {"type": "unlock-terrain"})
    settle(
        "gain-token",
        bool(f.gain_p3_for_vp),
        {"type": "gain-token", "amount": f.gain_p3_for_vp, "from": "VP", "to": "P3"},
    )
    darkling_choice = bool(f.convert_w_to_p) and g.has("strict-darkling-sh")
    settle(
        "convert",
        darkling_choice,
        {"type": "convert", "from": "W", "to": "P", "amount": f.convert_w_to_p, "optional": True},
    )
    incomplete = incomplete or "pick-color" in present
    owes = bool(f.gain_favor or f.gain_tw or f.bridge or f.unlock_terrain)
    return incomplete or owes or darkling_choice


OWED = ("free_tp", "free_d", "cult_steps", "gain_favor", "gain_tw", "bridge", "unlock_terrain")
OWED += ("gain_p3_for_vp", "convert_w_to_p", "cult_debt", "spade", "free_tf", "volcano_tf")
REQUESTS = ("upgrade", "dwelling", "favor", "town", "bridge", "unlock-terrain", "gain-token")
REQUESTS += ("convert", "cult-payment", "pick-color")


@pytest.mark.parametrize(("name", "line"), POSITIONS[::6])
def test_what_is_owed_asked_as_by_a_record_for_each(name: str, line: int) -> None:
    """Each entitlement owed alone, with none or all of the requests open (also in setup)."""
    for round_no in (0, 3):
        for field in (None, *OWED):
            for requests in ((), REQUESTS):
                base = _state(name, line)
                base.round = round_no
                f0 = next(f for f in base.factions.values() if not f.dropped)
                for kind in requests:
                    base.action_required.append({"type": kind, "faction": f0.name})
                if field is not None:
                    setattr(f0, field, 2)
                ours, theirs = base.copy(), base.copy()
                answer = turns.detect_incomplete_turn(Game(ours), ours.factions[f0.name])
                assert answer == _detect_the_long_way(Game(theirs), theirs.factions[f0.name])
                assert ours.to_json() == theirs.to_json()
