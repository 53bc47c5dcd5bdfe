"""Random legal games of Terra Mystica at any scale, per option family: no stuck game, every
listed command accepted, the invariants kept, every game ended (and, with Merchants of the
Seas, the final scoring recomputed independently of ``scoring.py``).

``run_fuzz(games, seed)`` plays ``games`` games of every family (``FAMILIES``), interleaved so
that a run stopped early still covers all of them, and returns the counts per family. From the
command line (``make fuzz FUZZ_GAMES=N``):

    python -m tests.rules.fuzz --games 2000 --seed 0 [--family base --family merchants]

prints a table per family (games, stuck, refused listed commands, invariant failures, score
differences, unfinished, engine errors) and, with ``--log``, one JSON line per game as it ends;
``--summary LOG...`` counts logged games (of runs in parallel, or stopped early).
The property test (``test_fuzz.py``) plays a few games of every family in the suite.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from games.rules.core import RuleError
from games.rules.terra_mystica.board import ORIGINAL_MAP_ID
from games.rules.terra_mystica.data import CULTS, MERCHANTS, MERCHANTS_TASTE
from games.rules.terra_mystica.engine import new_game
from games.rules.terra_mystica.factions import faction_rules
from games.rules.terra_mystica.invariants import violations
from games.rules.terra_mystica.ledger import LedgerRow
from games.rules.terra_mystica.legal import legal_commands, random_legal_command
from games.rules.terra_mystica.player import apply_player_logged
from games.rules.terra_mystica.setup import DEFAULT_OPTIONS, random_setup
from games.rules.terra_mystica.state import FactionState, GameState
from games.rules.terra_mystica.views import waiting_for

from .findings import Finding

# A random game of 5 players takes about 400 moves; one still running after this is reported.
MAX_MOVES = 3000
# Every listed command of every waiting actor is applied at this interval of moves (and at
# the first move); listing and applying them all is the costly part.
LEGAL_EVERY = 40
KINDS = ("stuck", "refused", "invariant", "score", "unfinished", "error")

FIRE_AND_ICE_SIDE_1 = "95a66999127893f5925a5f591d54f8bcb9a670e6"
FIRE_AND_ICE_SIDE_2 = "be8f6ebf549404d015547152d5f2a1906ae8dd90"
FJORDS = "2afadc63f4d81e850b7c16fb21a1dcd29658c392"
LAKES = "fdb13a13cd48b7a3c3525f27e4628ff6905aa5b1"
ORIGINAL_2017 = "91645cdb135773c2a7a50e5ca9cb18af54c664c4"
MAPS = (ORIGINAL_MAP_ID, FIRE_AND_ICE_SIDE_1, FIRE_AND_ICE_SIDE_2, FJORDS, LAKES)
FIRE_AND_ICE_BOARDS = {
    "ice": ("icemaidens", "yetis"),
    "volcano": ("acolytes", "dragonlords"),
    "variable": ("shapeshifters", "riverwalkers"),
    "variable_v5": ("shapeshifters", "riverwalkers"),
}
ALL_BOARDS = tuple(f"fire-and-ice-factions/{b}" for b in ("ice", "volcano", "variable"))
YUCATA = ("variable-starting-vp", "beginner-setup", "wait-for-leech")
# Cultists' errata and the mini expansion are on by default; half the games drop them.
OPTIONAL_DEFAULTS = ("errata-cultist-power", "mini-expansion-1", "shipping-bonus")
# Each network award, cult award: the rulebook's 18/12/6 and 8/4/2.
NETWORK_AWARDS = (18, 12, 6)
CULT_AWARDS = (8, 4, 2)


@dataclass(frozen=True)
class Spec:
    """One game: players, options, map and the factions the first seats take."""

    players: int
    options: tuple[str, ...]
    map_id: str = ORIGINAL_MAP_ID
    factions: tuple[str, ...] = ()


def _defaults(rng: random.Random) -> tuple[str, ...]:
    dropped = {o for o in OPTIONAL_DEFAULTS if rng.random() < 0.25}
    extra = ("variable-turn-order",) if rng.random() < 0.5 else ()
    return (*(o for o in DEFAULT_OPTIONS if o not in dropped), *extra)


def _base(i: int, rng: random.Random) -> Spec:
    return Spec(2 + i % 4, _defaults(rng))


def _fire_and_ice(i: int, rng: random.Random) -> Spec:
    # Every faction of every board, on every map, the final scoring tile in half the games.
    boards = sorted(FIRE_AND_ICE_BOARDS)
    board = boards[i % len(boards)]
    faction = FIRE_AND_ICE_BOARDS[board][i // len(boards) % 2]
    options = [*_defaults(rng), f"fire-and-ice-factions/{board}"]
    if rng.random() < 0.5:
        options.append("fire-and-ice-final-scoring")
    return Spec(2 + i // 8 % 4, tuple(options), MAPS[i // 32 % len(MAPS)], (faction,))


def _maps(i: int, rng: random.Random) -> Spec:
    # Every map side, with the variable starting VP of Fjords, Lakes and the original map.
    maps = (*MAPS, ORIGINAL_2017)
    options = [*_defaults(rng), *ALL_BOARDS]
    if i // len(maps) % 2 and maps[i % len(maps)] in (ORIGINAL_MAP_ID, FJORDS, LAKES):
        options.append("variable-starting-vp")
    return Spec(2 + i // 12 % 4, tuple(options), maps[i % len(maps)])


def _auction(kind: str) -> Callable[[int, random.Random], Spec]:
    def spec(i: int, rng: random.Random) -> Spec:
        revision = "fire-and-ice-factions/variable_v5" if i % 2 else ALL_BOARDS[-1]
        options = (*_defaults(rng), *ALL_BOARDS[:-1], revision, kind)
        return Spec(2 + i // 2 % 4, options, MAPS[i // 8 % len(MAPS)])

    return spec


def _merchants(taste: bool) -> Callable[[int, random.Random], Spec]:
    def spec(i: int, rng: random.Random) -> Spec:
        options = [*_defaults(rng), MERCHANTS]
        if taste:
            options.append(MERCHANTS_TASTE)
        if i % 3 == 1:
            options += ALL_BOARDS
        if i % 3 == 2:
            options.append("fire-and-ice-final-scoring")
        return Spec(2 + i % 4, tuple(options), MAPS[i // 4 % len(MAPS)])

    return spec


def _yucata(i: int, rng: random.Random) -> Spec:
    # Yucata's options one by one and together, the promo town tiles singly.
    chosen = [o for j, o in enumerate(YUCATA) if (i >> j) & 1] or [YUCATA[i % len(YUCATA)]]
    options = [o for o in _defaults(rng) if o != "mini-expansion-1"]
    options.append(f"promo-town-tile-tw{6 + i % 3}" if i % 2 else "mini-expansion-1")
    maps = (ORIGINAL_MAP_ID, FJORDS, LAKES)
    return Spec(2 + i // 8 % 4, (*options, *chosen), maps[i // 32 % len(maps)])


FAMILIES: dict[str, Callable[[int, random.Random], Spec]] = {
    "base": _base,
    "fire-and-ice": _fire_and_ice,
    "maps": _maps,
    "auction": _auction("faction-auction"),
    "fast-auction": _auction("fast-auction"),
    "merchants": _merchants(taste=False),
    "merchants-taste": _merchants(taste=True),
    "yucata": _yucata,
}


@dataclass
class Game:
    family: str
    index: int
    spec: Spec
    seed: str
    state: GameState
    moves: list[tuple[str, str]] = field(default_factory=list)
    commands_checked: int = 0
    last_rows: list[LedgerRow] = field(default_factory=list)


def make_game(family: str, index: int, seed: int) -> Game:
    rng = random.Random(f"{family}:{seed}:{index}:setup")
    spec = FAMILIES[family](index, rng)
    name = f"fuzz-{family}-{seed}-{index}"
    players = [f"p{n}" for n in range(1, spec.players + 1)]
    setup = random_setup(name, spec.players, spec.options, players, spec.map_id)
    return Game(family, index, spec, name, new_game(setup))


def check_listed(game: Game) -> None:
    """Each waiting actor's listed commands are accepted and keep the invariants."""
    state = game.state
    for actor in sorted({d.actor for d in waiting_for(state)}):
        listed = legal_commands(state, actor)
        if not listed:
            raise Finding("stuck", f"{actor} is waited for and offered nothing")
        for row in listed:
            try:
                after, _ = apply_player_logged(state, actor, row)
            except RuleError as exc:
                raise Finding("refused", f"{actor}: listed {row!r} refused: {exc}") from exc
            invariants(after, f"after listed {actor}: {row!r}")
            game.commands_checked += 1


