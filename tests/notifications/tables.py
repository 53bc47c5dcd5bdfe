"""Corpus games replayed through the services by accounts with e-mail addresses."""

from __future__ import annotations

from collections.abc import Callable

from django.contrib.auth import get_user_model

from games import services
from games.models import Game
from tests.conftest import live_row, load_corpus_game

User = get_user_model()

GAME = "4pLeague_S60_D1L1_G1"


def player_rows(record: dict) -> list[tuple[str, str]]:
    """(faction, command) of every row a player (or the creator, for a drop) sends."""
    out = []
    for row in record["rows"]:
        if row["kind"] == "comment":
            if row.get("tag") == "drop":
                out.append((row["dropped_faction"], "drop"))
        elif row["command"] == "setup":
            out.append((row["faction"], f"setup {row['faction']}"))
        elif row["player_command"] and live_row(row):
            out.append((row["faction"], row["player_command"]))
    return out


class Table:
    """A corpus game replayed through the services by accounts with e-mail addresses."""

    def __init__(self, game_id: str = GAME, **time_control) -> None:
        self.record = load_corpus_game(game_id)
        names = self.record["players"]
        self.users = {}
        # Recorded drops are staff drops on the site.
        self.staff, _ = User.objects.get_or_create(username="table-staff", is_staff=True)
        for name in names:
            user, _ = User.objects.get_or_create(
                username=name, defaults={"email": f"{name}@example.org"}
            )
            self.users[name] = user
        self.owner = {f: self.users[p] for f, p in self.record["faction_players"].items()}
        self.rows = player_rows(self.record)
        self.played = 0
        creator = self.users[names[0]]
        game = services.game_create(
            user=creator,
            player_count=len(names),
            options=self.record["options"],
            name="Table",
            setup={
                "scoring_tiles": self.record["scoring_tiles"],
                "removed_bonus_tiles": self.record["removed_bonus_tiles"],
                "seat_order": names,
            },
            **time_control,
        )
        for name in names[1:]:
            services.game_join(game_id=game.pk, user=self.users[name])
        self.game_id = game.pk

    @property
    def game(self) -> Game:
        return Game.objects.get(pk=self.game_id)

    def next_user(self):
        return self.owner[self.rows[self.played][0]]

    def play(self, count: int = 1) -> None:
        for _ in range(count):
            faction, command = self.rows[self.played]
            game = self.game
            if command == "drop":
                services.faction_drop(
                    game_id=game.pk,
                    user=self.staff,
                    faction=faction,
                    expected_move_number=game.move_count,
                )
            else:
                services.move_submit(
                    game_id=game.pk,
                    user=self.owner[faction],
                    command=command,
                    expected_move_number=game.move_count,
                )
            self.played += 1

    def play_until(self, predicate: Callable[[], bool], limit: int = 400) -> None:
        for _ in range(limit):
            if predicate():
                return
            self.play()
        raise AssertionError("the condition never held")
