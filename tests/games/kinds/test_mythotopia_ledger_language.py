"""What happened in a Mythotopia game is told in the reader's language: the ledger and the
preview carry the engine's sentences translated (German here), without the cards a reader may
not see."""

from __future__ import annotations

import pytest

from tests.support.mythotopia_api import choose_citadels, play, preview, state

pytestmark = pytest.mark.django_db

GERMAN = {"HTTP_ACCEPT_LANGUAGE": "de"}


def texts(client, game_id: int, **headers) -> list[str]:
    response = client.get(f"/api/v1/games/{game_id}/ledger/", **headers)
    assert response.status_code == 200, response.content
    return [row["text"] for move in response.json() for row in move["rows"]]


def test_the_ledger_says_a_discard_and_a_pass_in_german_to_either_player(two_players):
    game_id, api = two_players
    choose_citadels(game_id, api)
    hand = state(api[0], game_id)["my_hand"]
    play(api[0], game_id, f"discard {hand[0]}")
    play(api[0], game_id, "pass")

    for client in api:
        german = texts(client, game_id, **GERMAN)
        assert "wirft 1 Karte ab" in german
        assert "passt" in german
    english = texts(api[1], game_id)
    assert "discards 1 card" in english and "passes" in english
    # The other player learns how many cards were discarded, not which (the card may share
    # its name with a province the citadel rows name).
    discards = [t for t in texts(api[1], game_id, **GERMAN) if "wirft" in t]
    assert discards and not any(hand[0] in t for t in discards)


def test_a_preview_says_what_the_command_would_do_in_german(two_players):
    game_id, api = two_players
    choose_citadels(game_id, api)
    response = api[0].post(
        f"/api/v1/games/{game_id}/preview/", {"command": "pass"}, format="json", **GERMAN
    )
    assert response.status_code == 200, response.content
    assert [row["text"] for row in response.json()["ledger"]] == ["passt"]
    assert preview(api[0], game_id, "pass").json()["ledger"][0]["text"] == "passes"
