"""Who may do what, for every endpoint: anonymous, another player, a seated player, the creator, staff."""

from __future__ import annotations

import pytest

from tests.factories import StaffFactory, UserFactory

pytestmark = pytest.mark.django_db

ROLES = ("anonymous", "other", "seated", "creator", "staff")

# (method, path under /api/v1/games/{id}, body, {role: status}) on a running public game.
PUBLIC_RUNNING = [
    ("get", "/", None, dict(anonymous=200, other=200, seated=200, creator=200, staff=200)),
    ("get", "/state/", None, dict(anonymous=200, other=200, seated=200, creator=200, staff=200)),
    ("get", "/moves/", None, dict(anonymous=200, other=200, seated=200, creator=200, staff=200)),
    ("get", "/ledger/", None, dict(anonymous=200, other=200, seated=200, creator=200, staff=200)),
    ("get", "/export/", None, dict(anonymous=200, other=200, seated=200, creator=200, staff=200)),
    ("get", "/chat/", None, dict(anonymous=200, other=200, seated=200, creator=200, staff=200)),
    ("get", "/legal/", None, dict(anonymous=401, other=403, seated=200, creator=200, staff=403)),
    (
        "post",
        "/chat/",
        {"text": "hi"},
        dict(anonymous=401, other=403, seated=201, creator=201, staff=201),
    ),
    (
        "post",
        "/moves/",
        {"command": "frobnicate", "expected_move_number": 0},
        dict(anonymous=401, other=403, seated=400, creator=400, staff=403),
    ),
    (
        "post",
        "/undo/",
        {"expected_move_number": 0},
        dict(anonymous=401, other=403, seated=400, creator=400, staff=403),
    ),
    (
        "post",
        "/rollback/",
        {"to_move_number": 0},
        dict(anonymous=401, other=403, seated=403, creator=400, staff=400),
    ),
    (
        "post",
        "/drop/",
        {"faction": "witches"},
        dict(anonymous=401, other=403, seated=403, creator=403, staff=400),
    ),
    ("post", "/resign/", None, dict(anonymous=401, other=403, seated=200, creator=200, staff=403)),
    ("post", "/start/", None, dict(anonymous=401, other=403, seated=403, creator=400, staff=400)),
    ("post", "/join/", None, dict(anonymous=401, other=400, seated=400, creator=400, staff=400)),
    ("post", "/leave/", None, dict(anonymous=401, other=400, seated=400, creator=400, staff=400)),
]

# A private running game is invisible to strangers.
PRIVATE_RUNNING = [
    ("get", "/", None, dict(anonymous=404, other=404, seated=200, creator=200, staff=200)),
    ("get", "/state/", None, dict(anonymous=404, other=404, seated=200, creator=200, staff=200)),
    ("get", "/moves/", None, dict(anonymous=404, other=404, seated=200, creator=200, staff=200)),
    ("get", "/ledger/", None, dict(anonymous=404, other=404, seated=200, creator=200, staff=200)),
    ("get", "/export/", None, dict(anonymous=404, other=404, seated=200, creator=200, staff=200)),
    ("get", "/chat/", None, dict(anonymous=404, other=404, seated=200, creator=200, staff=200)),
    (
        "post",
        "/chat/",
        {"text": "hi"},
        dict(anonymous=401, other=404, seated=201, creator=201, staff=201),
    ),
    (
        "post",
        "/moves/",
        {"command": "frobnicate", "expected_move_number": 0},
        dict(anonymous=401, other=404, seated=400, creator=400, staff=403),
    ),
    (
        "post",
        "/rollback/",
        {"to_move_number": 0},
        dict(anonymous=401, other=404, seated=403, creator=400, staff=400),
    ),
]


def _cases(table):
    for method, path, body, expected in table:
        for role in ROLES:
            yield pytest.param(
                method, path, body, role, expected[role], id=f"{method} {path} as {role}"
            )


def _client(role, game, players, client_for):
    creator, seated = players
    who = {
        "anonymous": None,
        "other": UserFactory(),
        "seated": seated,
        "creator": creator,
        "staff": StaffFactory(),
    }[role]
    return client_for(who)


def _call(api, method, url, body):
    return (
        getattr(api, method)(url, body, format="json")
        if body is not None
        else getattr(api, method)(url)
    )


@pytest.mark.parametrize(("method", "path", "body", "role", "status"), list(_cases(PUBLIC_RUNNING)))
def test_public_running_game(started_game, client_for, method, path, body, role, status):
    game, players = started_game()
    response = _call(
        _client(role, game, players, client_for), method, f"/api/v1/games/{game.pk}{path}", body
    )
    assert response.status_code == status, getattr(response, "data", response.content)
    if status >= 400:
        assert response.json()["error"]


@pytest.mark.parametrize(
    ("method", "path", "body", "role", "status"), list(_cases(PRIVATE_RUNNING))
)
def test_private_running_game(started_game, client_for, method, path, body, role, status):
    game, players = started_game(public=False)
    response = _call(
        _client(role, game, players, client_for), method, f"/api/v1/games/{game.pk}{path}", body
    )
    assert response.status_code == status, getattr(response, "data", response.content)


@pytest.mark.parametrize(("role", "status"), [("anonymous", 401), ("other", 403), ("staff", 400)])
def test_import_is_for_staff(client_for, role, status):
    who = {"anonymous": None, "other": UserFactory(), "staff": StaffFactory()}[role]
    response = client_for(who).post("/api/v1/games/import/", {}, format="json")
    assert response.status_code == status


@pytest.mark.parametrize(("role", "status"), [("anonymous", 401), ("other", 201), ("staff", 201)])
def test_create_needs_an_account(client_for, role, status):
    who = {"anonymous": None, "other": UserFactory(), "staff": StaffFactory()}[role]
    assert (
        client_for(who).post("/api/v1/games/", {"player_count": 2}, format="json").status_code
        == status
    )


def test_open_game_join_leave_start_by_role(client_for, user):
    from games import services

    game = services.game_create(user=user, player_count=3, options=[])
    url = f"/api/v1/games/{game.pk}"
    assert client_for().post(f"{url}/join/").status_code == 401
    assert client_for(StaffFactory()).post(f"{url}/start/").status_code == 400  # not full yet
    assert client_for(UserFactory()).post(f"{url}/start/").status_code == 403
    assert client_for(UserFactory()).post(f"{url}/leave/").status_code == 400
    assert client_for(UserFactory()).post(f"{url}/join/").status_code == 200
