"""Demo data for a fresh site: players, an open game, a recorded league game in progress,
finished real games (rated), and a small league with a running season."""

from __future__ import annotations

import contextlib
import dataclasses
import json
import logging
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core import mail
from django.core.management.base import BaseCommand, CommandParser
from django.db import transaction
from django.test.utils import override_settings

from accounts.models import Profile
from games import kinds, services
from games.models import Game
from leagues import services as league_services
from ratings import services as ratings_services
from tm_site.celery import app as celery_app

# The demo's games are real Terra Mystica games of terra.snellman.net.
DEMO_KIND = "terra_mystica"
DEMO_GAME = "4pLeague_S60_D1L1_G1"
FINISHED_GAMES = ("4pLeague_S60_D1L1_G2", "4pLeague_S60_D1L1_G3", "4pLeague_S60_D1L1_G4")
DEMO_PASSWORD = "demo-password"
CORPUS = Path(settings.BASE_DIR) / "tests" / "fixtures" / "corpus" / "snellman"


class Command(BaseCommand):
    help = "Create demo players (password 'demo-password'), an open game and a league game in progress."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--moves", type=int, default=60, help="Recorded moves to play in the demo game."
        )

    def handle(self, *args, **options) -> None:
        if Game.objects.filter(name="Demo: league game in progress").exists():
            self.stdout.write("Demo data already loaded.")
            return
        with _background_here() as outbox:
            summary = self._load(options["moves"])
        self.stdout.write(
            f"{summary}\n{len(outbox)} mails about the demo games (starts, turns, results) went to "
            "an outbox in memory, not to the console."
        )

    def _load(self, moves: int) -> str:
        record = json.loads((CORPUS / f"{DEMO_GAME}.json").read_text())
        with transaction.atomic():
            users = {name: self._user(name) for name in ["admin", "demo", *record["players"]]}
            admin = users["admin"]
            admin.is_staff = admin.is_superuser = True
            admin.save(update_fields=["is_staff", "is_superuser"])

            # The recorded rows go in as an import does (recorded rows such as 'wait' are
            # history, not moves a player could send today); the game stays running.
            recorded = _game_file(record)
            entries = recorded.entries[:moves]
            game = services.game_import(
                game_file=dataclasses.replace(
                    recorded, entries=entries, name="Demo: league game in progress"
                ),
                created_by=users[record["players"][0]],
                attach_existing=True,
            )
            open_game = services.game_create(
                user=users["demo"],
                player_count=3,
                options=["strict-leech"],
                name="Demo: open game, join it",
            )
            finished = [self._finished_game(name, admin) for name in FINISHED_GAMES]
            league = self._league(admin, [users[name] for name in ["demo", *record["players"][:2]]])
        ratings_services.ratings_recompute()
        return (
            f"Demo loaded: game {game.pk} (in progress, {len(entries)} moves), game {open_game.pk} (open), "
            f"{len(finished)} finished real games (rated), league {league.name!r} with a running season.\n"
            f"Log in as admin, demo or {', '.join(record['players'])} with password {DEMO_PASSWORD!r}."
        )

    def _finished_game(self, name: str, admin) -> Game:
        """A whole recorded league game, replayed through the platform as a finished game."""
        game_file = _game_file(json.loads((CORPUS / f"{name}.json").read_text()))
        for player in game_file.players:
            self._user(player)
        return services.game_import(game_file=game_file, created_by=admin, attach_existing=True)

    def _league(self, admin, players: list):
        """A three-player league whose first season has started (games waiting for factions)."""
        league = league_services.league_create(
            user=admin, name="DemoLeague", players_per_game=3, group_size=3
        )
        season = league_services.season_create(league_id=league.pk, user=admin, open_signup=True)
        for player in players:
            league_services.signup_add(season_id=season.pk, user=player)
        league_services.signup_close(season_id=season.pk, user=admin)
        league_services.season_start(season_id=season.pk, user=admin)
        return league

    def _user(self, name: str):
        user, created = get_user_model().objects.get_or_create(
            username=name, defaults={"email": f"{name}@example.org"}
        )
        if created:
            user.set_password(DEMO_PASSWORD)
            user.save(update_fields=["password"])
            Profile.objects.get_or_create(user=user)
        return user


def _game_file(record: dict) -> Any:
    """A recorded Terra Mystica game (terra.snellman.net's corpus) read by its kind."""
    return kinds.engine_for(DEMO_KIND).read_game_file(data=record)


@contextlib.contextmanager
def _background_here() -> Iterator[list]:
    """Run the background work the demo causes (mails, end of game) in this process, with mail
    kept in memory: the worker's console then shows the mails of real play only."""
    eager = celery_app.conf.task_always_eager
    celery_app.conf.task_always_eager = True
    trace = logging.getLogger("celery.app.trace")
    level = trace.level
    trace.setLevel(logging.WARNING)  # no line per task
    outbox: list = []
    previous = getattr(mail, "outbox", None)
    try:
        with override_settings(EMAIL_BACKEND="django.core.mail.backends.locmem.EmailBackend"):
            mail.outbox = outbox
            yield outbox
    finally:
        if previous is None:
            del mail.outbox
        else:
            mail.outbox = previous
        celery_app.conf.task_always_eager = eager
        trace.setLevel(level)
