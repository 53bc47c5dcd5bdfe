"""Print a game in terra.snellman.net's command language."""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError, CommandParser

from games.kinds.terra_mystica import notation
from games.models import Game


class Command(BaseCommand):
    help = "Export a game (by id) in the Snellman command language."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("game_id", type=int)

    def handle(self, *args, **options) -> None:
        game = Game.objects.filter(pk=options["game_id"]).first()
        if game is None:
            raise CommandError(f"No game {options['game_id']}.")
        self.stdout.write(notation.export_text(game), ending="")
