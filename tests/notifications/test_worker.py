"""Background work on a real worker (Redis) with a real SMTP server receiving the mails."""

from __future__ import annotations

import dataclasses
import re
from datetime import timedelta

import pytest
import time_machine
from django.contrib.auth import get_user_model
from django.utils import timezone
from rest_framework.test import APIClient

from games import services as game_services
from games import tasks as game_tasks
from games.kinds.terra_mystica import notation
from games.models import Game
from notifications import tasks as notification_tasks
from notifications.models import Notification
from tests.conftest import load_corpus_game
from tests.notifications.conftest import drain
from tests.notifications.tables import GAME, Table, player_rows

pytestmark = pytest.mark.filterwarnings("ignore:Call to deprecated setex:DeprecationWarning")
User = get_user_model()
# Player rows of GAME after which round 2, and round 3, begin.
ROUND_ENDS = {1: 46, 2: 87}


def keys(messages) -> list[str]:
    return [m["X-TM-Key"] for m in messages]


def test_start_mails_arrive_through_the_worker(real_worker):
    t = Table()
    drain()
    messages = real_worker.wait_for(5)
    first = t.users[t.record["players"][0]]
    assert keys(real_worker.to(first.email)) == [
        f"game_started:{t.game_id}:{first.pk}",
        f"your_turn:{t.game_id}:0:{first.pk}",
    ]
    message = messages[0]
    assert message.is_multipart()
    assert [p.get_content_type() for p in message.iter_parts()] == ["text/plain", "text/html"]


def test_duplicated_tasks_on_the_worker_send_one_mail(real_worker):
    t = Table()
    t.play(4)
    drain()
    before = len(real_worker.messages)
    game = t.game
    nomads = t.owner["nomads"]
    waiting = [
        {"actor": "nomads", "seat": 2, "kind": "dwelling", "category": "setup"}
        | {"user_id": nomads.pk, "new": True}
    ]
    results = [
        notification_tasks.move_notify.delay(game.pk, game.move_count, waiting) for _ in range(4)
    ]
    assert sorted(r.get(timeout=30) for r in results) == [0, 0, 0, 1]
    drain()
    assert len(real_worker.messages) == before + 1
    key = f"your_turn:{game.pk}:{game.move_count}:{nomads.pk}"
    assert Notification.objects.filter(key=key, status="sent").count() == 1
    assert real_worker.messages[-1]["X-TM-Key"] == key


TURN = {"action", "faction", "dwelling", "bonus"}
ROUNDS = 2  # rounds played after the setup


CONFIRM_LINK = re.compile(r"/account/email/confirm/([^/\s]+)/")


class Player:
    def __init__(self, name: str, mail_server) -> None:
        self.name = name
        self.email = f"{name.lower()}@example.org"
        self.api = APIClient()
        response = self.api.post(
            "/api/v1/auth/register/",
            {"username": name, "password": f"{name}-pass-phrase!", "email": self.email},
            format="json",
        )
        assert response.status_code == 201, response.data
        self.api.credentials(HTTP_AUTHORIZATION=f"Token {response.data['token']}")
        self.id = User.objects.get(username=name).pk
        self.confirm_email(mail_server)

    def confirm_email(self, mail_server) -> None:
        """Open the confirmation link the worker mailed: game mail goes to confirmed addresses."""
        drain()
        [mail] = [m for m in mail_server.to(self.email) if not m["X-TM-Key"]]
        token = CONFIRM_LINK.search(mail.get_body(("plain",)).get_content()).group(1)
        self.post("/api/v1/auth/email/confirm/", {"token": token})
        assert self.api.get("/api/v1/me/").json()["email"] == self.email

    def post(self, path: str, body: dict | None = None):
        response = self.api.post(path, body or {}, format="json")
        assert response.status_code in (200, 201), response.data
        return response.json()