def invariants(state: GameState, where: str) -> None:
    problems = violations(state)
    if problems:
        raise Finding("invariant", f"{where}: {problems}")


def play_game(game: Game, rng: random.Random, legal_every: int = LEGAL_EVERY) -> Game:
    """Plays ``game`` to its end at random, checking every property; raises ``Finding``."""
    invariants(game.state, "setup")
    forced = game.spec.factions
    while not game.state.finished:
        state = game.state
        if len(game.moves) >= MAX_MOVES:
            raise Finding("unfinished", f"no end after {MAX_MOVES} moves")
        decisions = waiting_for(state)
        if not decisions:
            raise Finding("stuck", f"nobody is asked to act (phase {state.phase})")
        if len(game.moves) % legal_every == 0:
            check_listed(game)
        # Every actor waited for has a legal command (the random player finds one).
        rows: dict[str, str] = {}
        for actor in dict.fromkeys(d.actor for d in decisions):
            seat = len(state.factions)
            if (
                actor.startswith("player")
                and seat < len(forced)
                and state.phase != "faction-auction"
            ):
                row: str | None = f"setup {forced[seat]}"
            else:
                row = random_legal_command(state, actor, rng, pass_rate=0.05)
            if row is None:
                raise Finding("stuck", f"no legal command for {actor} (round {state.round})")
            rows[actor] = row
        actor = rng.choice(sorted(rows))
        try:
            game.state, game.last_rows = apply_player_logged(state, actor, rows[actor])
        except RuleError as exc:
            raise Finding("refused", f"{actor}: {rows[actor]!r} refused: {exc}") from exc
        game.moves.append((actor, rows[actor]))
        invariants(game.state, f"after {actor}: {rows[actor]!r}")
    check_end(game)
    return game


