"""The ratings API: leaderboard, a player's history, faction strengths per map."""

import pytest
from rating_factories import MAP, T0, finished_game
from rest_framework.test import APIClient

from ratings import services

pytestmark = pytest.mark.django_db

FACTIONS = ("witches", "nomads", "giants", "auren")


@pytest.fixture
def client():
    return APIClient()


@pytest.fixture
def rated(users, settings):
    """Two rated games among ann, bob, cid, dee; eve has none."""
    settings.RATINGS_MIN_GAMES = 2
    first = finished_game(list(zip(users[:4], FACTIONS, (120, 100, 100, 80), strict=True)))
    second = finished_game(
        list(zip(users[:4], FACTIONS, (80, 130, 90, 100), strict=True)), map_id="fjords"
    )
    services.game_rate(first.pk)
    services.game_rate(second.pk)
    return first, second


def test_leaderboard_ranks_established_players_by_rating(client, rated):
    body = client.get("/api/v1/ratings/leaderboard/").json()
    assert body["count"] == 4
    rows = body["results"]
    assert [r["rank"] for r in rows] == [1, 2, 3, 4]
    assert [r["rating"] for r in rows] == sorted((r["rating"] for r in rows), reverse=True)
    assert rows[0]["username"] == "bob"
    assert all(r["games"] == 2 and not r["provisional"] for r in rows)


def test_leaderboard_pages_keep_counting_ranks(client, rated):
    page2 = client.get("/api/v1/ratings/leaderboard/?page_size=3&page=2").json()
    assert [r["rank"] for r in page2["results"]] == [4]


def test_leaderboard_filters_by_minimum_games_and_activity(client, rated, settings):
    settings.RATINGS_MIN_GAMES = 3
    assert client.get("/api/v1/ratings/leaderboard/").json()["count"] == 0
    with_provisional = client.get("/api/v1/ratings/leaderboard/?min_games=1").json()
    assert with_provisional["count"] == 4
    assert all(r["provisional"] for r in with_provisional["results"])
    _, second = rated
    since = second.finished_at.isoformat().replace("+00:00", "Z")
    assert (
        client.get(f"/api/v1/ratings/leaderboard/?active_since={since}&min_games=0").json()["count"]
        == 4
    )
    later = "2099-01-01T00:00:00Z"
    assert client.get(f"/api/v1/ratings/leaderboard/?active_since={later}").json()["count"] == 0


def test_leaderboard_rejects_bad_filters(client, rated):
    assert client.get("/api/v1/ratings/leaderboard/?min_games=-1").status_code == 400
    assert client.get("/api/v1/ratings/leaderboard/?active_since=yesterday").status_code == 400
    assert client.get("/api/v1/ratings/leaderboard/?min_games=10000000000").status_code == 400
    assert client.get("/api/v1/ratings/leaderboard/?page_size=0").status_code == 400


def test_player_history_has_one_entry_per_rated_game(client, rated, users):
    first, second = rated
    body = client.get("/api/v1/players/ann/ratings/").json()
    assert [h["game_id"] for h in body["history"]] == [first.pk, second.pk]
    one, two = body["history"]
    assert one["rating_before"] == 1000.0 and one["rating_after"] == 1024.0
    assert one["delta"] == 24.0 and one["rank"] == 1 and one["provisional"]
    assert two["rating_before"] == one["rating_after"]
    assert two["map_id"] == "fjords" and two["faction"] == "witches" and two["vp"] == 80
    assert body["rating"] == two["rating_after"]
    assert body["games"] == 2 and not body["provisional"]


def test_a_player_without_rated_games_has_no_rating_yet(client, rated):
    body = client.get("/api/v1/players/eve/ratings/").json()
    assert body == {
        "username": "eve",
        "rating": None,
        "games": 0,
        "provisional": True,
        "history": [],
    }


def test_an_unknown_player_is_not_found(client, db):
    assert client.get("/api/v1/players/nobody/ratings/").status_code == 404


def test_faction_ratings_per_map(client, rated, settings):
    rows = client.get("/api/v1/ratings/factions/").json()
    assert {(r["faction"], r["map_id"]) for r in rows} == {
        (f, m) for f in FACTIONS for m in (MAP, "fjords")
    }
    fjords = client.get("/api/v1/ratings/factions/?map_id=fjords").json()
    assert [r["map_id"] for r in fjords] == ["fjords"] * 4
    assert all(r["games"] == 1 for r in fjords)
    # Both games were among provisional players, so no faction strength has moved yet.
    assert all(r["rating"] == 0.0 for r in rows)


def test_faction_strength_moves_once_players_are_established(client, rated, users):
    third = finished_game(
        list(zip(users[:4], FACTIONS, (150, 100, 100, 80), strict=True)),
        finished_at=T0.replace(year=2025),
    )
    services.game_rate(third.pk)
    rows = client.get(f"/api/v1/ratings/factions/?map_id={MAP}").json()
    assert rows[0]["faction"] == "witches" and rows[0]["rating"] > 0
    assert rows[-1]["faction"] == "auren" and rows[-1]["rating"] < 0


def test_a_page_past_the_end_is_not_found(client, rated):
    assert client.get("/api/v1/ratings/leaderboard/?page=9").status_code == 404


def test_a_name_no_player_can_have_is_not_found(client, db):
    assert client.get("/api/v1/players/a%00b/ratings/").status_code == 404
