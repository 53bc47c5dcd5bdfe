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
    from celery import current_app

    conf = current_app.conf
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
