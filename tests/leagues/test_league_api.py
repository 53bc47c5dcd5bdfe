"""The leagues API: reads for everyone, organiser actions for staff and league admins only,
readable 4xx errors, and the ``league`` of a league game in the games API."""

from __future__ import annotations

import pytest

from games.models import Game
from leagues.models import League, LeagueGame, Membership, Season, SignUp
from tests.factories import LeagueFactory, SeasonFactory, StaffFactory, UserFactory

pytestmark = pytest.mark.django_db

API = "/api/v1/leagues"


def new_league(**values) -> dict:
    return {
        "name": "4pLeague",
        "players_per_game": 4,
        "options": ["strict-leech", "variable-turn-order"],
        "move_time_limit": 86400,
        "group_size": 7,
        "points_table": [3, 2, 1, 0],
        **values,
    }


# --- leagues ---------------------------------------------------------------------------------


def test_only_staff_create_leagues(client_for, user, staff):
    assert client_for().post(f"{API}/", new_league()).status_code == 401
    refused = client_for(user).post(f"{API}/", new_league())
    assert refused.status_code == 403 and "staff" in refused.data["error"]
    created = client_for(staff).post(f"{API}/", new_league())
    assert created.status_code == 201, created.data
    body = created.data
    assert body["name"] == "4pLeague" and body["players_per_game"] == 4
    assert body["move_time_limit"] == 86400 and body["points_table"] == [3, 2, 1, 0]
    assert body["admins"] == [staff.username] and body["created_by"] == staff.username
    assert League.objects.get(pk=body["id"]).options == ["strict-leech", "variable-turn-order"]


@pytest.mark.parametrize(
    ("values", "message"),
    [
        ({"name": "my league"}, "name"),
        ({"players_per_game": 6}, "players_per_game"),
        ({"players_per_game": 2}, "players_per_game"),
        ({"group_size": 3}, "group_size"),
        ({"points_table": [3, 2, 1]}, "points_table"),
        ({"points_table": [1, 2, 3, 4]}, "points_table"),
        ({"options": ["no-such-option"]}, "option"),
        ({"map_id": "nowhere"}, "map_id"),
        ({"promote_count": 4, "relegate_count": 4}, "promote_count"),
        ({"cycles": 4}, "cycles"),
        ({"move_time_limit": 5}, "move_time_limit"),
        ({"move_time_limit": 3600}, "12 hours"),
        ({"time_control": "chess", "move_time_limit": None}, "chess clock"),
        ({"time_control": "blitz"}, "time_control"),
        ({"name": "x" * 41}, "name"),
    ],
)
def test_bad_league_settings_are_400_with_a_reason(client_for, staff, values, message):
    response = client_for(staff).post(f"{API}/", new_league(**values))
    assert response.status_code == 400, response.data
    assert message in response.data["error"]


def test_the_map_is_handed_to_every_game(api, running_season):
    from games.models import Game

    fire_and_ice_side_2 = "be8f6ebf549404d015547152d5f2a1906ae8dd90"
    _league, season, _users = running_season(3, map_id=fire_and_ice_side_2)
    games = Game.objects.filter(league_game__group__division__season=season)
    assert games.count() == 3
    assert {g.map_id for g in games} == {fire_and_ice_side_2}
    assert {g.setup["map_id"] for g in games} == {fire_and_ice_side_2}


def test_a_league_on_lakes_with_variable_starting_vp(client_for, staff, running_season):
    lakes = "fdb13a13cd48b7a3c3525f27e4628ff6905aa5b1"
    options = ["strict-leech", "variable-starting-vp"]
    created = client_for(staff).post(
        f"{API}/", new_league(name="Lakes", map_id=lakes, options=options)
    )
    assert created.status_code == 201, created.data
    assert League.objects.get(pk=created.data["id"]).map_id == lakes
    _league, season, _users = running_season(3, map_id=lakes, options=options)
    games = Game.objects.filter(league_game__group__division__season=season)
    assert {g.map_id for g in games} == {lakes}
    assert all("variable-starting-vp" in g.setup["options"] for g in games)


