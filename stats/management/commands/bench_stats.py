"""Time the statistics over a synthetic history: a rebuild from scratch, then single games
added by the worker's incremental update (figures in docs/statistics.md)."""

from __future__ import annotations

import statistics
import time

from django.core.management.base import BaseCommand, CommandParser
from django.db import connection

from games.models import Game
from ratings import services as rating_services
from ratings.management.commands.bench_ratings import _store_games
from ratings.synthetic import synthetic_games
from stats import figures, selectors, services


class Command(BaseCommand):
    help = (
        "Time the statistics on a throwaway database: a rebuild of a synthetic history from "
        "scratch, then the incremental update after each of a few more games."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--games", type=int, default=100_000)
        parser.add_argument("--players", type=int, default=1_000)
        parser.add_argument("--more", type=int, default=20, help="Games added one by one.")
        parser.add_argument("--seed", type=int, default=1)

    def handle(self, *args, **options) -> None:
        count, players, more = options["games"], options["players"], options["more"]
        history = list(
            synthetic_games(
                count + more, players=players, player_counts=(3, 4, 5), seed=options["seed"]
            )
        )
        old_name = connection.settings_dict["NAME"]
        if connection.vendor != "sqlite":
            connection.settings_dict["TEST"]["NAME"] = f"{old_name}_bench_stats"
        connection.creation.create_test_db(verbosity=0, autoclobber=True, keepdb=False)
        try:
            # The ratings bench's writer; each seat's rank follows from its VP.
            _store_games(history, players)
            ids = list(Game.objects.order_by("finished_at", "pk").values_list("pk", flat=True))
            extra = ids[count:]
            Game.objects.filter(pk__in=extra).update(status=Game.Status.RUNNING)
            started = time.perf_counter()
            rated = rating_services.ratings_recompute()
            self.stdout.write(
                f"stats: {count} games of 3-5 players stored and rated ({rated} rated) in "
                f"{time.perf_counter() - started:.1f} s (setup, not timed below)"
            )

            started = time.perf_counter()
            facts = selectors.game_facts()
            read = time.perf_counter() - started
            started = time.perf_counter()
            total = figures.tally_all(facts)
            computed = time.perf_counter() - started
            self.stdout.write(
                f"stats: from scratch, read {len(facts)} games {read:.2f} s, compute "
                f"{computed:.2f} s ({len(total.roles)} role, {len(total.players)} player, "
                f"{len(total.pairs)} pair tallies)"
            )
            started = time.perf_counter()
            counted = services.stats_rebuild()
            rebuild = time.perf_counter() - started
            self.stdout.write(
                f"stats: full rebuild of {counted} games on {connection.vendor} "
                f"(read, compute, write every tally): {rebuild:.2f} s"
            )

            times = []
            for game_id in extra:
                Game.objects.filter(pk=game_id).update(status=Game.Status.FINISHED)
                rating_services.game_rate(game_id)
                started = time.perf_counter()
                outcome = services.game_count(game_id)
                times.append(time.perf_counter() - started)
                assert outcome == services.Outcome.COUNTED, outcome
            self.stdout.write(
                f"stats: one more game (incremental update, its own transaction): median "
                f"{1000 * statistics.median(times):.1f} ms, max {1000 * max(times):.1f} ms "
                f"over {len(times)} games"
            )
        finally:
            connection.creation.destroy_test_db(old_name, verbosity=0)
