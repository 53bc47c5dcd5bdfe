"""Mythotopia's engine: a random playout's time and the state's JSON round trip."""

from __future__ import annotations

import json
import statistics
import time

from django.core.management.base import BaseCommand, CommandParser

from games.rules.mythotopia.playout import random_playout


class Command(BaseCommand):
    help = "Time random Mythotopia playouts (2, 3 and 4 players) and the state's JSON round trip."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--games", type=int, default=10, help="playouts per player count")

    def handle(self, *args, **options) -> None:
        self.stdout.write("bench_mythotopia: random legal playouts to the end of the game")
        for players in (2, 3, 4):
            per_game, per_action, finished = [], [], 0
            for seed in range(options["games"]):
                started = time.perf_counter()
                state, actions = random_playout(players, 1000 + seed)
                elapsed = time.perf_counter() - started
                per_game.append(elapsed * 1000)
                per_action.append(elapsed * 1000 / max(1, actions))
                finished += state["finished"]
            self.stdout.write(
                f"  {players} players: {len(per_game)} games ({finished} finished), "
                f"median {statistics.median(per_game):.0f} ms a game, "
                f"{statistics.median(per_action):.2f} ms an action (choosing included)"
            )
        rounds = []
        for _ in range(200):
            started = time.perf_counter()
            json.loads(json.dumps(state))
            rounds.append((time.perf_counter() - started) * 1000)
        self.stdout.write(
            f"  state JSON round trip (dumps + loads, a finished 4-player game, "
            f"{len(json.dumps(state))} bytes): median {statistics.median(rounds):.3f} ms"
        )
