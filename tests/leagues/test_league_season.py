"""A whole season through the services: 30 sign-ups, placement, balanced schedules, every game
played to its end through the platform and the engine, standings, promotion and relegation,
and the next season's divisions."""

from __future__ import annotations

import re
from collections import Counter
from datetime import timedelta
from fractions import Fraction

import pytest

from games.models import Game, Seat
from leagues import scheduling, selectors, services, tasks
from leagues.models import Division, Group, LeagueGame, Membership, Season
from ratings.models import PlayerRating
from tests.factories import UserFactory
from tests.leagues.league_play import play_to_end

pytestmark = pytest.mark.django_db

NAME = re.compile(r"^(?P<league>[A-Za-z0-9-]+)_S(?P<s>\d+)_D(?P<d>\d+)L(?P<l>\d+)_G(?P<g>\d+)$")


def group_users(season: Season) -> dict[str, list[int]]:
    """Members (user ids) of each group, by group code, in seeding order."""
    result = {}
    for group in Group.objects.filter(division__season=season).select_related("division"):
        result[group.code] = list(
            group.memberships.order_by("seed").values_list("user_id", flat=True)
        )
    return result


def scheduled_games(group: Group) -> list[list[int]]:
    games = []
    for lg in LeagueGame.objects.filter(group=group).order_by("number"):
        games.append(list(lg.game.seats.order_by("position").values_list("user_id", flat=True)))
    return games


def expected_points(game: Game, table: tuple[int, ...]) -> dict[int, Fraction]:
    """Points from the engine's own ranking (ties share a rank), computed independently."""
    seats = list(game.seats.all())
    ranks = Counter(s.rank for s in seats)
    return {
        s.user_id: Fraction(sum(table[r - 1] for r in range(s.rank, s.rank + ranks[s.rank])))
        / ranks[s.rank]
        for s in seats
    }


