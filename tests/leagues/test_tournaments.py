"""Swiss and knockout tournaments run by themselves: created, joined and started through the
API, every game played by random legal moves through the API, and each next round paired by a
real Celery worker when the last game of a round ends (docs/tournaments.md)."""

from __future__ import annotations

from collections import Counter
from datetime import timedelta
from itertools import combinations

import pytest
from django.utils import timezone

from games.models import Game
from leagues import services
from leagues.formats.tournament import tournament_view
from leagues.models import Division, League, LeagueGame, Participant, Season
from leagues.tournaments import table_points
from tests.factories import SeasonFactory, UserFactory
from tests.leagues.league_play import play_to_end
from tests.leagues.tournament_play import play_through_api
from tests.notifications.worker import wait_until

pytestmark = [
    pytest.mark.django_db,
    pytest.mark.filterwarnings("ignore:Call to deprecated setex:DeprecationWarning"),
]
API = "/api/v1/leagues"


def _tournament(client_for, players: int, **settings) -> tuple[dict, list, dict]:
    """A tournament league created by staff, a season with ``players`` signed up themselves."""
    staff = UserFactory(is_staff=True)
    api = client_for(staff)
    created = api.post(f"{API}/", {"name": "Cup", **settings}, format="json")
    assert created.status_code == 201, created.json()
    league = created.json()
    season = api.post(f"{API}/{league['id']}/seasons/", {"open_signup": True}, format="json")
    assert season.status_code == 201, season.json()
    # Without addresses: the worker's time goes to the tournament, not to turn mails.
    users = [UserFactory(email="") for _ in range(players)]
    clients = {u.pk: client_for(u) for u in users}
    for user in users:
        response = clients[user.pk].post(f"{API}/seasons/{season.json()['id']}/signups/")
        assert response.status_code == 201
    return {"league": league, "season": season.json(), "staff": api}, users, clients


def _round_games(season_id: int, number: int) -> list[Game]:
    return [
        lg.game
        for lg in LeagueGame.objects.filter(
            group__division__season_id=season_id, group__division__level=number
        ).select_related("game")
    ]


def _play_rounds(season_id: int, clients: dict, rounds: int) -> None:
    """Play every game of each round; the worker pairs the next one after the last game."""
    for number in range(1, rounds + 1):
        wait_until(
            lambda n=number: Division.objects.filter(season_id=season_id, level=n).exists(),
            timeout=120,
            what=f"round {number}",
        )
        for game in _round_games(season_id, number):
            play_through_api(game.pk, clients.__getitem__, seed=game.pk)


