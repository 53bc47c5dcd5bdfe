"""A move's first reads: the locked game and its seats, in one round trip once the kind is known."""

from __future__ import annotations

import pytest
from django.db import transaction

from games import log
from tests.factories import GameFactory, SeatFactory


@pytest.mark.django_db
def test_the_locked_game_and_its_seats_are_read_alike_whatever_kind_is_known():
    game = GameFactory()
    SeatFactory(game=game)
    for known in (None, game.kind, "another kind"):
        log._kinds.pop(game.pk, None)
        if known:
            log._kinds[game.pk] = known
        with transaction.atomic():
            locked, seats = log.locked_game_with_seats(game.pk)
        assert locked.pk == game.pk and log._kinds[game.pk] == game.kind
        assert [s.pk for s in seats] == [s.pk for s in game.seats.all()]
        assert all(s.game is locked for s in seats)
        assert [s.user_email for s in seats] == [s.user.email for s in game.seats.all()]
