import itertools
import math
from dataclasses import replace

from django.core.management.base import BaseCommand

from ratings import elo, selectors
from ratings.conf import elo_params


class Command(BaseCommand):
    help = (
        "How well the ratings predicted the games so far: each pair of players is predicted "
        "from the games before it. Give several values of a parameter to compare them."
    )

    def add_arguments(self, parser) -> None:
        parser.add_argument("--stake", type=float, nargs="+", help="K, points at stake per pair.")
        parser.add_argument("--min-games", type=int, nargs="+", help="Games to be established.")
        parser.add_argument("--faction-weight", type=float, nargs="+", help="w, faction weight.")
        parser.add_argument(
            "--all-pairs", action="store_true", help="Also score pairs with a provisional player."
        )

    def handle(self, *args, **options) -> None:
        base = elo_params()
        games = selectors.finished_games()
        grid = itertools.product(
            options["stake"] or [base.stake],
            options["min_games"] or [base.min_games],
            options["faction_weight"] or [base.faction_weight],
        )
        self.stdout.write(
            f"{'stake':>6} {'min games':>9} {'faction w':>9} {'games':>7} {'pairs':>8} "
            f"{'correct':>8} {'log loss':>9}"
        )
        for stake, min_games, weight in grid:
            params = replace(base, stake=stake, min_games=min_games, faction_weight=weight)
            result = elo.evaluate(games, params, established_only=not options["all_pairs"])
            self.stdout.write(
                f"{stake:>6g} {min_games:>9} {weight:>9g} {result.games:>7} {result.pairs:>8} "
                f"{_percent(result.accuracy):>8} {_number(result.log_loss):>9}"
            )
        self.stdout.write(
            f"A coin scores 50% and a log loss of {math.log(2):.4f}; lower log loss is better."
        )


def _percent(value: float) -> str:
    return "-" if math.isnan(value) else f"{100 * value:.1f}%"


def _number(value: float) -> str:
    return "-" if math.isnan(value) else f"{value:.4f}"
