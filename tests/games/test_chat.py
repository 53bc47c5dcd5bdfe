from __future__ import annotations

import pytest

from games.signals import chat_posted
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def test_players_chat_and_everyone_reads_a_public_game(client_for, user, other_user):
    from games import services

    game = services.game_create(user=user, player_count=3, options=[])
    services.game_join(game_id=game.pk, user=other_user)
    heard = []
    chat_posted.connect(lambda **kw: heard.append(kw["message_id"]), weak=False, dispatch_uid="t")
    try:
        first = client_for(user).post(f"/api/v1/games/{game.pk}/chat/", {"text": "  gl hf  "})
        second = client_for(other_user).post(f"/api/v1/games/{game.pk}/chat/", {"text": "you too"})
    finally:
        chat_posted.disconnect(dispatch_uid="t")
    assert first.status_code == second.status_code == 201
    assert heard == [first.data["id"], second.data["id"]]
    listing = client_for().get(f"/api/v1/games/{game.pk}/chat/")
    assert [(m["username"], m["text"]) for m in listing.data["results"]] == [
        (user.username, "gl hf"),
        (other_user.username, "you too"),
    ]
    stranger = client_for(UserFactory()).post(f"/api/v1/games/{game.pk}/chat/", {"text": "hello"})
    assert stranger.status_code == 403


def test_empty_or_overlong_chat_messages_are_refused(client_for, user):
    from games import services

    game = services.game_create(user=user, player_count=3, options=[])
    api = client_for(user)
    assert api.post(f"/api/v1/games/{game.pk}/chat/", {"text": "   "}).status_code == 400
    assert api.post(f"/api/v1/games/{game.pk}/chat/", {"text": "x" * 2001}).status_code == 400
    assert api.post(f"/api/v1/games/{game.pk}/chat/", {"text": "nul\x00"}).status_code == 400