def test_a_sixteen_player_swiss_of_four_rounds_at_tables_of_four(
    high_card, client_for, real_worker
):
    made, users, clients = _tournament(
        client_for,
        16,
        kind="high_card",
        format="swiss",
        players_per_game=4,
        rounds=4,
    )
    assert made["league"]["format"] == "swiss" and made["league"]["rounds"] == 4
    season_id = made["season"]["id"]
    started = made["staff"].post(f"{API}/seasons/{season_id}/start/")
    assert started.status_code == 200, started.json()
    # Round 1 seats the seeding (all unrated: sign-up order) four to a table.
    first = made["staff"].get(f"{API}/seasons/{season_id}/tournament/").json()
    assert [len(t["seats"]) for t in first["rounds"][0]["tables"]] == [4, 4, 4, 4]

    _play_rounds(season_id, clients, 4)
    wait_until(
        lambda: Season.objects.get(pk=season_id).status == Season.Status.FINISHED,
        timeout=120,
        what="the tournament's end",
    )
    body = made["staff"].get(f"{API}/seasons/{season_id}/tournament/").json()
    assert [r["number"] for r in body["rounds"]] == [1, 2, 3, 4]
    met: Counter[frozenset] = Counter()
    for rnd in body["rounds"]:
        assert rnd["byes"] == [] and rnd["finished"]
        seated = [s["username"] for t in rnd["tables"] for s in t["seats"]]
        assert sorted(seated) == sorted(u.username for u in users)  # each once a round
        for table in rnd["tables"]:
            assert len(table["seats"]) == 4 and table["status"] == "finished"
            met.update(
                frozenset(p) for p in combinations([s["username"] for s in table["seats"]], 2)
            )
    # The pairing promises no repeated pair while one can be avoided: 16 players at tables of
    # four can play four rounds without two players ever meeting twice.
    assert max(met.values()) == 1 and len(met) == 4 * 4 * 6

    # Standings as documented: points by place (3/2/1/0, ties split), then Buchholz (the
    # points of every opponent met), then total score, then the seeding.
    points: Counter[str] = Counter()
    score: Counter[str] = Counter()
    opponents: dict[str, list[str]] = {u.username: [] for u in users}
    for rnd in body["rounds"]:
        for table in rnd["tables"]:
            names = [s["username"] for s in table["seats"]]
            for seat in table["seats"]:
                places = [s["place"] for s in table["seats"]]
                shared = [
                    p for p in range(seat["place"], seat["place"] + places.count(seat["place"]))
                ]
                expected = sum(table_points(4, p, 4) for p in shared) / len(shared)
                assert seat["points"] == pytest.approx(float(expected))
                points[seat["username"]] += seat["points"]
                score[seat["username"]] += seat["score"]
                opponents[seat["username"]] += [n for n in names if n != seat["username"]]
    seed = {row["username"]: row["seed"] for row in body["standings"]}
    buchholz = {n: sum(points[o] for o in opponents[n]) for n in opponents}
    expected_order = sorted(
        opponents, key=lambda n: (-round(points[n], 2), -round(buchholz[n], 2), -score[n], seed[n])
    )
    assert [row["username"] for row in body["standings"]] == expected_order
    for row in body["standings"]:
        assert row["points"] == pytest.approx(points[row["username"]], abs=0.01)
        assert row["buchholz"] == pytest.approx(buchholz[row["username"]], abs=0.01)
        assert row["games"] == 4 and row["final_position"] is not None
    assert sum(points.values()) == pytest.approx(16 * 6)  # 3+2+1+0 at each of 16 tables


def test_a_twelve_player_knockout_reaches_its_final_table(high_card, client_for, real_worker):
    made, _users, clients = _tournament(
        client_for,
        12,
        kind="high_card",
        format="knockout",
        players_per_game=4,
        advance=2,
    )
    season_id = made["season"]["id"]
    assert made["staff"].post(f"{API}/seasons/{season_id}/start/").status_code == 200
    _play_rounds(season_id, clients, 3)
    wait_until(
        lambda: Season.objects.get(pk=season_id).status == Season.Status.FINISHED,
        timeout=120,
        what="the final",
    )
    body = made["staff"].get(f"{API}/seasons/{season_id}/tournament/").json()
    shapes = [[len(t["seats"]) for t in r["tables"]] for r in body["rounds"]]
    assert shapes == [[4, 4, 4], [3, 3], [4]]
    # Round 1: seeds dealt in snake order (1, 6, 7, 12 at table 1).
    seeds = {row["username"]: row["seed"] for row in body["standings"]}
    first_table = sorted(seeds[s["username"]] for s in body["rounds"][0]["tables"][0]["seats"])
    assert first_table == [1, 6, 7, 12]
    # The two best of each table go through, and only they play the next round.
    for before, after in zip(body["rounds"], body["rounds"][1:], strict=False):
        through = {s["username"] for t in before["tables"] for s in t["seats"] if s["advanced"]}
        assert all(sum(s["advanced"] for s in t["seats"]) == 2 for t in before["tables"])
        assert through == {s["username"] for t in after["tables"] for s in t["seats"]}
        for table in before["tables"]:
            went = [s["place"] for s in table["seats"] if s["advanced"]]
            out = [s["place"] for s in table["seats"] if not s["advanced"]]
            assert max(went) <= min(out)
    final = body["rounds"][-1]["tables"][0]
    assert final["final"] and final["status"] == "finished"
    # The standings: the final table by place, then those out in round 2, then round 1.
    order = [row["username"] for row in body["standings"]]
    by_place = sorted(final["seats"], key=lambda s: (s["place"], -s["score"], seeds[s["username"]]))
    assert order[:4] == [s["username"] for s in by_place]
    went_out = [row["eliminated_in"] for row in body["standings"]]
    assert went_out == [None] * 4 + [2] * 2 + [1] * 6
    assert [row["final_position"] for row in body["standings"]] == list(range(1, 13))


