"""The worker's incremental update equals a rebuild from scratch, over random result sets."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from stats_helpers import assert_same_tallies, finished_game, later, tallies, user

from games.models import Game
from ratings import services as rating_services
from ratings.models import FactionRating, PlayerRating, RatedGame, RatingChange, RatingLedger
from stats import services
from stats.models import CountedGame, PairTally, PlayerTally, RoleTally, StatsLedger

FACTIONS = ["witches", "nomads", "darklings", "giants", "mermaids", "engineers", "riverwalkers"]
MAPS = ["126fe960806d587c78546b30f1a90853b1ada468", "2afadc63f4d81e850b7c16fb21a1dcd29658c392"]
PLAYERS = ["ann", "bob", "cid", "dee", "eve", "fay"]


@st.composite
def game_spec(draw):
    kind = draw(st.sampled_from(["terra_mystica", "terra_mystica", "mythotopia"]))
    count = draw(st.integers(2, 4 if kind == "mythotopia" else 5))
    players = draw(st.permutations(PLAYERS).map(lambda p: p[:count]))
    if kind == "mythotopia":
        roles = ["red", "blue", "green", "yellow"][:count]
    else:
        roles = draw(st.permutations(FACTIONS).map(lambda f: f[:count]))
    scores = draw(st.lists(st.integers(40, 60), min_size=count, max_size=count))  # many ties
    dropped = draw(
        st.lists(st.integers(0, 9).map(lambda n: n == 0), min_size=count, max_size=count)
    )
    return {
        "kind": kind,
        "seats": list(zip(players, roles, scores, dropped, strict=True)),
        "options": draw(st.sampled_from([[], ["fire-and-ice-factions/variable"], ["strict-leech"]]))
        if kind == "terra_mystica"
        else [],
        "map_id": draw(st.sampled_from(MAPS)),
        "public": draw(st.integers(0, 5).map(lambda n: n != 0)),
        "hours": draw(st.integers(0, 24 * 70)),  # over three months
    }


def _clear() -> None:
    """Hypothesis runs every example in the same test transaction: start each from nothing."""
    for model in (
        Game,
        CountedGame,
        RoleTally,
        PlayerTally,
        PairTally,
        StatsLedger,
        RatingChange,
        RatedGame,
        PlayerRating,
        FactionRating,
        RatingLedger,
    ):
        model.objects.all().delete()


@pytest.mark.django_db
@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(specs=st.lists(game_spec(), min_size=1, max_size=12))
def test_incremental_update_equals_rebuild(specs):
    _clear()
    games = []
    for spec in specs:
        games.append(
            finished_game(
                [
                    (user(name), role, score, dropped)
                    for name, role, score, dropped in spec["seats"]
                ],
                later(spec["hours"]),
                kind=spec["kind"],
                options=spec["options"],
                map_id=spec["map_id"],
                public=spec["public"],
            )
        )
    # Counted one by one as the worker does, in the order the games finished (ties: by id),
    # each rated first as the end-of-game processing does.
    for game in sorted(games, key=lambda g: (g.finished_at, g.pk)):
        rating_services.game_rate(game.pk)
        outcome = services.game_count(game.pk)
        assert outcome == ("counted" if game.public else "not counted")
    incremental = tallies()
    assert incremental["games"] == {g.pk for g in games if g.public}
    services.stats_rebuild()
    assert_same_tallies(incremental, tallies())


@pytest.mark.django_db
def test_a_game_finishing_before_a_counted_one_rebuilds():
    a, b, c, d = (user(n) for n in ("ann", "bob", "cid", "dee"))
    first = finished_game([(a, "witches", 120), (b, "nomads", 110), (c, "giants", 100)], later(5))
    early = finished_game([(b, "witches", 130), (c, "nomads", 90), (d, "giants", 95)], later(1))
    for game in (first, early):
        rating_services.game_rate(game.pk)
    assert services.game_count(first.pk) == "counted"
    # The ratings were recomputed with the earlier game first: what they predicted for the
    # later one changed, so the statistics are rebuilt rather than added to.
    assert services.game_count(early.pk) == "rebuilt"
    incremental = tallies()
    services.stats_rebuild()
    assert_same_tallies(incremental, tallies())
    assert incremental["games"] == {first.pk, early.pk}
