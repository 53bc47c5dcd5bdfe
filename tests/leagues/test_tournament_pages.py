"""Tournament pages: created on the new-league page, started by the organiser's button, the
rounds' tables and the standings on the season page (in German too)."""

from __future__ import annotations

import pytest
from django.test import Client

from leagues import services
from leagues.models import Group, League, Participant, Season
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def logged_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_staff_create_a_knockout_on_the_page_and_its_round_one_is_shown():
    staff = UserFactory(is_staff=True)
    page = logged_in(staff)
    assert Client().get("/leagues/new/").status_code == 404
    assert "New league or tournament" in page.get("/leagues/").content.decode()
    refused = page.post(
        "/leagues/new/",
        {"name": "Cup", "kind": "terra_mystica", "format": "knockout", "players_per_game": "3"},
        follow=True,
    )
    assert "advance" in refused.content.decode() and not League.objects.exists()
    created = page.post(
        "/leagues/new/",
        {
            "name": "Cup",
            "kind": "terra_mystica",
            "format": "knockout",
            "players_per_game": "3",
            "advance": "1",
        },
    )
    league = League.objects.get(name="Cup")
    season = Season.objects.get(league=league)
    assert (league.format, league.advance, season.status) == ("knockout", 1, "signup")
    assert created.status_code == 302 and created.url == f"/leagues/seasons/{season.pk}/"
    for _ in range(6):
        services.signup_add(season_id=season.pk, user=UserFactory())
    started = page.post(f"/leagues/seasons/{season.pk}/manage/", {"action": "start"}, follow=True)
    html = started.content.decode()
    assert "Round 1" in html and "Table 1" in html and "Table 2" in html and "Bracket" in html
    assert html.count('class="pairing') == 2 and "Cup_S1_R1T1" in html
    # Before any game ends, the standings are the seeding.
    ranks = (
        Participant.objects.filter(season=season).order_by("seed").values_list("rank", flat=True)
    )
    assert list(ranks) == [1, 2, 3, 4, 5, 6]
    german = Client(HTTP_ACCEPT_LANGUAGE="de").get(f"/leagues/seasons/{season.pk}/").content
    text = german.decode()
    assert (
        "Runde 1" in text
        and "Tisch 2" in text
        and "Turnierbaum" in text
        and "K.-o.-Turnier" in text
    )
    # A table's own page is the round on the tournament's page.
    table = Group.objects.filter(division__season=season).first()
    moved = Client().get(f"/leagues/groups/{table.pk}/")
    assert moved.status_code == 302 and moved.url.endswith(f"/leagues/seasons/{season.pk}/#round-1")


def test_a_swiss_season_page_shows_points_and_buchholz(league_season):
    league, season, _users = league_season(
        7, players_per_game=3, format="swiss", rounds=3, options=["strict-leech"]
    )
    services.season_start(season_id=season.pk, user=league.created_by)
    html = Client().get(f"/leagues/seasons/{season.pk}/").content.decode()
    assert "Buchholz" in html and "Swiss tournament: 3 rounds at tables of 3" in html
    # Seven at tables of three: 3 + 2 + 2 (Terra Mystica is played by two).
    assert html.count('class="pairing') == 3
    league_page = Client().get(f"/leagues/{league.pk}/").content.decode()
    assert "Tie-breaks: Buchholz" in league_page