def test_a_swiss_round_starts_at_its_deadline_with_games_still_running(high_card):
    staff = UserFactory(is_staff=True)
    league = services.league_create(
        user=staff,
        name="Quick",
        kind="high_card",
        format="swiss",
        players_per_game=3,
        rounds=2,
        round_time=timedelta(days=2),
    )
    season = SeasonFactory(league=league)
    for _ in range(7):  # 7 at tables of 3 (High Card is played by 2): 3 + 2 + 2
        services.signup_add(season_id=season.pk, user=UserFactory())
    services.season_start(season_id=season.pk, user=staff)
    first = Division.objects.get(season=season, level=1)
    assert sorted(g.player_count for g in _round_games(season.pk, 1)) == [2, 2, 3]
    assert first.deadline is not None
    assert services.advance_seasons(now=timezone.now() + timedelta(days=1)) == []
    done = services.advance_seasons(now=timezone.now() + timedelta(days=2, minutes=1))
    assert done == [{"season_id": season.pk, "action": "round 2", "ok": True}]
    assert len(_round_games(season.pk, 2)) == 3
    assert services.advance_seasons(now=timezone.now() + timedelta(days=9)) == []  # no round 3


@pytest.mark.parametrize(
    ("values", "message"),
    [
        ({"format": "swiss"}, "rounds"),
        ({"format": "knockout", "advance": 3, "players_per_game": 3}, "advance"),
        ({"format": "knockout", "players_per_game": 5, "advance": 2}, "tables of 3 or 4"),
        ({"format": "ladder"}, "format"),
    ],
)
def test_bad_tournament_settings_are_400_with_a_reason(client_for, values, message):
    api = client_for(UserFactory(is_staff=True))
    response = api.post(f"{API}/", {"name": "Cup", "players_per_game": 4, **values}, format="json")
    assert response.status_code == 400, response.json()
    assert message in str(response.json())


def test_a_terra_mystica_swiss_plays_its_rounds(
    league_season, eager_celery, django_capture_on_commit_callbacks
):
    """A real kind: three players, two rounds at one table each; the second round is paired
    when the first game ends, and the tournament ends with the second."""
    league, season, _users = league_season(
        3, players_per_game=3, options=["strict-leech"], format="swiss", rounds=2
    )
    services.season_start(season_id=season.pk, user=league.created_by)
    assert Participant.objects.filter(season=season).count() == 3
    for number in (1, 2):
        [game] = _round_games(season.pk, number)
        assert game.kind == "terra_mystica" and game.name == f"{league.name}_S1_R{number}T1"
        with django_capture_on_commit_callbacks(execute=True):
            play_to_end(game.pk, seed=number)
    season.refresh_from_db()
    assert season.status == Season.Status.FINISHED
    rows = list(Participant.objects.filter(season=season).order_by("final_position"))
    assert [r.games_finished for r in rows] == [2, 2, 2]
    assert sum(r.points for r in rows) == 2 * (2 + 1 + 0)
    assert League.objects.get(pk=league.pk).format == "swiss"


