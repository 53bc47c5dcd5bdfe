"""Recompute the ledger rows (and snapshots) of games from their logs, after a rules fix."""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

from games import log
from games.models import Game
from tm_site.exceptions import ApplicationError


class Command(BaseCommand):
    help = "Recompute the ledger rows of games from their logs with the rules as they are now."

    def add_arguments(self, parser) -> None:
        parser.add_argument("game_ids", nargs="*", type=int, help="Games (default: every game).")

    def handle(self, *args, game_ids: list[int], **options) -> None:
        ids = game_ids or list(
            Game.objects.exclude(setup=None).order_by("pk").values_list("pk", flat=True)
        )
        games = changed = 0
        failed = []
        for game_id in ids:
            try:
                with transaction.atomic():
                    changed += log.ledger_rebuild(game_id)
                games += 1
            except ApplicationError as exc:
                failed.append(f"game {game_id}: {exc.message}")
        self.stdout.write(f"{games} games replayed, {changed} moves' ledger rows changed.")
        if failed:
            raise CommandError("Not replayed (left as they were):\n" + "\n".join(failed))
