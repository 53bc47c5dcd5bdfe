"""Notifications with tasks run eagerly and the locmem mail backend: who is told what, and once."""

from __future__ import annotations

from datetime import timedelta

import pytest
import time_machine
from django.core import mail
from django.core.mail.backends.base import BaseEmailBackend
from django.test import override_settings
from django.utils import timezone

from games import services as game_services
from notifications import emails, services, tasks
from notifications.models import Notification, Preference

pytestmark = pytest.mark.django_db


def subjects(address: str) -> list[str]:
    return [m.subject for m in mail.outbox if m.to == [address]]


def test_game_start_tells_every_player_and_the_first_to_act(table, committed):
    with committed():
        t = table()
    assert sorted(m.to[0] for m in mail.outbox if "has started" in m.subject) == sorted(
        f"{name}@example.org" for name in t.record["players"]
    )
    first = t.record["players"][0]
    assert subjects(f"{first}@example.org") == [
        "[Tablelands] Table has started",
        "[Tablelands] Your turn in Table",
    ]


def test_your_turn_mail_lists_the_moves_since_the_last_turn_and_links_the_game(table, committed):
    t = table()
    t.play(4)  # the four factions are chosen
    mail.outbox.clear()
    with committed():
        t.play(1)  # darklings' first dwelling: nomads are next
    nomads = t.owner["nomads"]
    [message] = mail.outbox
    assert message.to == [nomads.email]
    assert message.subject == "[Tablelands] Your turn in Table"
    assert message.extra_headers["X-TM-Notification"] == "your_turn"
    text = message.body
    assert f"/games/{t.game_id}/" in text
    # nomads chose their faction in move 2; moves 3-5 came since
    assert "3. player3: setup mermaids" in text
    assert "5. darklings: build G5" in text
    assert "2. " not in text
    html, mimetype = message.alternatives[0]
    assert mimetype == "text/html"
    assert "<code>build G5</code>" in html
    assert message.extra_headers["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    assert "/notifications/unsubscribe/" in message.extra_headers["List-Unsubscribe"]


def test_a_turn_mail_says_how_long_the_player_has_to_act(table, committed):
    with time_machine.travel("2026-11-20 12:00:00+00:00", tick=False):
        t = table(move_time_limit=timedelta(hours=24))
        t.play(4)
        mail.outbox.clear()
        with committed():
            t.play(1)  # darklings' first dwelling: nomads are next, for a day
    [message] = mail.outbox
    assert message.to == [t.owner["nomads"].email]
    assert "You have 1 d 0 h to act." in message.body
    assert "<strong>You have 1 d 0 h to act.</strong>" in message.alternatives[0][0]


def test_a_turn_mail_costs_four_statements(table, django_assert_num_queries):
    """The game, its players and their choices; the moves since the player's last; the mail
    stored claimed; marked sent. (The outbox's claim and done make six for the worker.)"""
    t = table()
    t.play(4)
    game = t.game
    nomads = t.owner["nomads"]
    waiting = [{"seat": 2, "kind": "dwelling", "category": "setup", "user_id": nomads.pk}]
    mail.outbox.clear()
    with django_assert_num_queries(4):
        sent = tasks.move_notify(game.pk, game.move_count, [waiting[0] | {"new": True}])
    assert sent == 1
    assert [m.to for m in mail.outbox] == [[nomads.email]]
    assert Notification.objects.get().status == "sent"


def test_a_leech_offer_to_a_player_not_on_turn_is_a_decision(table, committed):
    t = table()
    for _ in range(120):
        with committed():
            t.play()
        decisions = [m for m in mail.outbox if m.extra_headers["X-TM-Notification"] == "decision"]
        if decisions:
            break
    [message] = decisions
    assert "accept or decline power" in message.subject
    assert "A decision awaits you" in message.body
    # only the leech: the player whose turn it is got a "your turn" for the same move
    move = message.extra_headers["X-TM-Key"].split(":")[2]
    others = [m for m in mail.outbox if m.extra_headers["X-TM-Key"].split(":")[2:3] == [move]]
    assert {m.extra_headers["X-TM-Notification"] for m in others} <= {"decision", "your_turn"}


def test_a_disabled_kind_sends_nothing(table, committed):
    t = table()
    t.play(4)
    Preference.objects.create(user=t.owner["nomads"], kind="your_turn", enabled=False)
    mail.outbox.clear()
    with committed():
        t.play(1)
    assert mail.outbox == []


def test_daily_delivery_waits_for_the_digest(table, committed):
    t = table()
    t.play(4)
    nomads = t.owner["nomads"]
    services.preferences_update(user=nomads, changes={"your_turn": {"delivery": "daily"}})
    mail.outbox.clear()
    with committed():
        t.play(1)
        t.play_until(lambda: t.next_user() == nomads and t.played > 6)
        t.play(1)
    assert subjects(nomads.email) == []
    assert Notification.objects.filter(user=nomads, status="deferred").count() == 2
    tasks.digests_send.delay()
    tasks.digests_send.delay()  # a second run finds nothing left
    [digest] = [m for m in mail.outbox if m.to == [nomads.email]]
    assert digest.subject == "[Tablelands] Your games: 2 notifications"
    assert digest.body.count(f"/games/{t.game_id}/") == 2
    assert Notification.objects.filter(user=nomads, status="digested").count() == 2


def test_chat_goes_to_the_other_players_who_want_it(table, committed):
    t = table()
    names = t.record["players"]
    services.preferences_update(user=t.users[names[1]], changes={"chat": {"enabled": True}})
    mail.outbox.clear()
    with committed():
        game_services.chat_post(game_id=t.game_id, user=t.users[names[0]], text="Good luck!")
    [message] = mail.outbox
    assert message.to == [t.users[names[1]].email]
    assert "Good luck!" in message.body


def test_every_move_mails_when_asked_for(table, committed):
    t = table()
    watcher = t.users[t.record["players"][3]]
    services.preferences_update(user=watcher, changes={"move": {"enabled": True}})
    mail.outbox.clear()
    with committed():
        t.play(1)
    assert subjects(watcher.email) == ["[Tablelands] Table: player1: setup darklings"]


# --- idempotency -----------------------------------------------------------------------------


def test_a_duplicated_or_retried_task_never_sends_twice(table, committed):
    t = table()
    t.play(4)
    game = t.game
    waiting = [
        {
            "actor": "nomads",
            "seat": 2,
            "kind": "dwelling",
            "category": "setup",
            "user_id": t.owner["nomads"].pk,
            "new": True,
        }
    ]
    mail.outbox.clear()
    for _ in range(3):  # duplicate deliveries of the same message
        tasks.move_notify.delay(game.pk, game.move_count, waiting)
    tasks.move_notify.apply(args=(game.pk, game.move_count, waiting), retries=1)  # a retry
    assert len(mail.outbox) == 1
    assert Notification.objects.get().status == "sent"


def test_delivery_claims_before_sending(table):
    t = table()
    [first, *_] = services.game_started_notify(game_id=t.game_id)
    notification = Notification.objects.get(pk=first)
    assert notification.status == "pending"
    # a second worker holding a fresh claim: this one backs off
    Notification.objects.filter(pk=notification.pk).update(
        status="sending", claimed_at=timezone.now()
    )
    assert services.notification_deliver(notification.pk) is False
    assert mail.outbox == []
    # the claim of a worker that died long ago is taken over
    later = timezone.now() + timedelta(hours=1)
    assert services.notification_deliver(notification.pk, now=later) is True
    assert services.notification_deliver(notification.pk, now=later) is False
    assert len(mail.outbox) == 1


def test_a_refused_mail_stays_pending_and_the_flush_sends_it(table):
    t = table()
    ids = services.game_started_notify(game_id=t.game_id)
    assert len(ids) == 5  # four players, and the first to act
    with override_settings(EMAIL_BACKEND="tests.notifications.test_notifications.RefusingBackend"):
        assert services.notifications_deliver(ids) == 0
    assert set(Notification.objects.values_list("status", flat=True)) == {"pending"}
    assert Notification.objects.filter(error__contains="ConnectionRefusedError").count() == len(ids)
    assert tasks.notifications_flush.delay().get() == len(ids)
    assert tasks.notifications_flush.delay().get() == 0
    assert len(mail.outbox) == len(ids)


class RefusingBackend(BaseEmailBackend):
    def send_messages(self, messages):
        raise ConnectionRefusedError("the mail server is down")


@override_settings(NOTIFICATIONS_MAX_ATTEMPTS=2)
def test_delivery_gives_up_after_repeated_errors(table):
    t = table()
    first = Notification.objects.get(pk=services.game_started_notify(game_id=t.game_id)[0])
    with override_settings(EMAIL_BACKEND="tests.notifications.test_notifications.RefusingBackend"):
        services.notification_deliver(first.pk)
        services.notification_deliver(first.pk)
    first.refresh_from_db()
    assert (first.status, first.attempts) == ("failed", 2)
    assert first.pk not in services.selectors.notifications_to_retry()


# --- unsubscribing and preferences --------------------------------------------------------------


def test_unsubscribe_page_asks_then_one_click_switches_off(client, table):
    t = table()
    user = t.users[t.record["players"][0]]
    url = emails.unsubscribe_url(user.pk, "your_turn").removeprefix("http://127.0.0.1:8000")
    page = client.get(url)
    assert page.status_code == 200 and b'<form method="post">' in page.content
    assert not Preference.objects.filter(user=user).exists()  # a GET changes nothing
    # RFC 8058: the mail client posts without session or CSRF token
    done = client.post(url, {"List-Unsubscribe": "One-Click"})
    assert done.status_code == 200 and b"no longer receive" in done.content
    assert Preference.objects.get(user=user, kind="your_turn").enabled is False
    assert client.post(url).status_code == 200  # idempotent
    assert client.get("/notifications/unsubscribe/forged-token/").status_code == 400


def test_unsubscribe_from_everything(api, table):
    t = table()
    user = t.users[t.record["players"][0]]
    token = emails.unsubscribe_token(user.pk, emails.ALL_KINDS)
    response = api.post("/api/v1/notifications/unsubscribe/", {"token": token}, format="json")
    assert response.status_code == 200
    assert set(
        Preference.objects.filter(user=user, enabled=False).values_list("kind", flat=True)
    ) == {"your_turn", "decision", "game_started", "game_over", "chat", "move", "time"}
    bad = api.post("/api/v1/notifications/unsubscribe/", {"token": token + "x"}, format="json")
    assert bad.status_code == 400


def test_preferences_api(client_for, user):
    api = client_for(user)
    start = api.get("/api/v1/me/notifications/").json()
    assert start["your_turn"] == {"enabled": True, "delivery": "immediate"}
    assert start["chat"] == {"enabled": False, "delivery": "immediate"}
    changed = api.patch(
        "/api/v1/me/notifications/", {"chat": {"enabled": True, "delivery": "daily"}}, format="json"
    ).json()
    assert changed["chat"] == {"enabled": True, "delivery": "daily"}
    assert changed["your_turn"] == start["your_turn"]
    bad = api.patch("/api/v1/me/notifications/", {"chat": {"delivery": "weekly"}}, format="json")
    assert bad.status_code == 400


def test_profile_switches_are_the_preferences(client_for, user):
    api = client_for(user)
    response = api.patch(
        "/api/v1/me/", {"notify_your_turn": False, "notify_chat": True}, format="json"
    )
    assert response.status_code == 200
    assert (response.data["notify_your_turn"], response.data["notify_chat"]) == (False, True)
    prefs = api.get("/api/v1/me/notifications/").json()
    assert prefs["your_turn"]["enabled"] is False and prefs["decision"]["enabled"] is False
    assert prefs["chat"]["enabled"] is True
    assert api.get("/api/v1/me/").data["notify_game_end"] is True


def test_old_notifications_are_purged(table):
    t = table()
    ids = services.game_started_notify(game_id=t.game_id)
    services.notifications_deliver(ids[:3])
    later = timezone.now() + timedelta(days=91)
    assert tasks.notifications_purge.delay().get() == 0
    assert services.notifications_purge(now=later) == 3
    assert Notification.objects.filter(status="pending").count() == len(ids) - 3


def test_a_resignation_before_the_factions_aborts_the_game_and_tells_everybody(table, committed):
    with committed():
        t = table()
    mail.outbox.clear()
    resigner = t.users[t.record["players"][2]]
    with committed():
        game_services.game_resign(game_id=t.game_id, user=resigner)
    aborted = [m for m in mail.outbox if m.subject == "[Tablelands] Table was aborted"]
    assert sorted(m.to[0] for m in aborted) == sorted(
        f"{n}@example.org" for n in t.record["players"]
    )
    assert all(f"{resigner.username} resigned before choosing a faction" in m.body for m in aborted)
    # The same event delivered twice sends nothing more.
    assert tasks.game_aborted_notify.delay(t.game_id, "again").get() == 0
