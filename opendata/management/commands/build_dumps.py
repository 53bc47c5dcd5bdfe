"""Rebuild the open-data dumps now (the worker does it nightly)."""

from django.core.management.base import BaseCommand

from opendata import services
from opendata.conf import dump_root


class Command(BaseCommand):
    help = "Rebuild the open-data dumps: one compressed JSON Lines file per game kind and month."

    def handle(self, *args, **options) -> None:
        written = services.dumps_build()
        self.stdout.write(f"{len(written)} files in {dump_root()}")
        for name in written:
            self.stdout.write(f"  {name}")
