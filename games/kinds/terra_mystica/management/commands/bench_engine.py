"""Benchmark of the rules engine: corpus replay time, legal moves and the state's JSON round trip.

With ``--reference SRC`` (or TM_REFERENCE_SRC), terra.snellman.net's own engine (the public
jsnell/terra-mystica sources, outside this project) replays the same games in the same run,
through ``bench/snellman_replay.pl``; only games it replays to the corpus's final VP count.
The rounds alternate (ours, then the reference's) so that both see the same machine load, and
each game's figure is its median over the rounds. Each round times our engine twice per game:
engine only (``play_inputs``) and with the ledger built and every row checked against the
corpus (``replay_game``), the figure issue 28's target is set on.
"""

from __future__ import annotations

import json
import os
import platform
import shutil
import statistics
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from bench.snellman_reference import reference_source, run_reference
from games.rules.core import jsonio
from games.rules.terra_mystica import GameState, new_game
from games.rules.terra_mystica.compiled import build_name
from games.rules.terra_mystica.engine import play_inputs
from games.rules.terra_mystica.legal import candidate_rows, legal_commands
from games.rules.terra_mystica.notation import forget_parsed_rows
from games.rules.terra_mystica.replay import replay_game, setup_from_record
from games.rules.terra_mystica.sacrifice import sacrifice_offers
from games.rules.terra_mystica.views import waiting_for

DEFAULT_CORPUS = Path(settings.BASE_DIR) / "tests" / "fixtures" / "corpus"
# The turns whose legal moves are timed: every decision after moves 100-200 of this game
# (rounds 3-4), and the richest of them (the most candidate rows to try).
LEGAL_GAME = "4pLeague_S1_D1L1_G3"
LEGAL_MOVES = range(100, 200)

# Issue 28's targets, printed beside each figure.
TARGET_RATIO_SERVED = 30.0  # reference / ours, ledger built and checked, on the served build
TARGET_RATIO_PURE = 15.0
TARGET_LEGAL_MS = 1.0  # legal moves of a rich turn, median, on the served build


def replay_moves(game: dict) -> list[tuple[str, str, str]]:
    """The inputs of a recorded game: (kind, actor, text) in order."""
    moves = []
    seats = {name: i + 1 for i, name in enumerate(game["factions"])}
    for row in game["rows"]:
        if row["kind"] == "comment":
            if row.get("tag") == "drop":
                moves.append(("drop", row["dropped_faction"], ""))
        elif row["origin"] == "engine":
            if row["command"] == "setup":
                moves.append(("move", f"player{seats[row['faction']]}", f"setup {row['faction']}"))
        else:
            moves.append(("move", row["faction"], row["player_command"]))
    return moves


def play_game(game: dict, moves: list[tuple[str, str, str]]) -> GameState:
    return play_inputs(new_game(setup_from_record(game)), moves)


def final_vp_exact(game: dict, state: GameState) -> bool:
    """Every faction's final VP equals the corpus's."""
    return all(
        f in state.factions and state.factions[f].vp == vp for f, vp in game["final_vp"].items()
    )


