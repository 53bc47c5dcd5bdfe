"""Statistics of real finished games: corpus games imported through the platform, each counted
by the worker's end-of-game processing, equal a rebuild from scratch."""

from __future__ import annotations

from collections import Counter, defaultdict

import pytest
from django.contrib.auth import get_user_model
from stats_helpers import assert_same_tallies, tallies

from games import services as game_services
from games.kinds.terra_mystica import notation
from games.models import Game, Seat
from games.tasks import game_finish_process
from stats import services
from stats.models import CountedGame
from tests.conftest import load_corpus_game

pytestmark = pytest.mark.django_db

GAMES = ["4pLeague_S60_D1L1_G1", "4pLeague_S60_D1L1_G2", "4pLeague_S60_D1L1_G3"]


def _import(name: str, public: bool = True) -> Game:
    creator = get_user_model().objects.get_or_create(username="importer")[0]
    game = game_services.game_import(
        game_file=notation.corpus_entries(load_corpus_game(name)),
        created_by=creator,
        public=public,
        attach_existing=True,
    )
    assert game.status == Game.Status.FINISHED
    return game


@pytest.fixture
def counted(api):
    """Three corpus games of one league group, each processed as the worker does it."""
    games = [_import(name) for name in GAMES]
    outcomes = [game_finish_process(g.pk) for g in games]
    return games, outcomes


def test_the_worker_counts_each_finished_game_as_a_rebuild_would(counted):
    games, outcomes = counted
    assert [o["statistics"] for o in outcomes] == ["counted"] * len(games)
    assert all(o["rating"] == "rated" for o in outcomes)
    incremental = tallies()
    assert incremental["games"] == {g.pk for g in games}

    assert services.stats_rebuild() == len(games)
    assert_same_tallies(incremental, tallies())

    # Processing a game again (a redelivered task) counts nothing twice.
    assert game_finish_process(games[0].pk)["statistics"] == "already counted"
    assert_same_tallies(incremental, tallies())


def test_role_figures_are_the_seats_of_the_games(counted, api):
    games, _ = counted
    seats = list(Seat.objects.filter(game__in=games))
    response = api.get("/api/v1/stats/roles/", {"kind": "terra_mystica"})
    assert response.status_code == 200
    rows = {r["role"]: r for r in response.json()["roles"]}
    played = Counter(s.faction for s in seats if not s.dropped)
    assert {role: r["games"] for role, r in rows.items()} == dict(played)
    for faction, row in rows.items():
        mine = [s for s in seats if s.faction == faction and not s.dropped]
        assert row["wins"] == sum(1 for s in mine if s.rank == 1)
        assert row["score"]["value"] == pytest.approx(sum(s.final_vp for s in mine) / len(mine))
        # Every seat of these games was rated: the rating-adjusted figure covers them all.
        assert row["rated"] == len(mine)
    # Per game, the rating-adjusted results of its seats add up to zero (one's gain is
    # another's loss); so do the sums over all roles.
    total = sum(r["adjusted"]["value"] * r["rated"] for r in rows.values())
    assert total == pytest.approx(0.0, abs=1e-9)


def test_head_to_head_counts_every_meeting(counted, api):
    games, _ = counted
    seats = defaultdict(dict)
    for s in Seat.objects.filter(game__in=games).select_related("user"):
        seats[s.game_id][s.user.username] = s.rank
    name = next(iter(seats[games[0].pk]))
    response = api.get(f"/api/v1/stats/players/{name}/")
    assert response.status_code == 200
    body = response.json()
    for row in body["head_to_head"]:
        met = [g for g in seats.values() if name in g and row["opponent"] in g]
        assert row["games"] == len(met)
        assert row["ahead"] == sum(1 for g in met if g[name] < g[row["opponent"]])
        assert row["behind"] == sum(1 for g in met if g[name] > g[row["opponent"]])
    assert len(body["rating"]) == sum(1 for g in seats.values() if name in g)
    assert sum(r["games"] for r in body["by_map"]) == len(body["rating"])


def test_a_private_game_is_not_counted(api):
    game = _import(GAMES[0], public=False)
    assert game_finish_process(game.pk)["statistics"] == "not counted"
    assert not CountedGame.objects.exists()
    assert api.get("/api/v1/stats/roles/").json()["roles"] == []
