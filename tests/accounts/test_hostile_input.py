"""Hostile input and account holes: each answered with a clear 4xx, never a 500, nothing lost."""

from __future__ import annotations

import threading
from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.db import connection
from django.utils import timezone
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from accounts.models import TokenUse
from accounts.tokens import email_token
from games import services
from games.kinds.terra_mystica import notation
from games.models import Game
from tests.conftest import load_corpus_game
from tests.factories import PASSWORD, StaffFactory, UserFactory

pytestmark = pytest.mark.django_db
User = get_user_model()
RECORD = "4pLeague_S60_D1L1_G1"


# --- single-line fields ------------------------------------------------------------------------


def test_line_breaks_in_names_and_chat_never_reach_a_mail_header_or_the_export(
    started_game, client_for, django_capture_on_commit_callbacks
):
    game, (creator, joiner) = started_game()
    api = client_for(creator)
    response = api.patch("/api/v1/me/", {"display_name": "Evil\r\nBcc: victim@example.org"})
    assert response.data["display_name"] == "Evil Bcc: victim@example.org"
    created = api.post(
        "/api/v1/games/", {"player_count": 2, "name": "Line\nbreak\u2028game"}, format="json"
    )
    assert created.data["name"] == "Line break game"
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        sent = client_for(joiner).post(
            f"/api/v1/games/{game.pk}/chat/", {"text": "two\r\nlines\nSubject: spoof"}
        )
    assert sent.status_code == 201
    chat_mails = [m for m in mail.outbox if m.extra_headers["X-TM-Notification"] == "chat"]
    for message in chat_mails:
        assert "\n" not in message.subject and "\r" not in message.subject
        message.message()  # raises BadHeaderError if a header holds a line break
    Game.objects.filter(pk=game.pk).update(name="a\nname")  # as an old row might
    export = api.get(f"/api/v1/games/{game.pk}/export/").content.decode()
    assert export.splitlines()[0].startswith("# a name")


# --- imports -----------------------------------------------------------------------------------


def import_game(staff_api, **body):
    return staff_api.post("/api/v1/games/import/", body, format="json")


def test_an_import_with_an_unsafe_player_name_is_refused_and_the_lobby_keeps_working(
    client_for, client
):
    staff_api = client_for(StaffFactory())
    record = load_corpus_game(RECORD)
    first = record["players"][0]
    for bad in ("evil/na me", "x" * 200, "a\x00b", ""):
        owner = {f: bad if p == first else p for f, p in record["faction_players"].items()}
        game = {**record, "players": [bad, *record["players"][1:]], "faction_players": owner}
        response = import_game(staff_api, game=game)
        assert response.status_code == 400, (bad, response.data)
        assert "valid username" in response.data["error"] or "NUL" in response.data["error"]
    assert client.get("/").status_code == 200
    assert Game.objects.count() == 0


@pytest.mark.parametrize(
    "game",
    [
        {"players": "abc"},
        {"players": ["a1", "b2"], "faction_players": [], "rows": []},
        {"players": ["a1", "b2"], "faction_players": {}, "rows": [1, 2]},
        {"players": ["a1", "b2"], "faction_players": {}, "rows": [{"command": "setup"}]},
        {"players": [1, 2], "faction_players": {}, "rows": []},
        [1, 2, 3],
    ],
)
def test_a_malformed_corpus_file_is_refused_with_what_is_wrong(client_for, game):
    response = import_game(client_for(StaffFactory()), game=game)
    assert response.status_code == 400
    assert response.data["error"].startswith(("Not a corpus game", "Send either"))


def test_an_import_never_seats_existing_accounts_unless_asked_and_never_staff(client_for):
    staff = StaffFactory()
    staff_api = client_for(staff)
    record = load_corpus_game(RECORD)
    existing = UserFactory(username=record["players"][0])
    response = import_game(staff_api, game=record)
    assert response.status_code == 400
    assert existing.username in response.data["error"]
    assert Game.objects.count() == 0
    response = import_game(staff_api, game=record, attach_existing=True)
    assert response.status_code == 201, response.data
    assert existing.username in [s["username"] for s in response.data["seats"]]

    staff_named = {**record, "players": [staff.username, *record["players"][1:]]}
    owner = dict(record["faction_players"])
    owner.update({f: staff.username for f, p in owner.items() if p == record["players"][0]})
    staff_named["faction_players"] = owner
    response = import_game(staff_api, game=staff_named, attach_existing=True)
    assert response.status_code == 400
    assert "never seated" in response.data["error"]


# --- lookups and bodies that used to end in a 500 ----------------------------------------------


def test_nul_characters_in_paths_queries_and_bodies_are_client_errors(client, client_for):
    api = client_for(UserFactory())
    assert client.get("/players/%00/").status_code == 404
    assert APIClient().get("/api/v1/players/%00/").status_code == 404
    assert APIClient().get("/api/v1/games/?player=%00").status_code == 400
    assert api.patch("/api/v1/me/", {"display_name": "a\x00b"}, format="json").status_code == 400


def test_a_deeply_nested_body_is_a_400(client_for):
    api = client_for(UserFactory())
    body = "[" * 100_000 + "]" * 100_000
    response = api.generic("PATCH", "/api/v1/me/", body, content_type="application/json")
    assert response.status_code == 400
    assert "nested" in response.json()["error"]


# --- usernames ---------------------------------------------------------------------------------


