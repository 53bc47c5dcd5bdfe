"""The pages' side of the bots: computer seats in the new-game form, handing a seat over on the
game page, marking an account as a bot, the bot badge and the bots' leaderboard (in German too)."""

from __future__ import annotations

from datetime import timedelta

import pytest
import time_machine
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from accounts.models import Profile
from games import services
from games.models import Game
from ratings.models import PlayerRating
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def logged_in(user, language: str = "en") -> Client:
    client = Client(headers={"accept-language": language})
    client.force_login(user)
    return client


def test_the_new_game_form_seats_the_computer_and_starts_the_game(user):
    form = logged_in(user).get(reverse("game-new")).content.decode()
    assert 'name="bots"' in form and 'name="bot_level"' in form
    assert "Random (fastest)" in form
    created = logged_in(user).post(
        reverse("game-new"),
        {"kind": "mythotopia", "player_count": 3, "bots": 2, "bot_level": "random", "public": "on"},
    )
    assert created.status_code == 302, created.content.decode()[:2000]
    game = Game.objects.get(created_by=user)
    assert game.status == Game.Status.RUNNING
    assert not game.counts_for_rating
    assert sorted(s.user.profile.is_bot for s in game.seats.all()) == [False, True, True]


def test_the_german_form_names_the_computer_seats(user):
    form = logged_in(user, "de").get(reverse("game-new")).content.decode()
    assert "Computerspieler" in form
    assert "Zufällig (am schnellsten)" in form


def test_a_silent_seat_is_handed_to_the_computer_from_the_game_page(user, other_user):
    game = services.game_create(user=user, player_count=2, public=False, seed="page-handover")
    services.game_join(game_id=game.pk, user=other_user, invite_code=game.invite_code)
    services.game_start(game_id=game.pk, user=user)
    page = logged_in(user).get(reverse("game-page", args=[game.pk])).content.decode()
    assert 'id="seat-handover"' in page
    waiting = Game.objects.get(pk=game.pk).seats.exclude(waiting_since=None).get()
    other = other_user if waiting.user == user else user
    with time_machine.travel(timezone.now() + timedelta(days=2)):
        logged_in(other).post(
            reverse("game-seat-bot-page", args=[game.pk]),
            {"position": waiting.position, "level": "random"},
        )
    waiting.refresh_from_db()
    assert waiting.user.profile.is_bot


def test_a_rated_game_offers_no_hand_over(user, other_user):
    game = services.game_create(user=user, player_count=2, public=True, seed="page-rated")
    services.game_join(game_id=game.pk, user=other_user)
    page = logged_in(user).get(reverse("game-page", args=[game.pk])).content.decode()
    assert 'id="seat-handover"' not in page


def test_an_owner_marks_the_account_as_a_bot_and_its_profile_says_so(user):
    client = logged_in(user)
    client.post(reverse("account"), {"section": "bot", "is_bot": "on"})
    assert Profile.objects.get(user=user).is_bot
    profile = Client().get(reverse("player-page", args=[user.username])).content.decode()
    assert 'id="bot-badge"' in profile


def test_the_bots_leaderboard_lists_bots_and_the_players_one_people(user):
    bot = UserFactory()
    Profile.objects.filter(user=bot).update(is_bot=True)
    now = timezone.now()
    for player in (user, bot):
        PlayerRating.objects.create(user=player, rating=1600.0, games=40, last_game_at=now)
    people = Client().get(reverse("leaderboard")).content.decode()
    bots = Client().get(reverse("leaderboard-bots")).content.decode()
    assert user.username in people and bot.username not in people
    assert bot.username in bots and user.username not in bots
