"""A player leaves mid-season: replaced in the running games, or dropped with the games going on."""

from __future__ import annotations

import pytest

from games import services as game_services
from games.models import Game, Move, Seat
from leagues import selectors, services
from leagues.models import Group, LeagueGame, Membership, Season
from tests.factories import UserFactory
from tests.leagues.league_play import choose_factions, play_to_end
from tm_site.exceptions import ApplicationError, Forbidden

pytestmark = pytest.mark.django_db


def group_of(season: Season, code: str) -> Group:
    return next(g for g in Group.objects.filter(division__season=season) if g.code == code)


def test_a_replacement_takes_over_the_running_games_and_keeps_the_finished_results(running_season):
    league, season, users = running_season(3, auto_end=False)
    group = group_of(season, "D1L1")
    games = list(LeagueGame.objects.filter(group=group).order_by("number"))
    play_to_end(games[0].game_id, seed=1)
    for lg in games[1:]:
        choose_factions(lg.game_id, seed=2)
    leaver, substitute = users[0], UserFactory()

    services.member_drop(
        group_id=group.pk,
        user=league.created_by,
        username=leaver.username,
        replacement=substitute.username,
    )
    assert Seat.objects.filter(game_id=games[0].game_id, user=leaver).exists()  # finished: kept
    for lg in games[1:]:
        seat = Seat.objects.get(game_id=lg.game_id, user=substitute)
        assert seat.faction and not seat.dropped
        assert not Seat.objects.filter(game_id=lg.game_id, user=leaver).exists()
    old = Membership.objects.get(season=season, user=leaver)
    new = Membership.objects.get(season=season, user=substitute)
    assert (old.status, new.arrival, new.replaces_id, new.seed) == (
        "replaced",
        "replacement",
        old.pk,
        old.seed,
    )

    # The replacement plays on: the games finish and count for them.
    for i, lg in enumerate(games[1:]):
        assert play_to_end(lg.game_id, seed=10 + i).status == Game.Status.FINISHED
    rows = {r.membership.user_id: r for r in selectors.group_standings(group)}
    assert rows[leaver.pk].games == 1 and rows[substitute.pk].games == 2
    assert rows[users[1].pk].games == 3
    # Whoever left is listed after everyone still in the league.
    assert selectors.group_standings(group)[-1].membership.user_id == leaver.pk


def test_without_a_replacement_the_factions_are_dropped_and_the_games_go_on(running_season):
    league, season, users = running_season(6, auto_end=False)
    top = group_of(season, "D1L1")
    games = list(LeagueGame.objects.filter(group=top).order_by("number"))
    for lg in games:
        choose_factions(lg.game_id, seed=5)
    leaver = users[1]
    services.member_drop(group_id=top.pk, user=league.created_by, username=leaver.username)

    for lg in games:
        seat = Seat.objects.get(game_id=lg.game_id, user=leaver)
        assert seat.dropped
        drop = Move.objects.get(game_id=lg.game_id, kind=Move.Kind.DROP)
        assert drop.actor == seat.faction
    assert Membership.objects.get(season=season, user=leaver).status == "dropped"
    for i, lg in enumerate(games):
        assert play_to_end(lg.game_id, seed=20 + i).status == Game.Status.FINISHED
    rows = selectors.group_standings(top)
    # A dropped faction is placed last in each game, and the player is relegated.
    assert rows[-1].membership.user_id == leaver.pk
    assert rows[-1].places == (3, 3, 3) and rows[-1].points == 0
    assert rows[-1].zone == "relegated"


def test_dropping_needs_an_organiser_and_a_running_season(running_season):
    league, season, users = running_season(3, auto_end=False)
    group = group_of(season, "D1L1")
    with pytest.raises(Forbidden):
        services.member_drop(group_id=group.pk, user=users[1], username=users[0].username)
    # No factions yet: there is nothing to drop, so the games need a replacement.
    with pytest.raises(ApplicationError, match="replacement"):
        services.member_drop(group_id=group.pk, user=league.created_by, username=users[0].username)
    assert not Move.objects.filter(kind=Move.Kind.DROP).exists()
    with pytest.raises(ApplicationError, match="already plays"):
        services.member_drop(
            group_id=group.pk,
            user=league.created_by,
            username=users[0].username,
            replacement=users[2].username,
        )


def test_resigning_players_are_dropped_by_the_engine_and_score_last(running_season):
    _league, season, users = running_season(3, auto_end=False)
    group = group_of(season, "D1L1")
    first = LeagueGame.objects.filter(group=group).order_by("number").first()
    choose_factions(first.game_id, seed=7)
    game_services.game_resign(game_id=first.game_id, user=users[2])
    play_to_end(first.game_id, seed=8)
    result = next(g for g in selectors.group_schedule(group) if g.game.pk == first.game_id)
    resigned = next(s for s in result.seats if s["username"] == users[2].username)
    assert resigned["dropped"] and resigned["place"] == 3 and resigned["points"] == 0
