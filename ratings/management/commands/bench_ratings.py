import time
from itertools import islice

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand
from django.db import connection, transaction

from games.models import Game, Seat
from ratings import elo, services
from ratings.conf import elo_params
from ratings.synthetic import synthetic_games


class Command(BaseCommand):
    help = (
        "Time a full rating recompute over synthetic 4-player games: the computation alone, "
        "then the database recompute on a throwaway test database."
    )

    def add_arguments(self, parser) -> None:
        parser.add_argument("--games", type=int, default=10_000)
        parser.add_argument("--players", type=int, default=1_000)
        parser.add_argument("--seed", type=int, default=1)
        parser.add_argument("--no-db", action="store_true", help="Time the computation only.")

    def handle(self, *args, **options) -> None:
        count, players, seed = options["games"], options["players"], options["seed"]
        params = elo_params()
        games = list(synthetic_games(count, players=players, seed=seed))

        started = time.perf_counter()
        _, history = elo.recompute(games, params)
        elapsed = time.perf_counter() - started
        self.stdout.write(
            f"ratings: computation of {len(history)} games: {elapsed:.2f} s "
            f"({1e6 * elapsed / max(len(history), 1):.0f} µs per game)"
        )
        if options["no_db"]:
            return

        # A fresh database of its own: the benchmark never touches real data, nor the test
        # database a concurrent test run may be using.
        old_name = connection.settings_dict["NAME"]
        if connection.vendor != "sqlite":
            connection.settings_dict["TEST"]["NAME"] = f"{old_name}_bench_ratings"
        connection.creation.create_test_db(verbosity=0, autoclobber=True, keepdb=False)
        try:
            _store_games(games, players)
            started = time.perf_counter()
            rated = services.ratings_recompute()
            elapsed = time.perf_counter() - started
        finally:
            connection.creation.destroy_test_db(old_name, verbosity=0)
        self.stdout.write(
            f"ratings: full recompute of {rated} games on {connection.vendor} "
            f"(read games, compute, write every rating): {elapsed:.2f} s"
        )


def _store_games(games: list[elo.FinishedGame], players: int) -> None:
    user_model = get_user_model()
    with transaction.atomic():
        users = user_model.objects.bulk_create(
            user_model(username=f"bench{n}", password="!") for n in range(1, players + 1)
        )
        user_ids = {n: user.pk for n, user in enumerate(users, start=1)}
        creator = users[0]
        batch = iter(games)
        while chunk := list(islice(batch, 1000)):
            rows = Game.objects.bulk_create(
                Game(
                    created_by=creator,
                    status=Game.Status.FINISHED,
                    player_count=g.player_count,
                    setup={"map_id": g.map_id},
                    finished_at=g.finished_at,
                )
                for g in chunk
            )
            Seat.objects.bulk_create(
                Seat(
                    game=row,
                    user_id=user_ids[seat.player_id],
                    position=position,
                    faction=seat.faction,
                    final_vp=seat.vp,
                    dropped=seat.dropped,
                )
                for row, g in zip(rows, chunk, strict=True)
                for position, seat in enumerate(g.results, start=1)
            )