class Command(BaseCommand):
    help = (
        "Time the replay of every corpus game (engine only) and the state's JSON round trip; "
        "with --reference, terra.snellman.net's engine on the same games in the same run."
    )

    def add_arguments(self, parser) -> None:
        parser.add_argument("--corpus", default=str(DEFAULT_CORPUS))
        parser.add_argument(
            "--repeat", type=int, default=5, help="rounds over the corpus (medians reported)"
        )
        parser.add_argument(
            "--reference",
            default=os.environ.get("TM_REFERENCE_SRC", ""),
            help="src/ of a jsnell/terra-mystica checkout (default: $TM_REFERENCE_SRC)",
        )

    def handle(self, *args, **options) -> None:
        paths = sorted(
            p for p in Path(options["corpus"]).glob("*/*.json") if p.name != "index.json"
        )
        games = [json.loads(p.read_text()) for p in paths]
        inputs = [(g, replay_moves(g)) for g in games]
        repeat = max(1, options["repeat"])
        reference = options["reference"]
        if reference:
            os.environ["TM_REFERENCE_SRC"] = reference
            reference = reference_source()
            if reference is None:
                raise CommandError(
                    f"no terra.snellman.net engine (tracker.pm) in {options['reference']}"
                )

        play_game(*inputs[0])  # warm caches (maps, data files)
        ours: dict[str, list[float]] = {g["game_id"]: [] for g in games}
        theirs: dict[str, list[float]] = {g["game_id"]: [] for g in games}
        # CPU time beside wall time: on a shared machine an engine also waits for a core, and
        # its process's CPU time is the work it did itself.
        ours_cpu: dict[str, list[float]] = {g["game_id"]: [] for g in games}
        theirs_cpu: dict[str, list[float]] = {g["game_id"]: [] for g in games}
        ours_exact: dict[str, bool] = {}
        theirs_exact: dict[str, bool] = {}
        checked: dict[str, list[float]] = {g["game_id"]: [] for g in games}
        checked_cpu: dict[str, list[float]] = {g["game_id"]: [] for g in games}
        checked_exact: dict[str, bool] = {}
        for _ in range(repeat):
            # Rows are parsed once and cached: no round reads a row another round parsed.
            forget_parsed_rows()
            for game, moves in inputs:
                started, cpu_started = time.perf_counter(), time.process_time()
                state = play_game(game, moves)
                ours[game["game_id"]].append(time.perf_counter() - started)
                ours_cpu[game["game_id"]].append(time.process_time() - cpu_started)
                ours_exact[game["game_id"]] = state.finished and final_vp_exact(game, state)
            forget_parsed_rows()
            for game, _moves in inputs:
                started, cpu_started = time.perf_counter(), time.process_time()
                replayed = replay_game(game)
                checked[game["game_id"]].append(time.perf_counter() - started)
                checked_cpu[game["game_id"]].append(time.process_time() - cpu_started)
                checked_exact[game["game_id"]] = replayed.exact
            if reference:
                for game_id, result in run_reference(reference, games, 1).items():
                    theirs[game_id].extend(result["seconds"])
                    theirs_cpu[game_id].extend(result.get("cpu_seconds", []))
                    theirs_exact[game_id] = result["exact"]
        ours_ms = {g: statistics.median(s) * 1000 for g, s in ours.items()}
        rows = sum(len(moves) for _, moves in inputs)

        checked_ms = {g: statistics.median(s) * 1000 for g, s in checked.items()}
        legal = _time_legal_moves(next(i for i in inputs if i[0]["game_id"] == LEGAL_GAME))
        states = [play_game(g, m) for g, m in inputs[:10]]
        middle = _mid_game_state(*inputs[0])
        round_trip = _time_round_trip([*states, middle], jsonio.dumps, jsonio.loads)
        stdlib_round_trip = _time_round_trip([*states, middle], json.dumps, json.loads)

        out = self.stdout.write
        out("Rules engine benchmark")
        out(f"  load average at the start: {_load()}")
        out(f"  engine build: {build_name()}")
        out(f"  interpreter: {_interpreter()}")
        out(
            f"  corpus: {len(games)} games, {rows} moves; {repeat} rounds, "
            "each game's median over the rounds"
        )
        out(
            f"  ours: {sum(ours_exact.values())}/{len(games)} games replayed to the corpus's final VP"
        )
        out(
            f"  ours, replay (engine only): median {statistics.median(ours_ms.values()):.2f} ms/game, "
            f"mean {statistics.mean(ours_ms.values()):.2f} ms/game, "
            f"{rows / (sum(ours_ms.values()) / 1000):.0f} moves/s"
        )
        out(
            f"  ours, replay with the ledger built and every row checked: "
            f"{sum(checked_exact.values())}/{len(games)} games exact, median "
            f"{statistics.median(checked_ms.values()):.2f} ms/game, mean "
            f"{statistics.mean(checked_ms.values()):.2f} ms/game"
        )
        legal_target = (
            _target(legal["rich"] <= TARGET_LEGAL_MS, f"<= {TARGET_LEGAL_MS:g} ms, served build")
            if _served()
            else "(not the served build)"
        )
        out(
            f"  legal moves ({LEGAL_GAME}, the {legal['decisions']} decisions after moves "
            f"{LEGAL_MOVES.start}-{LEGAL_MOVES.stop}): mean {legal['mean']:.3f} ms; the richest "
            f"turn ({legal['candidates']} candidate rows, {legal['legal']} legal): median "
            f"{legal['rich']:.3f} ms {legal_target}, "
            f"with its power sacrifice offers (what GET /legal/ answers) {legal['rich_offers']:.3f} ms"
        )
        out(
            "  state JSON round trip (to_json, dumps, loads, from_json): "
            f"median {round_trip * 1000:.3f} ms with {jsonio.BACKEND}, "
            f"{stdlib_round_trip * 1000:.3f} ms with the standard library's json"
        )
        if not reference:
            out(
                "  reference (terra.snellman.net's engine): absent; give --reference SRC or "
                "TM_REFERENCE_SRC to time it beside ours"
            )
            return
        same = [g for g in ours_ms if theirs_exact.get(g) and ours_exact.get(g)]
        theirs_ms = {g: statistics.median(theirs[g]) * 1000 for g in same}
        ours_same = [ours_ms[g] for g in same]
        out(
            f"  reference: {sum(theirs_exact.values())}/{len(games)} games replayed to the "
            f"corpus's final VP; compared on the {len(same)} both replay exactly"
        )
        out(
            f"  reference, replay (evaluate_game): median {statistics.median(theirs_ms.values()):.2f} ms/game, "
            f"mean {statistics.mean(theirs_ms.values()):.2f} ms/game"
        )
        out(
            f"  ours on the same games: median {statistics.median(ours_same):.2f} ms/game, "
            f"mean {statistics.mean(ours_same):.2f} ms/game"
        )
        ratios = [theirs_ms[g] / ours_ms[g] for g in same]
        same_checked = [g for g in same if checked_exact.get(g)]
        checked_ratio = sum(theirs_ms[g] for g in same_checked) / sum(
            checked_ms[g] for g in same_checked
        )
        target = TARGET_RATIO_SERVED if _served() else TARGET_RATIO_PURE
        which = "served build" if _served() else "pure Python"
        out(
            f"  ratio reference/ours, ledger built and checked: {checked_ratio:.1f}x on the "
            f"total of the {len(same_checked)} games both replay exactly "
            f"{_target(checked_ratio >= target, f'>= {target:g}x wall, {which}')}"
        )
        if all(theirs_cpu[g] for g in same_checked):
            cpu_ratio = sum(statistics.median(theirs_cpu[g]) for g in same_checked) / sum(
                statistics.median(checked_cpu[g]) for g in same_checked
            )
            out(
                f"  the same in CPU time of each engine's process: {cpu_ratio:.1f}x "
                f"{_target(cpu_ratio >= target, f'>= {target:g}x CPU, {which}')}"
            )
        out(
            f"  ratio reference/ours: {sum(theirs_ms.values()) / sum(ours_same):.1f}x on the total, "
            f"per game median {statistics.median(ratios):.1f}x "
            f"(min {min(ratios):.1f}x, max {max(ratios):.1f}x)"
        )
        if all(theirs_cpu[g] for g in same):
            ours_cpu_ms = [statistics.median(ours_cpu[g]) * 1000 for g in same]
            theirs_cpu_ms = [statistics.median(theirs_cpu[g]) * 1000 for g in same]
            out(
                "  CPU time of each engine's process (without the waits for a core): reference "
                f"median {statistics.median(theirs_cpu_ms):.2f} ms/game, ours median "
                f"{statistics.median(ours_cpu_ms):.2f} ms/game, ratio "
                f"{sum(theirs_cpu_ms) / sum(ours_cpu_ms):.1f}x on the total"
            )


