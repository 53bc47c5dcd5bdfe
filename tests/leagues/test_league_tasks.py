"""The leagues' Celery tasks run eagerly (task.apply()), the league clock, and the refresh of
standings when a league game ends (games.signals.game_finished)."""

from __future__ import annotations

from datetime import timedelta

import pytest
import time_machine
from django.conf import settings
from django.utils import timezone

from games.models import Game
from games.signals import game_finished
from leagues import receivers, services, tasks
from leagues.models import LeagueGame, Membership, Season, SignUp
from outbox import services as outbox_services
from outbox import tasks as outbox_tasks
from tests.factories import LeagueFactory, SeasonFactory, UserFactory
from tests.leagues.league_play import play_to_end

pytestmark = pytest.mark.django_db


def run(task, *args):
    return task.apply(args=args).get()


def test_season_tasks_call_the_services_and_are_safe_to_repeat():
    league = LeagueFactory(players_per_game=3, group_size=3, options=["strict-leech"])
    season = SeasonFactory(league=league, status="draft")
    assert run(tasks.open_signup, season.pk) == {"ok": True}
    repeated = run(tasks.open_signup, season.pk)
    assert repeated["ok"] is False and "cannot open" in repeated["error"]
    for _ in range(3):
        SignUp.objects.create(season=season, user=UserFactory())
    assert run(tasks.close_signup, season.pk) == {"ok": True}
    assert run(tasks.start_season, season.pk) == {"ok": True}
    assert run(tasks.start_season, season.pk)["ok"] is False
    season.refresh_from_db()
    assert season.status == "running" and LeagueGame.objects.count() == 3
    early = run(tasks.end_season, season.pk)
    assert early["ok"] is False and "still running" in early["error"]
    assert run(tasks.open_signup, 10**9) == {"ok": False, "error": f"No season {10**9}."}


def test_refresh_of_a_game_outside_any_league_does_nothing(started_game):
    game, _players = started_game()
    assert run(tasks.refresh_standings, game.pk) == {"ok": True, "league_game": False}


def test_the_league_clock_opens_closes_and_starts_seasons_on_time():
    now = timezone.now()
    league = LeagueFactory(players_per_game=3, group_size=3, options=["strict-leech"])
    season = SeasonFactory(
        league=league,
        status="draft",
        signup_opens_at=now + timedelta(hours=1),
        signup_closes_at=now + timedelta(days=1),
        starts_at=now + timedelta(days=2),
    )
    assert run(tasks.advance_seasons) == []
    assert services.advance_seasons(now=now + timedelta(hours=2)) == [
        {"season_id": season.pk, "action": "signup_open", "ok": True}
    ]
    for _ in range(2):
        services.signup_add(season_id=season.pk, user=UserFactory())
    closing = services.advance_seasons(now=now + timedelta(days=1, hours=1))
    assert [(d["action"], d["ok"]) for d in closing] == [("signup_close", True)]
    # Too few players: the start is refused, reported, and tried again on the next run.
    failed = services.advance_seasons(now=now + timedelta(days=3))
    assert failed[0]["ok"] is False and "at least 3 players" in failed[0]["error"]
    SignUp.objects.create(season=season, user=UserFactory())
    started = services.advance_seasons(now=now + timedelta(days=3, minutes=5))
    assert started == [{"season_id": season.pk, "action": "season_start", "ok": True}]
    assert Season.objects.get(pk=season.pk).status == "running"


def test_a_finished_league_game_refreshes_its_groups_standings(
    running_season, eager_celery, django_capture_on_commit_callbacks
):
    _league, season, _users = running_season(3, auto_end=False)
    first = LeagueGame.objects.order_by("number").first()
    with django_capture_on_commit_callbacks(execute=True):
        game = play_to_end(first.game_id, seed=3)
    assert game.status == Game.Status.FINISHED
    members = {m.user_id: m for m in Membership.objects.filter(season=season)}
    assert sorted(m.games_finished for m in members.values()) == [1, 1, 1]
    assert sum(m.points for m in members.values()) == 3  # 2 + 1 + 0
    assert {m.rank for m in members.values()} <= {1, 2, 3}
    first.group.refresh_from_db()
    assert first.group.standings_updated_at is not None
    assert Season.objects.get(pk=season.pk).status == "running"


def test_without_a_broker_the_refresh_waits_for_the_outbox_sweep(
    running_season, monkeypatch, caplog, django_capture_on_commit_callbacks
):
    _league, season, _users = running_season(3, auto_end=False)
    league_game = LeagueGame.objects.order_by("number").first()

    def unreachable(*args, **kwargs):
        raise ConnectionRefusedError("no broker")

    monkeypatch.setattr(outbox_tasks.entry_run, "apply_async", unreachable)
    with django_capture_on_commit_callbacks(execute=True):
        play_to_end(league_game.game_id, seed=4)
    assert "Broker unavailable" in caplog.text

    def finished() -> list[int]:
        return sorted(
            Membership.objects.filter(season=season).values_list("games_finished", flat=True)
        )

    assert finished() == [0, 0, 0]
    with time_machine.travel(timezone.now() + timedelta(seconds=settings.OUTBOX_GRACE + 1)):
        outbox_services.sweep()
    assert finished() == [1, 1, 1]


def test_the_receiver_is_connected_and_ignores_games_outside_leagues(
    started_game, django_capture_on_commit_callbacks
):
    assert receivers.game_finished in [entry[1]() for entry in game_finished.receivers]
    game, _players = started_game()
    with django_capture_on_commit_callbacks() as callbacks:
        receivers.game_finished(sender=Game, game_id=game.pk, ranking=[])
    assert callbacks == []