def test_a_season_runs_from_signup_to_the_next_seasons_divisions(league_season):
    league, season, users = league_season(30, name="4pLeague")
    organiser = league.created_by
    # Newcomers are placed by rating: the higher the rating, the higher the division.
    for i, user in enumerate(users):
        PlayerRating.objects.create(user=user, rating=2000 - 10 * i, games=20)

    services.signup_close(season_id=season.pk, user=organiser)
    services.season_start(season_id=season.pk, user=organiser)
    season.refresh_from_db()
    assert season.status == Season.Status.RUNNING

    # --- placement: groups of 8, 8, 7, 7 in divisions of 1, 2 and 1 groups, best rated on top
    first = group_users(season)
    assert {code: len(ids) for code, ids in first.items()} == {
        "D1L1": 8,
        "D2L1": 8,
        "D2L2": 7,
        "D3L1": 7,
    }
    ids = [u.pk for u in users]
    assert set(first["D1L1"]) == set(ids[:8])
    assert set(first["D2L1"] + first["D2L2"]) == set(ids[8:23])
    assert set(first["D3L1"]) == set(ids[23:])
    assert first["D2L1"][0] == ids[8] and first["D2L2"][0] == ids[9]  # snake seeding
    assert set(Membership.objects.filter(season=season).values_list("arrival", flat=True)) == {
        "newcomer"
    }

    # --- the schedule: every game created, named, balanced
    assert LeagueGame.objects.filter(group__division__season=season).count() == 30
    for group in Group.objects.filter(division__season=season).select_related("division"):
        games = scheduled_games(group)
        members = first[group.code]
        assert len(games) == len(members)
        assert scheduling.games_per_player(games) == dict.fromkeys(members, 4)
        for user_id, seats in scheduling.seat_counts(games).items():
            assert seats == {1: 1, 2: 1, 3: 1, 4: 1}, user_id
        meetings = scheduling.pair_meetings(games)
        assert max(meetings.values()) - min(meetings.values()) <= 1
        for lg in LeagueGame.objects.filter(group=group).select_related("game"):
            match = NAME.match(lg.game.name)
            assert match, lg.game.name
            assert match.groupdict() == {
                "league": "4pLeague",
                "s": "1",
                "d": str(group.division.level),
                "l": str(group.number),
                "g": str(lg.number),
            }
            assert lg.game.status == Game.Status.RUNNING
            assert lg.game.created_by_id == organiser.pk
            assert lg.game.options == league.options
            assert lg.game.setup["players"] == [
                u
                for u in Seat.objects.filter(game=lg.game)
                .order_by("position")
                .values_list("user__username", flat=True)
            ]

    # --- every game played to its end through the services; the standings task runs after
    # each (as the game_finished receiver has it done), and the last game ends the season
    league_games = list(
        LeagueGame.objects.filter(group__division__season=season).order_by("group", "number")
    )
    for i, lg in enumerate(league_games):
        assert play_to_end(lg.game_id, seed=i).status == Game.Status.FINISHED
        outcome = tasks.refresh_standings.apply(args=[lg.game_id]).get()
        assert outcome == {
            "ok": True,
            "league_game": True,
            "group_id": lg.group_id,
            "season_ended": i == len(league_games) - 1,
        }

    season.refresh_from_db()
    assert season.status == Season.Status.FINISHED  # auto_end: the last game ended it

    # --- standings
    table = selectors.points_table(league)
    assert table == (3, 2, 1, 0)
    for group in Group.objects.filter(division__season=season).select_related("division"):
        rows = selectors.group_standings(group)
        games = Game.objects.filter(league_game__group=group)
        expected: Counter[int] = Counter()
        vp: Counter[int] = Counter()
        for game in games:
            for user_id, points in expected_points(game, table).items():
                expected[user_id] += points
            for seat in game.seats.all():
                vp[seat.user_id] += seat.final_vp
        assert {r.membership.user_id: r.points for r in rows} == dict(expected)
        assert {r.membership.user_id: r.vp for r in rows} == dict(vp)
        assert sum(r.points for r in rows) == 6 * len(games)
        assert all(r.games == r.games_scheduled == 4 for r in rows)
        keys = [(-r.points, -r.vp) for r in rows]
        assert keys == sorted(keys)
        stored = {
            m.user_id: (m.rank, m.final_position, Fraction(m.points).limit_denominator(100), m.vp)
            for m in Membership.objects.filter(group=group)
        }
        assert stored == {r.membership.user_id: (r.rank, r.position, r.points, r.vp) for r in rows}

    # --- promotion and relegation: 1 up from every group below the top, 2 down above the bottom
    def moved(code: str) -> dict[str, list[int]]:
        group = next(
            g
            for g in Group.objects.filter(division__season=season).select_related("division")
            if g.code == code
        )
        rows = selectors.group_standings(group)
        return {
            kind: [r.membership.user_id for r in rows if r.zone == kind]
            for kind in ("promoted", "stayed", "relegated")
        }

    movement = {code: moved(code) for code in first}
    order = {
        code: [r.membership.user_id for r in selectors.group_standings(g)]
        for code, g in (
            (g.code, g)
            for g in Group.objects.filter(division__season=season).select_related("division")
        )
    }
    assert (
        movement["D1L1"]["promoted"] == [] and movement["D1L1"]["relegated"] == order["D1L1"][-2:]
    )
    for code in ("D2L1", "D2L2"):
        assert movement[code]["promoted"] == order[code][:1]
        assert movement[code]["relegated"] == order[code][-2:]
    assert movement["D3L1"]["promoted"] == order["D3L1"][:1]
    assert movement["D3L1"]["relegated"] == []

    # --- the next season: open for sign-up, starting by itself after the sign-up period
    following = Season.objects.get(league=league, number=2)
    assert following.status == Season.Status.SIGNUP
    assert following.starts_at - following.signup_opens_at == league.signup_period
    leaving = {movement["D1L1"]["stayed"][0], movement["D3L1"]["stayed"][-1]}
    for user in users:
        if user.pk not in leaving:
            services.signup_add(season_id=following.pk, user=user)
    newcomers = [UserFactory() for _ in range(3)]
    PlayerRating.objects.create(user=newcomers[0], rating=3000, games=50)
    for user in newcomers:
        services.signup_add(season_id=following.pk, user=user)

    done = services.advance_seasons(now=following.starts_at + timedelta(seconds=1))
    assert [(d["action"], d["ok"]) for d in done] == [
        ("signup_close", True),
        ("season_start", True),
    ]
    following.refresh_from_db()
    assert following.status == Season.Status.RUNNING
    second = group_users(following)
    assert {code: len(ids) for code, ids in second.items()} == {
        "D1L1": 8,
        "D2L1": 8,
        "D2L2": 8,
        "D3L1": 7,
    }
    d1 = set(second["D1L1"])
    d2 = set(second["D2L1"] + second["D2L2"])
    d3 = set(second["D3L1"])
    stayers_d1 = set(movement["D1L1"]["stayed"]) - leaving
    promoted_d2 = set(movement["D2L1"]["promoted"] + movement["D2L2"]["promoted"])
    # Five stayers and two promoted players; the vacancy left by the player who did not sign up
    # again goes to the best-placed of those who stayed in division 2.
    assert stayers_d1 | promoted_d2 <= d1
    best_d2_stayers = [order[c][1] for c in ("D2L1", "D2L2")]
    assert len(d1 & set(best_d2_stayers)) == 1
    assert set(movement["D1L1"]["relegated"]) <= d2
    assert set(movement["D3L1"]["promoted"]) <= d2
    assert set(movement["D2L1"]["relegated"] + movement["D2L2"]["relegated"]) <= d3
    assert {u.pk for u in newcomers} <= d3  # even the 3000-rated newcomer starts at the bottom
    assert not (leaving & (d1 | d2 | d3))
    arrivals = dict(Membership.objects.filter(season=following).values_list("user_id", "arrival"))
    assert all(arrivals[u] == "promoted" for u in promoted_d2)
    assert all(arrivals[u] == "relegated" for u in movement["D1L1"]["relegated"])
    assert all(arrivals[u.pk] == "newcomer" for u in newcomers)
    assert Division.objects.filter(season=following).count() == 3
    assert LeagueGame.objects.filter(group__division__season=following).count() == 31
    assert Game.objects.filter(name__startswith="4pLeague_S2_D3L1_G").count() == 7