def check_end(game: Game) -> None:
    state = game.state
    if state.round != 6 or len(state.factions) != game.spec.players:
        raise Finding("score", f"ended in round {state.round} with {len(state.factions)}")
    if state.merchants is not None:
        check_final_scoring(game)


# --- Merchants of the Seas: the final scoring counted again ---------------------------------


def shared_awards(values: dict[str, int], awards: tuple[int, ...]) -> dict[str, int]:
    """The base rules' ties: tied factions add up the awards of the places they take and
    share them (rounded down); nothing for 0."""
    ranked = sorted((v for v in values.values() if v > 0), reverse=True)
    out: dict[str, int] = {}
    for name, value in values.items():
        if value <= 0:
            continue
        first = ranked.index(value)
        tied = ranked.count(value)
        total = sum(awards[first : first + tied])
        if total // tied:
            out[name] = total // tied
    return out


def network(state: GameState, f: FactionState) -> int:
    """The largest group of ``f``'s buildings linked by an edge, a bridge, a Mermaids' river
    town, or within shipping range (tunnel or carpet range for Dwarves and Fakirs)."""
    board = state.setup.board
    spec = faction_rules(f.name).spec
    if spec.teleport is not None:
        reach = f.carpet_range if spec.teleport.kind == "carpet" else spec.teleport.base_range
        distance, limit = board.hex_distance, reach + 1
    else:
        distance, limit = board.river_distance, f.ship
    mine = set(f.locations)
    links: dict[str, set[str]] = {h: set() for h in mine}
    for a in mine:
        links[a] |= mine & set(board.land_neighbours[a])
        links[a] |= {b for b in mine if distance[a].get(b, limit + 1) <= limit}
        links[a] |= mine & set(state.river_links.get(a, ()))
    for a, b, _ in state.bridges:
        if a in mine and b in mine:
            links[a].add(b)
            links[b].add(a)
    best, seen = 0, set()
    for start in mine:
        if start in seen:
            continue
        group, todo = {start}, [start]
        while todo:
            for b in links[todo.pop()] - group:
                group.add(b)
                todo.append(b)
        seen |= group
        best = max(best, len(group))
    return best


def check_final_scoring(game: Game) -> None:
    """The final scoring rows of the engine against a count from the final state: cult
    majorities (8/4/2 per track), the largest network (18/12/6), the trade marker tile
    (18/12/6 by markers placed) and resources (3 coins a VP after turning power, priests and
    workers into coins)."""
    state = game.state
    factions = [f for f in state.factions.values() if not f.dropped]
    expected: Counter[tuple[str, str]] = Counter()
    for i, track in enumerate(CULTS):
        for name, vp in shared_awards({f.name: f.cult[i] for f in factions}, CULT_AWARDS).items():
            expected[name, track] += vp
    sizes = {f.name: network(state, f) for f in factions}
    for name, vp in shared_awards(sizes, NETWORK_AWARDS).items():
        expected[name, "network"] += vp
    if "most-trade-markers" in state.setup.final_scoring_tiles and state.merchants:
        placed = {f.name: len(state.merchants["factions"][f.name]["traded"]) for f in factions}
        for name, vp in shared_awards(placed, NETWORK_AWARDS).items():
            expected[name, "most-trade-markers"] += vp
    got: Counter[tuple[str, str]] = Counter()
    for row in game.last_rows:
        if row.faction and row.command.startswith("+") and "vp for " in row.command:
            label = row.command.split("vp for ", 1)[1]
            if label in (*CULTS, "network", "most-trade-markers"):
                got[row.faction, label] += int(row.command[1:].split("vp", 1)[0])
        elif row.faction and row.command == "score_resources":
            vp, c, w, p, power_value, _ = row.before
            # Burning half of bowl II and cashing bowl III: p3 + p2 // 2 == (p2 + 2 p3) // 2.
            coins = c + w + p + power_value // 2
            rates = faction_rules(row.faction).spec.exchange_rates
            rate = rates.get("C", {}).get("VP", 3)
            if row.vp - vp != coins // rate:
                raise Finding(
                    "score", f"{row.faction}: resources gave {row.vp - vp} VP, not {coins // rate}"
                )
    if got != expected:
        raise Finding("score", f"final scoring {dict(got)}, recomputed {dict(expected)}")


