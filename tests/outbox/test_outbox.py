"""The outbox: work recorded with the move that causes it, run once, swept when the broker fails."""

from __future__ import annotations

import socket
import time
from datetime import timedelta

import pytest
import time_machine
from django.core import mail
from django.db import transaction
from django.utils import timezone

from games import services
from outbox import services as outbox
from outbox import tasks as outbox_tasks
from outbox.models import Entry
from tests.notifications.worker import _forget_connections
from tm_site import celery_app
from tm_site.exceptions import ApplicationError

pytestmark = pytest.mark.django_db


def later(seconds: float):
    return time_machine.travel(timezone.now() + timedelta(seconds=seconds))


@pytest.fixture
def broker_down(monkeypatch):
    def refused(*args, **kwargs):
        raise ConnectionRefusedError("the broker is down")

    monkeypatch.setattr(outbox_tasks.entry_run, "apply_async", refused)


def test_with_the_broker_down_a_turn_mail_waits_and_the_sweep_sends_it_once(
    table, committed, broker_down, settings, caplog
):
    game = table()
    mail.outbox.clear()
    waiting = game.next_user()
    with committed():
        game.play()
    assert "Broker unavailable" in caplog.text
    assert mail.outbox == []
    assert set(Entry.objects.values_list("status", flat=True)) == {"pending"}

    assert outbox.sweep() == 0  # younger than the grace: a worker may still be on it
    with later(settings.OUTBOX_GRACE + 1):
        assert outbox.sweep() >= 1
        assert outbox.sweep() == 0
    sent = [(m.to[0], m.subject) for m in mail.outbox]
    assert len(sent) == len(set(sent))  # nothing twice
    assert game.next_user() != waiting
    assert any(to == game.next_user().email and "turn" in subject for to, subject in sent)
    assert set(Entry.objects.values_list("status", flat=True)) == {"done"}


def test_a_moves_mail_work_is_written_in_the_moves_own_transaction(table):
    # A process that dies right after the commit still leaves the work for the sweep.
    game = table()
    before = Entry.objects.count()
    with transaction.atomic():
        game.play()
        recorded = Entry.objects.count() - before
        transaction.set_rollback(True)
    assert recorded >= 1
    assert Entry.objects.count() == before  # and a move rolled back takes its work with it


def test_a_refused_move_records_no_work(table, committed):
    game = table()
    before = Entry.objects.count()
    with committed(), pytest.raises(ApplicationError):
        services.move_submit(
            game_id=game.game_id,
            user=game.next_user(),
            command="build Z99",
            expected_move_number=game.game.move_count,
        )
    assert Entry.objects.count() == before


def test_a_move_where_no_player_has_a_confirmed_address_records_no_mail_work(table, committed):
    # No one could be mailed: the move costs the worker nothing. Once one player confirms an
    # address, the same game's moves record their mail work again.
    game = table()
    seated = [s.user for s in game.game.seats.select_related("user")]
    User = type(seated[0])
    User.objects.filter(pk__in=[u.pk for u in seated]).update(email="")
    before = Entry.objects.count()
    with committed():
        game.play()
    assert Entry.objects.count() == before
    User.objects.filter(pk=seated[0].pk).update(email="first@example.org")
    with committed():
        game.play()
    assert Entry.objects.count() == before + 1


def test_an_entry_a_worker_holds_is_left_alone_until_its_claim_expires(
    table, committed, broker_down, settings
):
    game = table()
    with committed():
        game.play()
    entry = Entry.objects.filter(status="pending").latest("id")
    Entry.objects.filter(pk=entry.pk).update(claimed_at=timezone.now())
    mail.outbox.clear()
    with later(settings.OUTBOX_GRACE + 1):
        outbox.sweep()
        assert Entry.objects.get(pk=entry.pk).status == "pending"
    with later(settings.OUTBOX_LEASE + 1):
        outbox.sweep()
    entry.refresh_from_db()
    assert entry.status == "done" and entry.attempts == 1


def test_failing_work_is_tried_again_then_given_up_with_its_error(settings, monkeypatch):
    def broken(**kwargs):
        raise RuntimeError("the database of chats is gone")

    monkeypatch.setattr("notifications.services.chat_notify", broken)
    settings.OUTBOX_MAX_ATTEMPTS = 2
    entry = Entry.objects.create(task="notifications.tasks.chat_notify", args=[987654])
    assert outbox.entry_run(entry.pk) is False
    entry.refresh_from_db()
    assert (entry.status, entry.attempts) == ("pending", 1) and "chats is gone" in entry.error
    with later(settings.OUTBOX_LEASE + 1):
        outbox.sweep()
    entry.refresh_from_db()
    assert (entry.status, entry.attempts) == ("failed", 2)


def test_a_broker_that_never_answers_holds_a_move_only_for_the_configured_timeouts(
    table, committed, settings
):
    """A broker that accepts connections and never replies (a hung Redis): the move still
    succeeds, after the connect and socket timeouts of the transport options at most."""
    game = table()
    silent = socket.socket()
    silent.bind(("127.0.0.1", 0))
    silent.listen(16)  # never accepted: connects complete, replies never come
    saved = {k: celery_app.conf.get(k) for k in ("broker_url", "broker_transport_options")}
    options = {"socket_connect_timeout": 1, "socket_timeout": 2}
    celery_app.conf.update(
        broker_url=f"redis://127.0.0.1:{silent.getsockname()[1]}/0",
        broker_transport_options=options,
        task_always_eager=False,
    )
    _forget_connections(celery_app)
    try:
        started = time.monotonic()
        with committed():
            game.play()
        took = time.monotonic() - started
    finally:
        celery_app.conf.update(task_always_eager=True, **saved)
        _forget_connections(celery_app)
        silent.close()
    assert game.played == 1 and Entry.objects.filter(status="pending").exists()
    # Unbounded, the move would wait for the broker forever; generous against a busy machine.
    assert took < 10 * (options["socket_connect_timeout"] + options["socket_timeout"])
