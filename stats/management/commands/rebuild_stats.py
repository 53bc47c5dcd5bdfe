"""Rebuild the statistics from scratch (the worker keeps them current game by game)."""

import time

from django.core.management.base import BaseCommand

from stats import services


class Command(BaseCommand):
    help = "Rebuild every statistics tally from the finished public games."

    def handle(self, *args, **options) -> None:
        started = time.perf_counter()
        counted = services.stats_rebuild()
        self.stdout.write(f"{counted} games counted in {time.perf_counter() - started:.2f} s")
