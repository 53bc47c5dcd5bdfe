"""Mails go out over one kept SMTP connection, and a connection the server dropped costs none."""

from __future__ import annotations

import pytest

from notifications import services
from notifications.models import Notification
from tests.notifications.mailserver import MailServer

pytestmark = pytest.mark.django_db


def test_mails_share_a_connection_and_survive_the_server_dropping_it(table, settings):
    first = MailServer()
    first.start()
    for name, value in first.settings().items():
        setattr(settings, name, value)
    t = table()
    ids = services.game_started_notify(game_id=t.game_id)
    try:
        assert services.notifications_deliver(ids[:3]) == 3
        assert len(set(first.peers)) == 1  # one connection for the three
    finally:
        # The server goes away (a restart, or it closed the idle connection) and comes back.
        first.stop()
    second = MailServer(port=first.port)
    second.start()
    try:
        assert services.notifications_deliver(ids[3:]) == 2
    finally:
        second.stop()
    keys = dict(Notification.objects.values_list("pk", "key"))
    assert [m["X-TM-Key"] for m in first.messages] == [keys[pk] for pk in ids[:3]]
    assert [m["X-TM-Key"] for m in second.messages] == [keys[pk] for pk in ids[3:]]
    assert set(Notification.objects.values_list("status", flat=True)) == {"sent"}