# --- at scale -------------------------------------------------------------------------------


def run_fuzz(
    games: int,
    seed: int,
    families: list[str] | None = None,
    legal_every: int = LEGAL_EVERY,
    log: Any = None,
    progress: bool = False,
) -> dict[str, Any]:
    """Plays ``games`` games of each family from ``seed``; returns per family ``games``,
    ``moves`` and the count of each kind of finding, with the first 20 failures (family,
    index, seed: enough to play the game again with ``make_game``)."""
    started = time.monotonic()
    names = families or list(FAMILIES)
    table = {name: Counter[str]() for name in names}
    failures: list[dict[str, Any]] = []
    for index in range(games):
        for name in names:
            game = make_game(name, index, seed)
            tally = table[name]
            tally["games"] += 1
            outcome = "ok"
            try:
                try:
                    play_game(game, random.Random(f"{name}:{seed}:{index}"), legal_every)
                except Finding:
                    raise
                except Exception as exc:  # an engine crash is a finding too
                    raise Finding("error", f"{type(exc).__name__}: {exc}") from exc
            except Finding as finding:
                outcome = finding.kind
                tally[finding.kind] += 1
                failure = {
                    "family": name,
                    "index": index,
                    "seed": seed,
                    "spec": game.spec.__dict__,
                    "moves": len(game.moves),
                    "kind": finding.kind,
                    "message": str(finding)[:2000],
                }
                if len(failures) < 20:
                    failures.append(failure)
            tally["moves"] += len(game.moves)
            tally["commands_checked"] += game.commands_checked
            if log is not None:
                print(
                    json.dumps(
                        {"family": name, "index": index, "seed": seed, "outcome": outcome}
                        | ({} if outcome == "ok" else {"failure": failure})
                    ),
                    file=log,
                    flush=True,
                )
        if progress and (index + 1) % 10 == 0:
            print(f"{index + 1} games per family", file=sys.stderr, flush=True)
    return {
        "games": games,
        "seed": seed,
        "families": {name: dict(t) for name, t in table.items()},
        "seconds": round(time.monotonic() - started, 1),
        "failures": failures,
    }


def table(families: dict[str, dict[str, int]]) -> str:
    columns = (
        "games",
        *KINDS,
        *(("moves",) if any(t.get("moves") for t in families.values()) else ()),
    )
    lines = ["| family | " + " | ".join(columns) + " |", "|---|" + "---|" * len(columns)]
    for name, t in families.items():
        lines.append(f"| {name} | " + " | ".join(str(t.get(k, 0)) for k in columns) + " |")
    return "\n".join(lines)


def summary(paths: list[str]) -> dict[str, dict[str, int]]:
    """The counts per family of the games logged with ``--log`` (runs stopped early too)."""
    families: dict[str, Counter[str]] = {}
    for path in paths:
        with open(path) as lines:
            for line in lines:
                game = json.loads(line)
                t = families.setdefault(game["family"], Counter())
                t["games"] += 1
                if game["outcome"] != "ok":
                    t[game["outcome"]] += 1
    return {name: dict(families[name]) for name in FAMILIES if name in families}


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="games per family")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--family", action="append", choices=sorted(FAMILIES))
    parser.add_argument("--legal-every", type=int, default=LEGAL_EVERY)
    parser.add_argument("--log", help="a file for one JSON line per game")
    parser.add_argument("--summary", nargs="+", metavar="LOG", help="count logged games only")
    args = parser.parse_args()
    if args.summary:
        print(table(summary(args.summary)))
        return
    log = open(args.log, "a") if args.log else None  # noqa: SIM115
    report = run_fuzz(args.games, args.seed, args.family, args.legal_every, log, progress=True)
    print(table(report["families"]))
    print(f"{report['seconds']} s")
    for failure in report["failures"]:
        print(json.dumps(failure))
    broken = sum(t.get(k, 0) for t in report["families"].values() for k in KINDS)
    raise SystemExit(1 if broken else 0)


if __name__ == "__main__":
    main()