def test_variable_starting_vp_on_a_map_without_a_table_is_refused(client_for, staff):
    response = client_for(staff).post(
        f"{API}/",
        new_league(
            map_id="be8f6ebf549404d015547152d5f2a1906ae8dd90", options=["variable-starting-vp"]
        ),
    )
    assert response.status_code == 400 and "variable starting VP" in response.data["error"]


def test_the_time_control_is_handed_to_every_game(client_for, staff):
    values = new_league(
        name="Clocked",
        players_per_game=3,
        group_size=3,
        options=["strict-leech"],
        points_table=[],
        time_control="chess",
        move_time_limit=None,
        clock_initial=5 * 86400,
        clock_bonus=86400,
    )
    created = client_for(staff).post(f"{API}/", values)
    assert created.status_code == 201, created.data
    assert (created.data["time_control"], created.data["clock_initial"]) == ("chess", 5 * 86400)
    league = League.objects.get(pk=created.data["id"])
    season = SeasonFactory(league=league)
    for _ in range(3):
        SignUp.objects.create(season=season, user=UserFactory())
    assert client_for(staff).post(f"{API}/seasons/{season.pk}/start/").status_code == 200
    game = LeagueGame.objects.select_related("game").first().game
    assert (game.time_control, game.clock_initial.days, game.clock_bonus.days) == ("chess", 5, 1)
    # A deadline per move instead, implied by the value given.
    changed = client_for(staff).patch(f"{API}/{league.pk}/", {"move_time_limit": 2 * 86400})
    assert changed.status_code == 200, changed.data
    assert (changed.data["time_control"], changed.data["clock_initial"]) == ("move", None)


def test_league_names_are_unique(client_for, staff):
    assert client_for(staff).post(f"{API}/", new_league()).status_code == 201
    again = client_for(staff).post(f"{API}/", new_league(name="4PLEAGUE"))
    assert again.status_code == 400 and "already" in again.data["error"]


def test_league_admins_change_settings_and_admins(client_for, user, other_user):
    league = LeagueFactory()
    url = f"{API}/{league.pk}/"
    assert client_for().patch(url, {"group_size": 8}).status_code == 401
    assert client_for(user).patch(url, {"group_size": 8}).status_code == 403
    admin = client_for(league.created_by)
    changed = admin.patch(url, {"group_size": 8, "points_table": [10, 6, 3, 0]})
    assert changed.status_code == 200, changed.data
    assert changed.data["group_size"] == 8 and changed.data["points_table"] == [10, 6, 3, 0]

    assert client_for(user).post(f"{url}admins/", {"username": user.username}).status_code == 403
    added = admin.post(f"{url}admins/", {"username": user.username})
    assert added.status_code == 200 and user.username in added.data["admins"]
    # A league admin (not staff) organises from now on.
    assert client_for(user).patch(url, {"cycles": 2}).status_code == 200
    assert admin.post(f"{url}admins/", {"username": "nobody-here"}).status_code == 404
    assert admin.delete(f"{url}admins/{other_user.username}/").status_code == 404
    assert admin.delete(f"{url}admins/{league.created_by.username}/").status_code == 200
    last = client_for(user).delete(f"{url}admins/{user.username}/")
    assert last.status_code == 400 and "at least one admin" in last.data["error"]


def test_players_per_game_is_fixed_once_a_season_has_started(client_for, running_season):
    league, _season, _users = running_season(3)
    response = client_for(league.created_by).patch(f"{API}/{league.pk}/", {"players_per_game": 4})
    assert response.status_code == 400 and "players_per_game" in response.data["error"]


def test_anyone_lists_and_filters_leagues(api):
    LeagueFactory(name="ThreeP", players_per_game=3, group_size=3)
    LeagueFactory(name="FourP")
    assert api.get(f"{API}/").data["count"] == 2
    assert [r["name"] for r in api.get(f"{API}/?players_per_game=3").data["results"]] == ["ThreeP"]
    assert [r["name"] for r in api.get(f"{API}/?name=four").data["results"]] == ["FourP"]
    bad = api.get(f"{API}/?players_per_game=many")
    assert bad.status_code == 400 and bad.data["error"]
    assert api.get(f"{API}/999999/").status_code == 404
    assert api.get(f"{API}/99999999999999999999/").status_code == 404


# --- seasons and sign-up ---------------------------------------------------------------------


