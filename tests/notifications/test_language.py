"""Mails go out in each recipient's language, whatever the language of the request that caused them."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.utils import translation

from accounts.models import Profile
from notifications import services, tasks
from tests.conftest import load_corpus_game
from tests.notifications.tables import GAME

pytestmark = pytest.mark.django_db


def mails_to(address: str) -> list:
    return [m for m in mail.outbox if m.to == [address]]


def test_each_player_is_mailed_in_their_language(table, committed):
    first, second, *_ = load_corpus_game(GAME)["players"]
    german = get_user_model().objects.create(username=first, email=f"{first}@example.org")
    Profile.objects.update_or_create(user=german, defaults={"language": "de"})
    # The game starts from an English request: the German player's mails stay German.
    with translation.override("en"), committed():
        table()
    started, turn = mails_to(german.email)
    assert started.subject == "[Tablelands] Table hat begonnen"
    assert started.body.startswith(f"Hallo {first},")
    assert "Du spielst auf Platz 1." in started.body
    assert "Diese Mails folgen deinen Benachrichtigungseinstellungen:" in started.body
    html, _ = started.alternatives[0]
    assert '<html lang="de">' in html and "Zur Partie" in html
    assert turn.subject == "[Tablelands] Du bist am Zug in Table"
    assert "Du bist am Zug in Table:" in turn.body

    [english] = [m for m in mails_to(f"{second}@example.org") if "started" in m.subject]
    assert english.subject == "[Tablelands] Table has started"
    assert english.body.startswith(f"Hello {second},")


def test_a_german_players_mail_names_factions_as_the_german_rulebook(table, committed):
    t = table()
    nomads = t.owner["nomads"]
    Profile.objects.update_or_create(user=nomads, defaults={"language": "de"})
    t.play(4)  # the four factions are chosen
    mail.outbox.clear()
    with translation.override("en"), committed():
        t.play(1)  # darklings' first dwelling: nomads are next
    [message] = mail.outbox
    assert message.subject == "[Tablelands] Du bist am Zug in Table"
    assert "Du bist am Zug (Nomaden) in Table:" in message.body
    assert "ein Startwohnhaus setzen" in message.body  # what is waited for, in German too
    assert "Züge seit deinem letzten Zug" in message.body


def test_a_german_players_digest_is_german(table, committed):
    t = table()
    t.play(4)
    nomads = t.owner["nomads"]
    Profile.objects.update_or_create(user=nomads, defaults={"language": "de"})
    services.preferences_update(user=nomads, changes={"your_turn": {"delivery": "daily"}})
    with committed():
        t.play(1)
    mail.outbox.clear()
    with translation.override("en"):
        tasks.digests_send.delay()
    [digest] = mails_to(nomads.email)
    assert digest.subject == "[Tablelands] Deine Partien: 1 Benachrichtigung"
    assert "Was in deinen Partien geschah:" in digest.body
    assert "- Table, Zug 5: " in digest.body  # the summary, written when deferred


def test_a_german_mythotopia_turn_mail_says_what_to_do_in_german(committed):
    from games import services as game_services
    from tests.factories import UserFactory

    users = [UserFactory(), UserFactory()]
    for user in users:
        Profile.objects.update_or_create(user=user, defaults={"language": "de"})
    with translation.override("en"), committed():
        game = game_services.game_create(user=users[0], player_count=2, kind="mythotopia")
        game_services.game_join(game_id=game.pk, user=users[1])
    turns = [m for m in mail.outbox if "Du bist am Zug" in m.subject]
    assert turns, [m.subject for m in mail.outbox]
    for message in turns:
        assert (
            "noch 2 Aktionen ausführen" in message.body
            or "die geheime Wahl zu Spielbeginn treffen (Zitadelle)" in message.body
        ), message.body
        assert "take 2 more actions" not in message.body
