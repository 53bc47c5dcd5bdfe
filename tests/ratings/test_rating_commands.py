"""The management commands: recompute, prediction report, benchmark."""

import re
from io import StringIO

import pytest
from django.core.management import call_command
from rating_factories import store

from ratings import services
from ratings.models import PlayerRating, RatingChange
from ratings.synthetic import synthetic_games

pytestmark = pytest.mark.django_db


def run(*args):
    out = StringIO()
    call_command(*args, stdout=out, stderr=StringIO())
    return out.getvalue()


def test_recompute_ratings_rebuilds_everything_from_the_games():
    games = list(synthetic_games(20, players=8, seed=4))
    store(games)
    services.ratings_recompute()
    expected = sorted(PlayerRating.objects.values_list("user_id", "rating", "games"))
    PlayerRating.objects.update(rating=0.0)
    RatingChange.objects.all().delete()
    assert "Rated 20 games." in run("recompute_ratings", "--no-progress")
    assert sorted(PlayerRating.objects.values_list("user_id", "rating", "games")) == expected
    assert RatingChange.objects.count() == 80


def test_rating_report_scores_one_row_per_parameter_combination(settings):
    settings.RATINGS_MIN_GAMES = 2
    store(list(synthetic_games(30, players=8, seed=9)))
    out = run("rating_report", "--stake", "8", "16", "--faction-weight", "0", "1")
    rows = [line.split() for line in out.splitlines() if re.match(r"\s*\d", line)]
    assert [(r[0], r[1], r[2]) for r in rows] == [
        ("8", "2", "0"),
        ("8", "2", "1"),
        ("16", "2", "0"),
        ("16", "2", "1"),
    ]
    for row in rows:
        assert row[5].endswith("%") and 0 <= float(row[5][:-1]) <= 100
        assert float(row[6]) > 0


def test_rating_report_on_no_games_says_so_without_failing():
    out = run("rating_report")
    assert "-" in out.splitlines()[1]


def test_bench_ratings_times_the_computation():
    out = run("bench_ratings", "--games", "50", "--players", "10", "--no-db")
    assert re.search(r"computation of 50 games: [\d.]+ s", out)
