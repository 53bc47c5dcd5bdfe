"""League pages: standings, schedule and results linked to the games, sign-up, organiser buttons."""

from __future__ import annotations

import pytest
from django.test import Client

from leagues.models import Group, LeagueGame, Season, SignUp
from tests.factories import LeagueFactory, SeasonFactory, UserFactory
from tests.leagues.league_play import play_to_end

pytestmark = pytest.mark.django_db


def logged_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_the_group_page_shows_standings_and_links_every_game(running_season):
    _league, season, users = running_season(3, auto_end=False)
    group = Group.objects.get(division__season=season)
    games = list(LeagueGame.objects.filter(group=group).select_related("game"))
    play_to_end(games[0].game_id, seed=1)
    page = Client().get(f"/leagues/groups/{group.pk}/")
    assert page.status_code == 200
    html = page.content.decode()
    for lg in games:
        assert f'href="/games/{lg.game_id}/"' in html and lg.game.name in html
    for user in users:
        assert user.username in html
    assert "VP" in html and "Standings" in html and "2 / 1 / 0" in html


def test_league_and_season_pages_link_down_to_the_groups(running_season):
    league, season, _users = running_season(6, auto_end=False)
    listing = Client().get("/leagues/").content.decode()
    assert f'href="/leagues/{league.pk}/"' in listing
    league_page = Client().get(f"/leagues/{league.pk}/").content.decode()
    assert f'href="/leagues/seasons/{season.pk}/"' in league_page
    season_page = Client().get(f"/leagues/seasons/{season.pk}/").content.decode()
    for group in Group.objects.filter(division__season=season):
        assert f'href="/leagues/groups/{group.pk}/"' in season_page
    assert "Division 1" in season_page and "Division 2" in season_page
    assert Client().get("/leagues/999999/").status_code == 404
    assert Client().get("/leagues/groups/999999/").status_code == 404


def test_players_sign_up_and_withdraw_on_the_season_page():
    season = SeasonFactory()
    player = UserFactory()
    client = logged_in(player)
    page = client.get(f"/leagues/seasons/{season.pk}/").content.decode()
    assert "Sign up for season 1" in page
    response = client.post(f"/leagues/seasons/{season.pk}/signup/", {"action": "join"}, follow=True)
    assert "You are signed up." in response.content.decode()
    assert SignUp.objects.filter(season=season, user=player).exists()
    again = client.post(f"/leagues/seasons/{season.pk}/signup/", {"action": "join"}, follow=True)
    assert "already signed up" in again.content.decode()
    client.post(f"/leagues/seasons/{season.pk}/signup/", {"action": "withdraw"})
    assert not SignUp.objects.filter(season=season, user=player).exists()
    assert (
        "Log in</a> to sign up" in Client().get(f"/leagues/seasons/{season.pk}/").content.decode()
    )
    anonymous = Client().post(f"/leagues/seasons/{season.pk}/signup/", follow=True)
    assert "Log in to sign up." in anonymous.content.decode()
    assert Client().get(f"/leagues/seasons/{season.pk}/signup/").status_code == 405


def test_organisers_run_the_season_from_its_page_and_others_cannot():
    league = LeagueFactory(players_per_game=3, group_size=3, options=["strict-leech"])
    season = SeasonFactory(league=league)
    for _ in range(3):
        SignUp.objects.create(season=season, user=UserFactory())
    url = f"/leagues/seasons/{season.pk}/manage/"
    stranger = logged_in(UserFactory())
    assert "Start the season" not in stranger.get(f"/leagues/seasons/{season.pk}/").content.decode()
    refused = stranger.post(url, {"action": "start"}, follow=True).content.decode()
    assert "Only staff and the admins" in refused
    assert Season.objects.get(pk=season.pk).status == "signup"

    organiser = logged_in(league.created_by)
    assert "Start the season" in organiser.get(f"/leagues/seasons/{season.pk}/").content.decode()
    done = organiser.post(url, {"action": "start"}, follow=True).content.decode()
    assert "The season has started" in done
    assert Season.objects.get(pk=season.pk).status == "running"
    early = organiser.post(url, {"action": "end"}, follow=True).content.decode()
    assert "still running" in early
    assert (
        "Unknown action" in organiser.post(url, {"action": "explode"}, follow=True).content.decode()
    )


def test_a_league_games_page_links_to_its_group_standings(client, running_season):
    league, season, _users = running_season(3)
    league_game = LeagueGame.objects.select_related("game").first()
    page = client.get(f"/games/{league_game.game_id}/")
    assert page.status_code == 200
    html = page.content.decode()
    assert f'href="/leagues/groups/{league_game.group_id}/"' in html
    assert f"{league.name} · season {season.number} · D1L1" in html
