"""Fixtures of the league tests: eager Celery, a league with signed-up players."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from leagues import services
from leagues.models import League, Season
from tests.factories import LeagueFactory, SeasonFactory, UserFactory


@pytest.fixture
def eager_celery():
    """Tasks sent with .delay() run in process, as with the embedded default."""
    # The site's app, not celery.current_app: another test may have made its own app current.
    from tm_site import celery_app

    conf = celery_app.conf
    saved = conf.task_always_eager, conf.task_eager_propagates
    conf.task_always_eager, conf.task_eager_propagates = True, True
    yield
    conf.task_always_eager, conf.task_eager_propagates = saved


@pytest.fixture
def league_season(db) -> Callable[..., tuple[League, Season, list]]:
    """A league with a season in sign-up and ``players`` signed up through the service."""

    def make(players: int, **settings) -> tuple[League, Season, list]:
        league = LeagueFactory(**settings)
        season = SeasonFactory(league=league)
        users = [UserFactory() for _ in range(players)]
        for user in users:
            services.signup_add(season_id=season.pk, user=user)
        return league, season, users

    return make


@pytest.fixture
def running_season(league_season):
    """A started season of a 3-player league: ``players`` players in groups of three."""

    def make(players: int = 6, **settings) -> tuple[League, Season, list]:
        settings = {"players_per_game": 3, "group_size": 3, "options": ["strict-leech"], **settings}
        league, season, users = league_season(players, **settings)
        services.season_start(season_id=season.pk, user=league.created_by)
        season.refresh_from_db()
        return league, season, users

    return make
