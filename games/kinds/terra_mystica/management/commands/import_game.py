"""Import a recorded game (corpus JSON or an export_game text) as a game of this site."""

from __future__ import annotations

import json
from pathlib import Path

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError, CommandParser

from games import services
from games.kinds.terra_mystica import notation
from tm_site.exceptions import ApplicationError


class Command(BaseCommand):
    help = "Import a game from a Snellman corpus JSON file or an exported game text."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("paths", nargs="+", type=Path)
        parser.add_argument(
            "--creator", default="admin", help="Username recorded as the game's creator."
        )
        parser.add_argument("--private", action="store_true")
        parser.add_argument(
            "--attach-existing",
            action="store_true",
            help="Seat existing accounts with the file's player names (never staff accounts).",
        )

    def handle(self, *args, **options) -> None:
        creator, _ = get_user_model().objects.get_or_create(username=options["creator"])
        for path in options["paths"]:
            try:
                text = path.read_text()
            except OSError as exc:
                raise CommandError(f"{path}: {exc}") from exc
            try:
                game_file = (
                    notation.corpus_entries(json.loads(text))
                    if path.suffix == ".json"
                    else notation.parse_export(text)
                )
                if not game_file.name:
                    game_file = notation.GameFile(**{**game_file.__dict__, "name": path.stem})
                game = services.game_import(
                    game_file=game_file,
                    created_by=creator,
                    public=not options["private"],
                    attach_existing=options["attach_existing"],
                )
            except (ApplicationError, json.JSONDecodeError) as exc:
                raise CommandError(f"{path}: {getattr(exc, 'message', exc)}") from exc
            scores = ", ".join(f"{s.faction} {s.final_vp}" for s in game.seats.order_by("position"))
            self.stdout.write(
                f"{path.name}: game {game.pk}, {game.move_count} moves, {game.status}"
                + (f" ({scores})" if game.status == "finished" else "")
            )
