"""A league's organisers hand a seat that left a league game to the computer, where the league
allows it (``bot_handover``); the leaver keeps the drop as their result."""

from __future__ import annotations

import pytest

from games import services as game_services
from games.models import Game
from leagues import selectors as league_selectors
from leagues.models import LeagueGame
from tests.bots.test_bots_handover import hand_over, in_actions, play_until
from tests.factories import UserFactory
from tests.leagues.league_play import play_to_end

pytestmark = pytest.mark.django_db


def league_game_with_a_leaver(running_season, **settings):
    """A running league game in its actions, one of whose players has resigned."""
    league, season, _users = running_season(3, auto_end=False, **settings)
    lg = LeagueGame.objects.filter(group__division__season=season).order_by("number").first()
    assert lg is not None
    game = play_until(lg.game_id, in_actions, seed=9)
    assert game.counts_for_rating
    leaver = game.seats.order_by("position").first().user
    game_services.game_resign(game_id=game.pk, user=leaver)
    return league, lg, Game.objects.get(pk=game.pk), leaver


def test_an_organiser_hands_over_only_where_the_league_allows_it(running_season, client_for):
    league, _lg, game, leaver = league_game_with_a_leaver(running_season)
    position = game.seats.get(user=leaver).position
    refused = hand_over(client_for(league.created_by), game, position)
    assert refused.status_code == 403
    assert "bot_handover" in refused.json()["error"]
    player = game.seats.exclude(user=leaver).first().user
    as_player = hand_over(client_for(player), game, position)
    assert as_player.status_code == 403
    assert "unrated" in as_player.json()["error"]


def test_an_organiser_hands_a_seat_that_left_to_a_bot_and_the_leaver_keeps_the_drop(
    running_season, client_for
):
    league, lg, game, leaver = league_game_with_a_leaver(running_season, bot_handover=True)
    organiser = league.created_by
    still_in = game.seats.exclude(user=leaver).first()
    not_left = hand_over(client_for(organiser), game, still_in.position)
    assert not_left.status_code == 400
    assert "has not left the game" in not_left.json()["error"]
    # Not a player of the league game: a member of it who is not its organiser.
    outsider = hand_over(client_for(UserFactory()), game, still_in.position)
    assert outsider.status_code in (403, 404)

    position = game.seats.get(user=leaver).position
    assert hand_over(client_for(organiser), game, position).status_code == 200
    game.refresh_from_db()
    assert game.counts_for_rating is False  # a game with the computer in it is not rated

    finished = play_to_end(game.pk, seed=4)
    assert finished.status == Game.Status.FINISHED
    schedule = league_selectors.group_schedule(lg.group)
    seats = next(g for g in schedule if g.game.pk == game.pk).seats
    bot_row = next(s for s in seats if s["seat"] == position)
    assert bot_row["place"] == 3  # the leaver's result: a drop, placed last
    rows = {r.membership.user_id: r for r in league_selectors.group_standings(lg.group)}
    assert rows[leaver.pk].games == 1
    assert rows[leaver.pk].rank == 3  # dropped out of their only finished game
    assert bot_row["username"] not in {r.membership.user.username for r in rows.values()}


def test_the_league_setting_is_in_the_api(client_for, staff):
    created = client_for(staff).post(
        "/api/v1/leagues/",
        {"name": "BotsWelcome", "players_per_game": 3, "bot_handover": True},
        format="json",
    )
    assert created.status_code == 201, created.json()
    assert created.json()["bot_handover"] is True
    league_id = created.json()["id"]
    patched = client_for(staff).patch(
        f"/api/v1/leagues/{league_id}/", {"bot_handover": False}, format="json"
    )
    assert patched.status_code == 200, patched.json()
    assert patched.json()["bot_handover"] is False


def test_the_organiser_sees_the_hand_over_on_the_game_page_where_the_league_allows_it(
    running_season,
):
    from django.test import Client
    from django.urls import reverse

    for allowed in (False, True):
        league, _lg, game, leaver = league_game_with_a_leaver(running_season, bot_handover=allowed)
        organiser = Client()
        organiser.force_login(league.created_by)
        html = organiser.get(reverse("game-page", args=[game.pk])).content.decode()
        assert ('id="seat-handover"' in html) is allowed
        if allowed:
            position = game.seats.get(user=leaver).position
            # Only the seat that left is offered to the organiser.
            assert f'<option value="{position}">' in html
            for seat in game.seats.exclude(user=leaver):
                assert f'<option value="{seat.position}">' not in html


def test_in_a_swiss_tournament_the_leaver_keeps_the_drop_at_the_table(
    league_season, client_for, eager_celery
):
    from leagues import services as league_services
    from leagues.formats.tournament import tournament_view

    league, season, users = league_season(
        3, format="swiss", rounds=1, players_per_game=3, bot_handover=True
    )
    league_services.season_start(season_id=season.pk, user=league.created_by)
    lg = LeagueGame.objects.get(group__division__season=season)
    game = play_until(lg.game_id, in_actions, seed=12)
    leaver = game.seats.order_by("position").first().user
    game_services.game_resign(game_id=game.pk, user=leaver)
    position = game.seats.get(user=leaver).position
    assert hand_over(client_for(league.created_by), game, position).status_code == 200
    assert play_to_end(game.pk, seed=6).status == Game.Status.FINISHED

    season.refresh_from_db()
    view = tournament_view(season)
    table = view["rounds"][0]["tables"][0]
    seat = table["seats"][position - 1]
    assert seat["username"] == leaver.username and seat["place"] == 3
    assert {row["username"] for row in view["standings"]} == {u.username for u in users}
    assert view["standings"][-1]["username"] == leaver.username