@pytest.mark.django_db(transaction=True)
def test_usernames_differing_only_in_case_cannot_be_registered_at_once():
    if connection.vendor != "postgresql":
        pytest.skip("concurrent registrations need PostgreSQL")
    names = ["Racer", "racer", "RACER", "rAcEr"] * 4
    codes: list[int] = []
    barrier = threading.Barrier(len(names))

    def register(name: str) -> None:
        barrier.wait()
        try:
            response = APIClient().post(
                "/api/v1/auth/register/",
                {"username": name, "password": "a-long-pass-phrase"},
                format="json",
            )
            codes.append(response.status_code)
        finally:
            connection.close()

    threads = [threading.Thread(target=register, args=(n,)) for n in names]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(codes) == [201] + [400] * (len(names) - 1)
    assert User.objects.filter(username__iexact="racer").count() == 1


@pytest.mark.parametrize("lookalike", ["Anna_1", "anna1", "ANNAl", "anna-i", "ann.a1"])
def test_names_easily_mistaken_for_an_existing_player_are_refused(api, lookalike):
    api.post("/api/v1/auth/register/", {"username": "anna1", "password": "a-long-pass-phrase"})
    response = api.post(
        "/api/v1/auth/register/", {"username": lookalike, "password": "a-long-pass-phrase"}
    )
    assert response.status_code == 400
    assert "anna1" in response.data["error"]


# --- private games through the page forms ------------------------------------------------------


@pytest.mark.parametrize("action", ["join", "leave", "start", "resign", "move", "undo", "chat"])
def test_page_forms_of_a_private_game_answer_404_as_for_a_missing_one(started_game, client, action):
    game, _ = started_game(public=False)
    client.force_login(UserFactory())
    private = client.post(f"/games/{game.pk}/{action}/", {"command": "pass"})
    missing = client.post(f"/games/{game.pk + 1000}/{action}/", {"command": "pass"})
    assert private.status_code == missing.status_code == 404


# --- API tokens --------------------------------------------------------------------------------


def token_client(user, password=PASSWORD) -> tuple[APIClient, str]:
    api = APIClient()
    token = api.post(
        "/api/v1/auth/token/", {"username": user.username, "password": password}, format="json"
    ).data["token"]
    api.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    return api, token


def test_a_password_change_rotates_the_token():
    user = UserFactory()
    api, old = token_client(user)
    changed = api.post(
        "/api/v1/me/password/",
        {"old_password": PASSWORD, "new_password": "another-long-phrase"},
        format="json",
    )
    assert changed.status_code == 200
    assert changed.data["token"] != old
    assert api.get("/api/v1/me/").status_code == 401
    api.credentials(HTTP_AUTHORIZATION=f"Token {changed.data['token']}")
    assert api.get("/api/v1/me/").status_code == 200


def test_a_password_changed_anywhere_else_revokes_the_token_too():
    user = UserFactory()
    api, _ = token_client(user)
    user.set_password("set-by-an-admin-1")
    user.save()
    response = api.get("/api/v1/me/")
    assert response.status_code == 401
    assert "password changed" in response.json()["error"]


def test_an_idle_token_expires(settings):
    settings.API_TOKEN_IDLE_DAYS = 30
    user = UserFactory()
    api, token = token_client(user)
    assert api.get("/api/v1/me/").status_code == 200
    TokenUse.objects.filter(token_id=token).update(last_used_at=timezone.now() - timedelta(days=31))
    response = api.get("/api/v1/me/")
    assert response.status_code == 401
    assert "expired" in response.json()["error"]
    assert not Token.objects.filter(key=token).exists()


def test_a_player_revokes_their_token():
    api, _token = token_client(UserFactory())
    assert api.delete("/api/v1/auth/token/").status_code == 204
    assert api.get("/api/v1/me/").status_code == 401


# --- e-mail addresses --------------------------------------------------------------------------


def test_a_new_address_gets_mail_only_once_confirmed(
    started_game, client_for, django_capture_on_commit_callbacks
):
    _game, (creator, _joiner) = started_game()
    old = creator.email
    api = client_for(creator)
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        response = api.patch("/api/v1/me/", {"email": "attacker@example.org"})
    assert response.data["email"] == old
    assert response.data["email_pending"] == "attacker@example.org"
    [confirm] = mail.outbox
    assert confirm.to == ["attacker@example.org"]
    creator.refresh_from_db()
    assert creator.email == old  # game mail still goes to the confirmed address

    token = email_token(creator.pk, "attacker@example.org")
    page = client_for(None)
    assert page.post("/api/v1/auth/email/confirm/", {"token": token + "x"}).status_code == 400
    assert page.post("/api/v1/auth/email/confirm/", {"token": token}).status_code == 200
    creator.refresh_from_db()
    assert creator.email == "attacker@example.org"


def test_the_confirmation_page_confirms_only_on_its_button(client):
    user = UserFactory()
    user.profile.email_pending = "new@example.org"
    user.profile.save()
    url = f"/account/email/confirm/{email_token(user.pk, 'new@example.org')}/"
    assert client.get(url).status_code == 200
    user.refresh_from_db()
    assert user.email != "new@example.org"  # a mail scanner opening the link changes nothing
    assert client.post(url).status_code == 200
    user.refresh_from_db()
    assert user.email == "new@example.org"


def test_import_of_a_whole_game_still_works_for_new_players(staff):
    game = services.game_import(
        game_file=notation.corpus_entries(load_corpus_game(RECORD)), created_by=staff
    )
    assert game.status == Game.Status.FINISHED
