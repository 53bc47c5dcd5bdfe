"""Confirmation mails are limited per account (an hour) and per address (a day): the site can
not be made to mail an address over and over. Past a limit the request is a 429 that names it,
and nothing changes."""

from __future__ import annotations

from datetime import timedelta

import pytest
import time_machine
from django.core import mail
from django.utils import timezone

from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def ask(client_for, user, email: str, capture):
    with capture(execute=True):
        return client_for(user).patch("/api/v1/me/", {"email": email}, format="json")


def test_an_account_gets_three_confirmation_mails_an_hour(
    client_for, django_capture_on_commit_callbacks, settings
):
    user = UserFactory()
    mail.outbox.clear()
    answers = [
        ask(client_for, user, f"victim{i}@example.org", django_capture_on_commit_callbacks)
        for i in range(4)
    ]
    assert [a.status_code for a in answers] == [200, 200, 200, 429]
    refused = answers[-1].json()
    assert "3 confirmation mails an hour per account" in refused["error"]
    assert 0 < refused["retry_after"] <= 3600
    assert len(mail.outbox) == 3
    user.profile.refresh_from_db()
    assert user.profile.email_pending == "victim2@example.org"  # the refused one changed nothing
    with time_machine.travel(timezone.now() + timedelta(hours=1, minutes=1)):
        again = ask(client_for, user, "victim3@example.org", django_capture_on_commit_callbacks)
    assert again.status_code == 200
    assert len(mail.outbox) == 4


def test_an_address_gets_three_confirmation_mails_a_day_whoever_asks(
    client_for, django_capture_on_commit_callbacks
):
    mail.outbox.clear()
    codes = [
        ask(
            client_for, UserFactory(), "Victim@Example.org", django_capture_on_commit_callbacks
        ).status_code
        for _ in range(3)
    ]
    refused = ask(
        client_for, UserFactory(), "victim@example.org", django_capture_on_commit_callbacks
    )
    assert codes == [200, 200, 200]
    assert refused.status_code == 429
    assert "3 confirmation mails a day go to one address" in refused.json()["error"]
    assert [m.to for m in mail.outbox] == [["Victim@example.org"]] * 3
    # Other addresses are not held up by it.
    other = ask(client_for, UserFactory(), "friend@example.org", django_capture_on_commit_callbacks)
    assert other.status_code == 200