def test_a_mythotopia_knockout_seats_its_tables_by_snake_seeding(league_season):
    """Any kind: a Mythotopia knockout's first round, seeds dealt in snake order, the
    lowest-placed player of each table in the first seat."""
    league, season, users = league_season(
        8, kind="mythotopia", players_per_game=4, options=[], format="knockout", advance=2
    )
    services.season_start(season_id=season.pk, user=league.created_by)
    seed = dict(Participant.objects.filter(season=season).values_list("user_id", "seed"))
    assert sorted(seed.values()) == list(range(1, 9)) and set(seed) == {u.pk for u in users}
    tables = []
    for game in sorted(_round_games(season.pk, 1), key=lambda g: g.name):
        assert (game.kind, game.status, game.player_count) == ("mythotopia", "running", 4)
        seats = game.seats.order_by("position").values_list("user_id", flat=True)
        tables.append([seed[u] for u in seats])
    assert tables == [[8, 5, 4, 1], [7, 6, 3, 2]]


def test_a_knockout_whose_tables_are_all_aborted_ends_without_another_round(
    league_season, eager_celery, django_capture_on_commit_callbacks
):
    league, season, _users = league_season(
        6, players_per_game=3, options=["strict-leech"], format="knockout", advance=1
    )
    services.season_start(season_id=season.pk, user=league.created_by)
    games = _round_games(season.pk, 1)
    Game.objects.filter(pk__in=[g.pk for g in games]).update(status=Game.Status.ABORTED)
    services.league_game_finished(game_id=games[0].pk)
    season.refresh_from_db()
    assert season.status == Season.Status.FINISHED
    assert not Division.objects.filter(season=season, level=2).exists()
    assert set(
        Participant.objects.filter(season=season).values_list("eliminated_in", flat=True)
    ) == {1}


def _finish(game: Game, scores: dict[int, int]) -> None:
    """End a game with these scores by user id (what the end of a played game stores)."""
    Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED)
    for user_id, vp in scores.items():
        game.seats.filter(user_id=user_id).update(final_vp=vp)
    services.league_game_finished(game_id=game.pk)


def test_a_tie_at_the_cut_goes_to_the_better_seed_of_that_round(league_season):
    """12 players, tables of 3, one goes through: 4 tables, then 2 tables of 2, then a final
    of 2. In round 2 a tie goes to the better of the round's seeding (round 1's result), not
    of the rating seeding, and the page's 'goes through' marks say the same."""
    league, season, _users = league_season(
        12, players_per_game=3, options=["strict-leech"], format="knockout", advance=1
    )
    services.season_start(season_id=season.pk, user=league.created_by)
    by_seed = dict(Participant.objects.filter(season=season).values_list("seed", "user_id"))
    winners = {9: 200, 2: 100, 3: 90, 4: 80}  # seed: score of each table's winner
    for game in _round_games(season.pk, 1):
        seeds = {s: u for s, u in by_seed.items() if game.seats.filter(user_id=u).exists()}
        _finish(game, {u: winners.get(s, 10) for s, u in seeds.items()})
    second = sorted(_round_games(season.pk, 2), key=lambda g: g.name)
    seats = [
        sorted(s for s, u in by_seed.items() if g.seats.filter(user_id=u).exists()) for g in second
    ]
    assert seats == [[4, 9], [2, 3]]  # round 2's seeding: 9, 2, 3, 4 (by round-1 score)
    _finish(second[0], {by_seed[9]: 50, by_seed[4]: 50})
    _finish(second[1], {by_seed[2]: 40, by_seed[3]: 60})
    [final] = _round_games(season.pk, 3)
    assert set(final.seats.values_list("user_id", flat=True)) == {by_seed[9], by_seed[3]}
    view = tournament_view(season)
    marked = {s["username"]: s["advanced"] for s in view["rounds"][1]["tables"][0]["seats"]}
    names = dict(Participant.objects.filter(season=season).values_list("seed", "user__username"))
    assert marked == {names[9]: True, names[4]: False}