def test_the_first_rounds_of_a_recorded_game_mail_exactly_the_right_players(real_worker):
    """Four players play rounds 1 and 2 of a league game through the API; a real worker sends.

    What each player must receive is worked out from the API alone: after every move, a player
    who is now waited for and was not before (and did not just move) is told, "your turn" if one
    of their decisions is an action, "decision" otherwise (a leech offer, a town or favor tile).
    """
    record = load_corpus_game(GAME)
    players = [Player(name, real_worker) for name in record["players"]]
    by_name = {p.name: p for p in players}
    owner = {f: by_name[n] for f, n in record["faction_players"].items()}
    creator, digest_reader, quiet, chatty = players
    digest_reader.api.patch(
        "/api/v1/me/notifications/",
        {k: {"delivery": "daily"} for k in ("your_turn", "decision")},
        format="json",
    )
    quiet.api.patch("/api/v1/me/", {"notify_your_turn": False}, format="json")
    chatty.api.patch("/api/v1/me/notifications/", {"chat": {"enabled": True}}, format="json")

    game = creator.post(
        "/api/v1/games/",
        {
            "player_count": 4,
            "name": "League game",
            "options": record["options"],
            "setup": {
                "scoring_tiles": record["scoring_tiles"],
                "removed_bonus_tiles": record["removed_bonus_tiles"],
                "seat_order": record["players"],
            },
        },
    )
    url = f"/api/v1/games/{game['id']}"
    for p in players[1:]:
        p.post(f"{url}/join/")
    seat_player = {i: p for i, p in enumerate(players, start=1)}  # the recorded seat order

    expected: dict[str, list[str]] = {p.name: [] for p in players}
    digest: dict[str, int] = {p.name: 0 for p in players}
    wanted = {
        "your_turn": {p.name for p in players} - {quiet.name},
        "decision": {p.name for p in players} - {quiet.name},
        "chat": {chatty.name},
    }

    def tell(player: Player, kind: str, key: str) -> None:
        if player.name == digest_reader.name and kind in ("your_turn", "decision"):
            digest[player.name] += 1
        elif player.name in wanted.get(kind, {player.name}):
            expected[player.name].append(f"{kind}:{key}:{player.id}")

    def waiting() -> dict[int, set[str]]:
        out: dict[int, set[str]] = {}
        for decision in creator.api.get(f"{url}/").json()["waiting_for"]:
            out.setdefault(decision["seat"], set()).add(decision["kind"])
        return out

    for p in players:
        tell(p, "game_started", f"{game['id']}")
    before = waiting()
    for seat, kinds in before.items():
        tell(seat_player[seat], "your_turn" if kinds & TURN else "decision", f"{game['id']}:0")

    rows = player_rows(record)
    for number, (faction, command) in enumerate(rows[: ROUND_ENDS[ROUNDS]], start=1):
        mover = owner[faction]
        mover.post(f"{url}/moves/", {"command": command, "expected_move_number": number - 1})
        after = waiting()
        for seat, kinds in after.items():
            player = seat_player[seat]
            if seat not in before and player is not mover:
                tell(player, "your_turn" if kinds & TURN else "decision", f"{game['id']}:{number}")
        before = after
        if number == 20:
            message = mover.post(f"{url}/chat/", {"text": "Nice opening!"})
            for p in players:
                if p is not mover:
                    tell(p, "chat", f"{message['id']}")

    assert creator.api.get(f"{url}/state/").json()["round"] == ROUNDS + 1
    drain()
    for p in players:
        received = [m["X-TM-Key"] for m in real_worker.to(p.email) if m["X-TM-Key"]]
        assert received == expected[p.name], p.name
    assert len(expected[quiet.name]) == 1  # the game started: nothing else
    assert sum(1 for k in expected[chatty.name] if k.startswith("chat:")) == 1
    assert expected[digest_reader.name] == [f"game_started:{game['id']}:{digest_reader.id}"]
    assert digest[digest_reader.name] > 5

    # the daily digest gathers what the digest reader chose to receive that way
    notification_tasks.digests_send.delay().get(timeout=30)
    [mail] = [m for m in real_worker.to(digest_reader.email) if m["X-TM-Key"]][1:]
    assert mail["Subject"] == (
        f"[Tablelands] Your games: {digest[digest_reader.name]} notifications"
    )
    assert (
        mail.get_body(("plain",)).get_content().count(f"/games/{game['id']}/")
        == digest[digest_reader.name]
    )


def test_a_player_out_of_time_is_dropped_by_the_worker(real_worker):
    t = Table(move_time_limit=timedelta(hours=24))
    t.play(4)
    drain()
    darklings, nomads = t.owner["darklings"], t.owner["nomads"]
    start = real_worker.to(nomads.email)
    with time_machine.travel(timezone.now() + timedelta(hours=13)):
        assert game_tasks.clocks_check.delay().get(timeout=30) == {"reminded": 1, "dropped": 0}
    with time_machine.travel(timezone.now() + timedelta(hours=24, minutes=1)):
        assert game_tasks.clocks_check.delay().get(timeout=30) == {"reminded": 0, "dropped": 1}
        drain()
    subjects = [m["Subject"].removeprefix("[Tablelands] ") for m in real_worker.to(darklings.email)]
    assert re.fullmatch(r"Table: 1[01] h \d+ min left to act", subjects[-2])
    assert subjects[-1] == "Table: you ran out of time"
    assert [m["X-TM-Key"] for m in real_worker.to(nomads.email)][len(start) :] == [
        f"your_turn:{t.game_id}:5:{nomads.pk}"
    ]
    last = t.game.moves.order_by("-number").first()
    assert (last.number, last.command, last.user_id) == (5, "drop-faction darklings", None)


def test_the_end_of_a_game_on_the_worker(real_worker, staff):
    record = load_corpus_game(GAME)
    for name in record["players"]:
        User.objects.create_user(username=name, email=f"{name}@example.org")
    game_file = notation.corpus_entries(record)
    *before, last = game_file.entries
    game = game_services.game_import(
        game_file=dataclasses.replace(game_file, entries=before),
        created_by=staff,
        attach_existing=True,
    )
    drain()
    already = len(real_worker.messages)
    game_services.move_submit(
        game_id=game.pk,
        user=User.objects.get(username=record["faction_players"][last.actor]),
        command=last.command,
        expected_move_number=Game.objects.get(pk=game.pk).move_count,
    )
    messages = real_worker.wait_for(already + 4)[already:]
    drain()
    assert sorted(m["To"] for m in messages) == sorted(
        f"{name}@example.org" for name in record["players"]
    )
    assert all(m["X-TM-Notification"] == "game_over" for m in messages)
    game.refresh_from_db()
    assert game.finish_processed_at is not None
    detail = APIClient().get(f"/api/v1/games/{game.pk}/").json()
    assert all(seat["rating_change"] is not None for seat in detail["seats"])