def test_a_season_from_announcement_to_start_through_the_api(client_for, user, other_user):
    league = LeagueFactory(players_per_game=3, group_size=3, options=["strict-leech"])
    organiser = client_for(league.created_by)
    assert client_for(user).post(f"{API}/{league.pk}/seasons/", {}).status_code == 403
    created = organiser.post(f"{API}/{league.pk}/seasons/", {})
    assert created.status_code == 201, created.data
    season = created.data["id"]
    assert created.data["number"] == 1 and created.data["status"] == "draft"
    again = organiser.post(f"{API}/{league.pk}/seasons/", {})
    assert again.status_code == 400 and "preparation" in again.data["error"]

    signup = f"{API}/seasons/{season}/signups/"
    closed = client_for(user).post(signup, {})
    assert closed.status_code == 400 and "not open" in closed.data["error"]
    assert client_for(user).post(f"{API}/seasons/{season}/open-signup/").status_code == 403
    opened = organiser.post(f"{API}/seasons/{season}/open-signup/")
    assert opened.status_code == 200 and opened.data["status"] == "signup"

    players = [UserFactory() for _ in range(4)]
    for player in players:
        response = client_for(player).post(signup, {})
        assert response.status_code == 201, response.data
        assert response.data["username"] == player.username
    duplicate = client_for(players[0]).post(signup, {})
    assert duplicate.status_code == 409 and "already signed up" in duplicate.data["error"]
    assert client_for().post(signup, {}).status_code == 401
    # Withdraw and sign up again; others' sign-ups are the organiser's to change.
    withdraw = f"{signup}{players[0].username}/"
    assert client_for(players[1]).delete(withdraw).status_code == 403
    assert client_for(players[0]).delete(withdraw).status_code == 204
    assert client_for(players[0]).delete(withdraw).status_code == 404
    assert client_for(players[0]).post(signup, {}).status_code == 201
    assert client_for(user).post(signup, {"username": other_user.username}).status_code == 403
    assert organiser.post(signup, {"username": other_user.username}).status_code == 201
    assert organiser.post(signup, {"username": "nobody-here"}).status_code == 404
    assert organiser.post(signup, {"username": "bad name!"}).status_code == 400
    listed = client_for().get(signup)
    assert listed.data["count"] == 5

    assert organiser.post(f"{API}/seasons/{season}/close-signup/").status_code == 200
    late = client_for(user).post(signup, {})
    assert late.status_code == 400 and "not open" in late.data["error"]
    assert client_for(players[1]).post(f"{API}/seasons/{season}/start/").status_code == 403
    started = organiser.post(f"{API}/seasons/{season}/start/")
    assert started.status_code == 200, started.data
    assert started.data["status"] == "running"
    divisions = started.data["divisions"]
    assert [d["level"] for d in divisions] == [1]
    assert sum(len(g["members"]) for d in divisions for g in d["groups"]) == 5
    assert LeagueGame.objects.filter(group__division__season_id=season).count() == 5

    not_yet = organiser.post(f"{API}/seasons/{season}/end/")
    assert not_yet.status_code == 400 and "still running" in not_yet.data["error"]
    twice = organiser.post(f"{API}/seasons/{season}/start/")
    assert twice.status_code == 400 and "cannot start" in twice.data["error"]


def test_a_season_needs_enough_players(client_for):
    league = LeagueFactory()
    season = SeasonFactory(league=league)
    for _ in range(3):
        SignUp.objects.create(season=season, user=UserFactory())
    response = client_for(league.created_by).post(f"{API}/seasons/{season.pk}/start/")
    assert response.status_code == 400 and "at least 4 players" in response.data["error"]
    assert Season.objects.get(pk=season.pk).status == "signup"


def test_season_dates_must_be_in_order(client_for):
    league = LeagueFactory()
    response = client_for(league.created_by).post(
        f"{API}/{league.pk}/seasons/",
        {"signup_opens_at": "2030-01-10T00:00:00Z", "signup_closes_at": "2030-01-01T00:00:00Z"},
    )
    assert response.status_code == 400 and "signup_closes_at" in response.data["error"]
    season = SeasonFactory(league=league)
    moved = client_for(league.created_by).patch(
        f"{API}/seasons/{season.pk}/", {"starts_at": "2030-02-01T00:00:00Z"}
    )
    assert moved.status_code == 200 and moved.data["starts_at"].startswith("2030-02-01")
    assert (
        client_for(UserFactory())
        .patch(f"{API}/seasons/{season.pk}/", {"starts_at": None})
        .status_code
        == 403
    )


