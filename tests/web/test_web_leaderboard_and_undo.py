"""The leaderboard shows someone before anyone is established; taking back a move asks first."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from ratings.services import game_rate

pytestmark = pytest.mark.django_db


def test_with_nobody_established_the_leaderboard_shows_everyone_rated_and_says_why(
    finished_game,
):
    game_rate(finished_game.pk)
    players = {s.user.username for s in finished_game.seats.all()}
    page = Client().get(reverse("leaderboard"))
    listed = {r.user.username for r in page.context["page"].object_list}
    assert listed == players
    assert 'id="everyone-provisional"' in page.text
    assert "Nobody has played 5 rated games yet" in page.text
    # Asking for the established players only keeps the list as it was.
    established = Client().get(reverse("leaderboard") + "?provisional=0")
    assert list(established.context["page"].object_list) == []
    assert 'id="everyone-provisional"' not in established.text
    assert "No established player yet" in established.text


def test_the_leaderboard_explains_itself_in_german(finished_game):
    game_rate(finished_game.pk)
    page = Client().get(reverse("leaderboard"), HTTP_ACCEPT_LANGUAGE="de").text
    assert "Noch niemand hat 5 gewertete Partien gespielt" in page


def test_without_ratings_the_leaderboard_says_none_yet():
    page = Client().get(reverse("leaderboard"))
    assert list(page.context["page"].object_list) == []
    assert 'id="everyone-provisional"' not in page.text
    assert "No established player yet" in page.text


def test_taking_back_a_move_asks_first(started_game):
    game, (creator, _joiner) = started_game()
    client = Client()
    client.force_login(creator)
    html = client.get(reverse("game-page", args=[game.pk])).content.decode()
    form = re.search(r'<form[^>]*id="undo-form".*?</form>', html, re.S)
    assert form
    # The only button that sends the form is behind the question, in a closed <details>.
    question = re.search(
        r'<details class="undo-confirm" id="undo-confirm">(.*?)</details>', form.group(0), re.S
    )
    assert question, "the question is closed until the player opens it"
    assert "Take back my last move" in question.group(1)
    assert "Take back your last move?" in question.group(1)
    submits = re.findall(r'<button type="submit"[^>]*>', form.group(0))
    assert len(submits) == 1 and 'id="undo-yes"' in submits[0]
    assert submits[0] in question.group(1)
