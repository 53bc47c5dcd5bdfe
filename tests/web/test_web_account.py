"""The account page (e-mail, password, notifications, automatic answers, API token) and
resetting a forgotten password by mail."""

from __future__ import annotations

import re

import pytest
from django.core import mail
from django.test import Client
from rest_framework.authtoken.models import Token

from notifications.selectors import preferences_view
from tests.factories import UserFactory
from web import selectors
from web.models import AutoLeechDefault, AutoLeechSetting

pytestmark = pytest.mark.django_db
PASSWORD = "a-good-password-42"


@pytest.fixture
def member():
    user = UserFactory(email="member@example.org")
    user.set_password(PASSWORD)
    user.save()
    return user


@pytest.fixture
def browser(member) -> Client:
    client = Client()
    client.force_login(member)
    return client


def post(client: Client, section: str, **fields):
    return client.post("/account/", {"section": section, **fields}, follow=True)


def test_the_account_page_needs_a_login():
    response = Client().get("/account/")
    assert response.status_code == 302 and "/login/" in response["Location"]


def test_a_new_address_is_confirmed_by_the_mailed_link(
    browser, member, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        response = post(browser, "email", email="new@example.net")
    assert "A confirmation link was mailed to new@example.net" in response.text
    assert 'id="pending-email"' in response.text
    [confirmation] = mail.outbox
    assert confirmation.to == ["new@example.net"]
    path = re.search(r"https?://[^/\s]+(/account/email/confirm/\S+/)", confirmation.body).group(1)
    Client().post(path)
    member.refresh_from_db()
    assert member.email == "new@example.net"
    assert 'id="pending-email"' not in browser.get("/account/").text


def test_the_password_changes_and_the_session_stays(browser, member):
    wrong = post(
        browser, "password", old_password="nope", new_password="x" * 12, new_password_again="x" * 12
    )
    assert "The current password is wrong." in wrong.text
    differ = post(
        browser,
        "password",
        old_password=PASSWORD,
        new_password="another-one-77",
        new_password_again="other",
    )
    assert "The passwords differ." in differ.text
    done = post(
        browser,
        "password",
        old_password=PASSWORD,
        new_password="another-one-77",
        new_password_again="another-one-77",
    )
    assert "Password changed." in done.text
    assert browser.get("/account/").status_code == 200  # still logged in
    member.refresh_from_db()
    assert member.check_password("another-one-77")


def test_a_forgotten_password_is_reset_by_mail(member):
    client = Client()
    assert 'href="/account/password/reset/"' in client.get("/login/").text
    response = client.post("/account/password/reset/", {"email": "member@example.org"}, follow=True)
    assert "Check your mail" in response.text
    [message] = mail.outbox
    assert message.to == ["member@example.org"] and "Tablelands" in message.subject
    path = re.search(r"https?://[^/\s]+(/account/password/reset/\S+/)", message.body).group(1)
    form = client.get(path, follow=True)
    assert "Choose a new password" in form.text
    done = client.post(
        form.redirect_chain[-1][0],
        {"new_password1": "fresh-password-91", "new_password2": "fresh-password-91"},
        follow=True,
    )
    assert "Password changed" in done.text
    member.refresh_from_db()
    assert member.check_password("fresh-password-91")
    # The link works once.
    assert "too old" in Client().get(path, follow=True).text
    # Unknown addresses get the same answer and no mail.
    mail.outbox.clear()
    Client().post("/account/password/reset/", {"email": "nobody@example.org"})
    assert mail.outbox == []


def test_mail_notifications_are_chosen_per_kind(browser, member):
    fields = {"your_turn-enabled": "on", "your_turn-delivery": "daily", "chat-enabled": "on"}
    response = post(browser, "notifications", **fields)
    assert "Mail settings saved." in response.text
    prefs = preferences_view(member)
    assert prefs["your_turn"] == {"enabled": True, "delivery": "daily"}
    assert prefs["chat"]["enabled"] is True
    assert prefs["game_over"]["enabled"] is False  # unchecked boxes switch off


def test_automatic_answers_of_the_account_apply_to_games_without_their_own(
    browser, member, started_game
):
    game, _ = started_game()
    post(
        browser,
        "autoleech",
        enabled="on",
        take_up_to="3",
        decline_from="6",
        cultists_take_up_to="1",
        cultists_decline_from="5",
        last_round_free_cultist="take",
    )
    default = AutoLeechDefault.objects.get(user=member).settings
    assert default["take_up_to"] == 3 and default["enabled"] is True
    assert selectors.autoleech_settings_by_user(game, [member.pk]) == {member.pk: default}
    # The page shows them back, the stored choice selected.
    page = browser.get("/account/").text
    assert 'name="take_up_to" id="a-take" value="3"' in page
    assert '<option value="take" selected>take</option>' in page
    # A game's own settings come first.
    own = {**default, "take_up_to": 1}
    AutoLeechSetting.objects.create(game=game, user=member, settings=own)
    assert selectors.autoleech_settings_by_user(game, [member.pk])[member.pk]["take_up_to"] == 1


def test_the_api_token_is_created_shown_once_and_revoked(browser, member):
    created = post(browser, "token", action="new")
    key = Token.objects.get(user=member).key
    assert key in created.text
    assert key not in browser.get("/account/").text
    post(browser, "token", action="revoke")
    assert not Token.objects.filter(user=member).exists()


def test_mail_footers_link_to_the_account_page(member):
    from notifications import emails

    composed = emails.compose(
        "game_started", user_id=member.pk, name="M", subject="s", summary="s", url="/x/"
    )
    assert "/account/#notifications" in composed.text
    assert "/api/v1/me/notifications/" not in composed.text + composed.html