def test_seasons_and_groups_are_listed_and_filtered(api, running_season):
    league, season, users = running_season(6)
    other = SeasonFactory(league=LeagueFactory(name="Other"))
    assert api.get(f"{API}/seasons/").data["count"] == 2
    assert [s["id"] for s in api.get(f"{API}/seasons/?league={league.pk}").data["results"]] == [
        season.pk
    ]
    assert [s["id"] for s in api.get(f"{API}/seasons/?status=signup").data["results"]] == [other.pk]
    assert api.get(f"{API}/seasons/?status=bogus").status_code == 400
    mine = api.get(f"{API}/seasons/?player={users[0].username}").data["results"]
    assert [s["id"] for s in mine] == [season.pk]

    groups = api.get(f"{API}/groups/?season={season.pk}").data["results"]
    assert [(g["division"], g["number"], g["code"]) for g in groups] == [
        (1, 1, "D1L1"),
        (2, 1, "D2L1"),
    ]
    assert len(api.get(f"{API}/groups/?level=2").data["results"]) == 1
    found = api.get(f"{API}/groups/?player={users[5].username}").data["results"]
    assert [g["code"] for g in found] == ["D2L1"]
    assert api.get(f"{API}/groups/?level=0").status_code == 400
    assert api.get(f"{API}/seasons/{season.pk}/divisions/").status_code == 200
    detail = api.get(f"{API}/groups/{groups[0]['id']}/").data
    assert [m["username"] for m in detail["members"]] == [u.username for u in users[:3]]
    assert api.get(f"{API}/{league.pk}/seasons/").data["count"] == 1


def test_standings_and_schedule_of_a_running_group(api, running_season):
    _league, season, users = running_season(3)
    group = season.divisions.get().groups.get()
    standings = api.get(f"{API}/groups/{group.pk}/standings/").data
    assert standings["points_table"] == [2, 1, 0]
    assert [r["username"] for r in standings["standings"]] == [u.username for u in users]
    assert all(r["points"] == 0 and r["games"] == 0 for r in standings["standings"])
    assert all(r["games_scheduled"] == 3 for r in standings["standings"])
    schedule = api.get(f"{API}/groups/{group.pk}/schedule/").data
    assert [g["name"] for g in schedule] == [
        f"{season.league.name}_S1_D1L1_G{n}" for n in (1, 2, 3)
    ]
    assert all(g["url"] == f"/games/{g['game_id']}/" and g["status"] == "running" for g in schedule)
    assert [[s["seat"] for s in g["seats"]] for g in schedule] == [[1, 2, 3]] * 3
    per_season = api.get(f"{API}/seasons/{season.pk}/standings/").data
    assert [s["group"]["code"] for s in per_season] == ["D1L1"]
    assert api.get(f"{API}/groups/999999/standings/").status_code == 404


def test_a_league_game_names_its_league_in_the_games_api(api, running_season):
    league, season, _users = running_season(3)
    league_game = LeagueGame.objects.select_related("group__division").first()
    detail = api.get(f"/api/v1/games/{league_game.game_id}/").data
    assert detail["league"] == {
        "league": {"id": league.pk, "name": league.name},
        "season": {"id": season.pk, "number": 1},
        "division": 1,
        "group": {"id": league_game.group_id, "number": 1, "code": "D1L1"},
        "game_number": league_game.number,
        "standings_url": f"/leagues/groups/{league_game.group_id}/",
    }
    Game.objects.create(created_by=league.created_by, player_count=2, name="friendly")
    listed = api.get("/api/v1/games/").data["results"]
    assert {g["name"]: bool(g["league"]) for g in listed} == {
        **{lg.game.name: True for lg in LeagueGame.objects.select_related("game")},
        "friendly": False,
    }


