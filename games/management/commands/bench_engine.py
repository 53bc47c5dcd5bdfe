"""Benchmark of the rules engine: corpus replay time and the state's JSON round trip."""

from __future__ import annotations

import json
import statistics
import time
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand

from games.rules.terra_mystica import GameState, new_game
from games.rules.terra_mystica.engine import apply_in_place
from games.rules.terra_mystica.notation import parse_row
from games.rules.terra_mystica.replay import (
    drop_faction_logged_in_place,
    replay_game,
    setup_from_record,
)

DEFAULT_CORPUS = Path(settings.BASE_DIR) / "tests" / "fixtures" / "corpus"


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
    state = new_game(setup_from_record(game))
    for kind, actor, text in moves:
        if kind == "drop":
            drop_faction_logged_in_place(state, actor)
        else:
            apply_in_place(state, actor, parse_row(text, answer_offers_first=False))
    return state


class Command(BaseCommand):
    help = "Time the replay of every corpus game (in one process) and the state's JSON round trip."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--corpus", default=str(DEFAULT_CORPUS))
        parser.add_argument(
            "--repeat", type=int, default=5, help="replays of the whole corpus (best run reported)"
        )

    def handle(self, *args, **options) -> None:
        paths = sorted(
            p for p in Path(options["corpus"]).glob("*/*.json") if p.name != "index.json"
        )
        games = [json.loads(p.read_text()) for p in paths]
        inputs = [(g, replay_moves(g)) for g in games]
        play_game(*inputs[0])  # warm caches (maps, data files)

        runs: list[list[float]] = []
        for _ in range(options["repeat"]):
            per_game = []
            for game, moves in inputs:
                started = time.perf_counter()
                state = play_game(game, moves)
                per_game.append(time.perf_counter() - started)
                assert state.finished
            runs.append(per_game)
        best = min(runs, key=sum)
        total, median = sum(best), statistics.median(best)
        rows = sum(len(moves) for _, moves in inputs)

        checked = [replay_game(g).replay_seconds for g in games]
        states = [play_game(g, m) for g, m in inputs[:10]]
        middle = _mid_game_state(*inputs[0])
        round_trip = _time_round_trip([*states, middle])

        self.stdout.write("Rules engine benchmark")
        self.stdout.write(f"  corpus: {len(games)} games, {rows} moves")
        self.stdout.write(
            f"  replay (engine only, best of {options['repeat']}): total {total * 1000:.0f} ms, "
            f"median {median * 1000:.2f} ms/game, mean {total / len(games) * 1000:.2f} ms/game, "
            f"{rows / total:.0f} moves/s"
        )
        self.stdout.write(
            f"  replay with every ledger row checked: total {sum(checked) * 1000:.0f} ms, "
            f"median {statistics.median(checked) * 1000:.2f} ms/game"
        )
        self.stdout.write(
            f"  state JSON round trip (to_json, dumps, loads, from_json): median {round_trip * 1000:.3f} ms"
        )


def _mid_game_state(game: dict, moves: list) -> GameState:
    return play_game(game, moves[: len(moves) // 2])


def _time_round_trip(states: list[GameState], repeat: int = 200) -> float:
    samples = []
    for state in states:
        for _ in range(repeat // len(states) + 1):
            started = time.perf_counter()
            GameState.from_json(json.loads(json.dumps(state.to_json())))
            samples.append(time.perf_counter() - started)
    return statistics.median(samples)
