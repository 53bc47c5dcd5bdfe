"""The scans over bridges and river links answer as the hex-by-hex way.

A town's group (``towns.group_strength``) gathers the bridges and the Mermaids' river links
once per scan instead of asking ``own_neighbours`` for every hex; ``Game.bridged_to`` tests a
bridge's two ends at once; ``building.check_reachable`` tests the edges around a hex as one set.
Each must find the same hexes as the long way, in every corpus game that has bridges or river
links, at its end (every building placed), two thirds and a third of the way.
"""

from __future__ import annotations

import pytest

from games.rules.core import RuleError
from games.rules.terra_mystica import building, leech, towns
from games.rules.terra_mystica.context import Game
from games.rules.terra_mystica.replay import replay_game
from games.rules.terra_mystica.state import GameState

from .conftest import CORPUS_GAMES, corpus_game


def _linked_states() -> list[tuple[str, int]]:
    """(game, last line) of the corpus positions to check: games with bridges or river links."""
    out = []
    for path in CORPUS_GAMES:
        game = corpus_game(path.stem)
        state = replay_game(game, check=False).state
        if not (state.bridges or state.river_links):
            continue
        lines = [r["line"] for r in game["rows"]]
        for k in (2, 4, 6):
            out.append((path.stem, lines[len(lines) * k // 6 - 1]))
    return out


LINKED = _linked_states()


def _state(name: str, line: int) -> GameState:
    game = corpus_game(name)
    return replay_game(
        dict(game, rows=[r for r in game["rows"] if r["line"] <= line]), check=False
    ).state


def _group_the_long_way(g: Game, f, start: str) -> tuple[set[str], int, int]:
    seen, stack, power, size = {start}, [start], 0, 0
    while stack:
        h = stack.pop()
        kind = g.s.building.get(h)
        if kind:
            power += g.rules(f).building_powers[kind]
            size += 2 if kind == "SA" else 1
        for n in towns.own_neighbours(g, f, h):
            if n not in seen:
                seen.add(n)
                stack.append(n)
    return seen, power, size


def test_the_corpus_has_bridges_and_river_links() -> None:
    ends = [_state(name, line) for name, line in LINKED[2::3]]  # each game's last row
    assert len(ends) >= 5
    assert all(s.bridges or s.river_links for s in ends)
    assert any(s.river_links for s in ends)


@pytest.mark.parametrize(("name", "line"), LINKED)
def test_scans_answer_as_hex_by_hex(name: str, line: int) -> None:
    state = _state(name, line)
    g = Game(state)
    for f in state.factions.values():
        for h in f.locations:
            assert towns.group_strength(g, f, h) == _group_the_long_way(g, f, h)
    for h in g.board.land:
        ends = [b for x, y, _ in state.bridges for a, b in ((x, y), (y, x)) if a == h]
        assert g.bridged_to(h) == ends
        for f in state.factions.values():
            if f.dropped or not state.round:
                continue
            adjacent = any(n in g.board.neighbours[h] or n in ends for n in f.locations)
            try:
                answer = building.check_reachable(g, f, h)
            except RuleError as e:
                # Beside its own building a faction is refused only by its own restriction.
                assert not adjacent or "may not reach" in str(e)
                continue
            if adjacent:
                assert answer == ({}, {}, False)


def _seat_order_after(state: GameState, builder: str) -> list[str]:
    """Factions still playing in seat order, starting after ``builder`` (who comes last)."""
    playing = [n for n in state.order if not state.factions[n].dropped]
    i = playing.index(builder) if builder in playing else len(playing) - 1
    return playing[i + 1 :] + playing[: i + 1]


@pytest.mark.parametrize(("name", "line"), LINKED[2::3])
@pytest.mark.parametrize("drop", [False, True])
def test_power_offers_are_recorded_in_seat_order_after_the_builder(
    name: str, line: int, drop: bool
) -> None:
    """Each building, rebuilt, offers power to its neighbours' owners: the offers are asked
    in seat order from the builder on (the Cultists' reward depends on it), a dropped
    faction never."""
    base = _state(name, line)
    base.round = base.round or 1
    asked = 0
    for builder in base.factions.values():
        for h in builder.locations:
            state = base.copy()
            if drop:  # the faction seated after the builder leaves the game
                after = _seat_order_after(state, builder.name)[0]
                state.factions[after].dropped = after != builder.name
            state.action_required = []
            g = Game(state)
            offers = leech.note_leech(g, state.factions[builder.name], h)
            records = [r["faction"] for r in state.action_required if r["type"] == "leech"]
            expected = [n for n in _seat_order_after(state, builder.name) if offers.get(n)]
            assert records == expected
            asked += len(records)
    assert asked
