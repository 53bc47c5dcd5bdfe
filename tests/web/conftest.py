"""Fixtures of the web tests: a recorded league game replayed through the services."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from games import services
from games.kinds.terra_mystica import notation
from games.models import Game
from tests.conftest import live_row, load_corpus_game
from tests.factories import StaffFactory, UserFactory

RECORD = "4pLeague_S60_D1L1_G1"


def recorded_moves(record: dict) -> Iterator[tuple[str, str]]:
    """(faction, command) of the record's player moves, faction choice included, in order."""
    for row in record["rows"]:
        if row["kind"] != "command":
            continue
        if row["command"] == "setup":
            yield row["faction"], f"setup {row['faction']}"
        elif row["player_command"] and live_row(row):
            yield row["faction"], row["player_command"]


class League:
    """A started game with the setup of a recorded league game and its players."""

    def __init__(self) -> None:
        self.record = load_corpus_game(RECORD)
        self.users = {name: UserFactory(username=name) for name in self.record["players"]}
        setup = {
            "scoring_tiles": self.record["scoring_tiles"],
            "removed_bonus_tiles": self.record["removed_bonus_tiles"],
            "seat_order": self.record["players"],
        }
        first, *others = self.record["players"]
        self.game = services.game_create(
            user=self.users[first], player_count=4, options=self.record["options"], setup=setup
        )
        for name in others:
            services.game_join(game_id=self.game.pk, user=self.users[name])
        self.moves = list(recorded_moves(self.record))
        self.played = 0

    def user_of(self, faction: str):
        return self.users[self.record["faction_players"][faction]]

    def play(self, count: int) -> None:
        """Play the next ``count`` recorded moves."""
        for faction, command in self.moves[self.played : self.played + count]:
            game = Game.objects.get(pk=self.game.pk)
            services.move_submit(
                game_id=game.pk,
                user=self.user_of(faction),
                command=command,
                expected_move_number=game.move_count,
            )
        self.played += count

    def play_until(self, predicate) -> tuple[str, str]:
        """Play recorded moves up to (not including) the first one ``predicate`` accepts."""
        index = next(
            i for i, move in enumerate(self.moves) if i >= self.played and predicate(*move)
        )
        self.play(index - self.played)
        return self.moves[index]

    def refresh(self) -> Game:
        self.game.refresh_from_db()
        return self.game


@pytest.fixture
def league(db) -> League:
    return League()


@pytest.fixture
def finished_game(db):
    """A whole recorded game, imported; returns the game."""
    record = load_corpus_game(RECORD)
    return services.game_import(
        game_file=notation.corpus_entries(record), created_by=StaffFactory()
    )