def _target(met: bool, what: str) -> str:
    return f"[target {what}: {'met' if met else 'NOT met'}]"


def _served() -> bool:
    """Is this build the one ``make serve`` runs (the compiled one when a C compiler is
    present, else the pure modules)?"""
    compiler = shutil.which(os.environ.get("CC", "cc")) is not None
    return compiler == (build_name() != "pure Python")


def _time_legal_moves(record: tuple[dict, list], repeat: int = 7) -> dict[str, Any]:
    """Legal moves of every decision after moves 100-200 of a game, each the median of
    ``repeat`` listings; the richest turn's alone, and with its sacrifice offers."""
    game, moves = record
    state = play_game(game, moves[: LEGAL_MOVES.start])
    decisions = []
    for move in moves[LEGAL_MOVES.start : LEGAL_MOVES.stop]:
        state = play_inputs(state, [move])
        decisions += [(state.copy(), d.actor) for d in waiting_for(state)]

    def median_ms(call: Callable[[], object]) -> float:
        samples = []
        for _ in range(repeat):
            started = time.perf_counter()
            call()
            samples.append(time.perf_counter() - started)
        return statistics.median(samples) * 1000

    each = [median_ms(partial(legal_commands, s, a)) for s, a in decisions]
    rich_state, actor = max(decisions, key=lambda d: len(candidate_rows(*d)))
    return {
        "decisions": len(decisions),
        "mean": statistics.mean(each),
        "candidates": len(candidate_rows(rich_state, actor)),
        "legal": len(legal_commands(rich_state, actor)),
        "rich": median_ms(lambda: legal_commands(rich_state, actor)),
        "rich_offers": median_ms(
            lambda: (legal_commands(rich_state, actor), sacrifice_offers(rich_state, actor))
        ),
    }


def _interpreter() -> str:
    """The Python running the engine, and how its core is linked (deploy/pick-python says why
    that matters to the pure engine)."""
    try:
        with open("/proc/self/maps") as maps:
            shared = any("libpython" in line for line in maps)
        linked = "a shared libpython" if shared else "its core linked into the executable"
    except OSError:
        linked = "linking unknown"
    return f"{platform.python_implementation()} {platform.python_version()}, {linked}"


def _load() -> str:
    try:
        return " ".join(Path("/proc/loadavg").read_text().split()[:3])
    except OSError:
        return "unknown"


def _mid_game_state(game: dict, moves: list) -> GameState:
    return play_game(game, moves[: len(moves) // 2])


def _time_round_trip(
    states: list[GameState],
    dumps: Callable[[Any], str],
    loads: Callable[[str], Any],
    repeat: int = 200,
) -> float:
    samples = []
    for state in states:
        for _ in range(repeat // len(states) + 1):
            started = time.perf_counter()
            GameState.from_json(loads(dumps(state.to_json())))
            samples.append(time.perf_counter() - started)
    return statistics.median(samples)
