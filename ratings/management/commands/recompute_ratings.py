import sys

from django.core.management.base import BaseCommand
from tqdm import tqdm

from ratings import services


class Command(BaseCommand):
    help = "Rebuild every rating from the finished games (deterministic; safe to run any time)."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--no-progress", action="store_true", help="No progress bar.")

    def handle(self, *args, no_progress: bool = False, **options) -> None:
        def bar(total: int) -> tqdm:
            return tqdm(total=total, desc="Rating games", unit="game", file=sys.stderr)

        rated = services.ratings_recompute(progress=None if no_progress else bar)
        self.stdout.write(self.style.SUCCESS(f"Rated {rated} games."))