def test_the_games_list_looks_leagues_up_once(api, running_season, django_assert_max_num_queries):
    running_season(3)
    few = len(api.get("/api/v1/games/").data["results"])
    with django_assert_max_num_queries(40) as few_queries:
        api.get("/api/v1/games/")
    running_season(9)
    with django_assert_max_num_queries(400) as many_queries:
        many = len(api.get("/api/v1/games/").data["results"])
    assert many == few + 9
    league_lookups = [q for q in many_queries.captured_queries if "leagues_leaguegame" in q["sql"]]
    assert len(league_lookups) == 1
    assert len(few_queries.captured_queries) > 0


# --- a player leaves -------------------------------------------------------------------------


def test_dropping_a_player_is_an_organiser_action_with_readable_errors(client_for, running_season):
    league, season, users = running_season(3)
    group = season.divisions.get().groups.get()
    url = f"{API}/groups/{group.pk}/members/{users[0].username}/drop/"
    assert client_for().post(url, {}).status_code == 401
    assert client_for(users[1]).post(url, {}).status_code == 403
    organiser = client_for(league.created_by)
    # Nobody has chosen a faction yet: the games cannot go on without the player.
    early = organiser.post(url, {})
    assert early.status_code == 400 and "replacement" in early.data["error"]
    assert Membership.objects.get(user=users[0]).status == "active"
    assert organiser.post(url, {"replacement": users[1].username}).status_code == 400
    assert organiser.post(url, {"replacement": "nobody-here"}).status_code == 404
    unknown = f"{API}/groups/{group.pk}/members/nobody-here/drop/"
    assert organiser.post(unknown, {}).status_code == 404
    assert (
        organiser.post(f"{API}/groups/{group.pk}/members/bad%00name/drop/", {}).status_code == 404
    )

    substitute = UserFactory()
    replaced = organiser.post(url, {"replacement": substitute.username})
    assert replaced.status_code == 200, replaced.data
    members = {m["username"]: m for m in replaced.data["members"]}
    assert members[users[0].username]["status"] == "replaced"
    assert members[substitute.username]["arrival"] == "replacement"
    assert members[substitute.username]["replaces"] == users[0].username
    assert organiser.post(url, {}).status_code == 400  # already gone


def test_every_organiser_action_is_in_the_openapi_schema(api):
    schema = api.get("/api/schema/", HTTP_ACCEPT="application/json").json()
    paths = schema["paths"]
    expected = {
        "/api/v1/leagues/": {"get", "post"},
        "/api/v1/leagues/{league_id}/": {"get", "patch"},
        "/api/v1/leagues/{league_id}/admins/": {"post"},
        "/api/v1/leagues/{league_id}/admins/{username}/": {"delete"},
        "/api/v1/leagues/{league_id}/seasons/": {"get", "post"},
        "/api/v1/leagues/seasons/{season_id}/": {"get", "patch"},
        "/api/v1/leagues/seasons/{season_id}/open-signup/": {"post"},
        "/api/v1/leagues/seasons/{season_id}/close-signup/": {"post"},
        "/api/v1/leagues/seasons/{season_id}/start/": {"post"},
        "/api/v1/leagues/seasons/{season_id}/end/": {"post"},
        "/api/v1/leagues/seasons/{season_id}/signups/": {"get", "post"},
        "/api/v1/leagues/seasons/{season_id}/signups/{username}/": {"delete"},
        "/api/v1/leagues/groups/{group_id}/standings/": {"get"},
        "/api/v1/leagues/groups/{group_id}/schedule/": {"get"},
        "/api/v1/leagues/groups/{group_id}/refresh/": {"post"},
        "/api/v1/leagues/groups/{group_id}/members/{username}/drop/": {"post"},
    }
    for path, methods in expected.items():
        assert path in paths, path
        assert methods <= set(paths[path]), (path, set(paths[path]))
    league_field = schema["components"]["schemas"]["GameDetailOutput"]["properties"]["league"]
    assert league_field


def test_staff_organise_every_league(client_for, running_season):
    league, season, _users = running_season(3)
    other_staff = StaffFactory()
    group = season.divisions.get().groups.get()
    refreshed = client_for(other_staff).post(f"{API}/groups/{group.pk}/refresh/")
    assert refreshed.status_code == 200
    assert client_for(UserFactory()).post(f"{API}/groups/{group.pk}/refresh/").status_code == 403
    assert client_for(other_staff).patch(f"{API}/{league.pk}/", {"cycles": 2}).status_code == 200
