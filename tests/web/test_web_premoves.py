"""Premoves as on boardgamers.space: a queued command is played as its player's own move when
the game comes to wait for them, the next while it still waits; a stale one cancels the queue
and the player is told; taking back a move drops the queues made after it.

The game is a recorded league game (tests/web/conftest.py); its moves, by index in
``league.moves``: 4 darklings build G5, 5 nomads build F3, 6 mermaids build E4, 7 engineers
build F6, 8 engineers build E7 (the last seat places its two dwellings in a row), 9 mermaids
build D5, 10 nomads build D3, 11 darklings build C1.
"""

from __future__ import annotations

import threading

import pytest
from django.core import mail
from django.db import connection, connections
from rest_framework.test import APIClient

from games import services as game_services
from games.models import Game, Move
from games.signals import move_committed
from web.models import Premove

pytestmark = pytest.mark.django_db


def premoves_url(game) -> str:
    return f"/api/v1/games/{game.pk}/premoves/"


def queue(client, game, commands: list[str]):
    game.refresh_from_db()
    return client.put(
        premoves_url(game),
        {"commands": commands, "expected_move_number": game.move_count},
        format="json",
    )


def play(client, game, command: str):
    game.refresh_from_db()
    response = client.post(
        f"/api/v1/games/{game.pk}/moves/",
        {"command": command, "expected_move_number": game.move_count},
        format="json",
    )
    assert response.status_code == 201, response.data
    return response


def log_after(game, number: int) -> list[tuple[str, str, str]]:
    """(actor, command, username) of the moves after ``number``."""
    return [
        (m.actor, m.command, m.user.username)
        for m in Move.objects.filter(game=game, number__gt=number).order_by("number")
    ]


def decisions_of(client, game, actor: str) -> list[dict]:
    waiting = client.get(f"/api/v1/games/{game.pk}/state/").data["waiting_for"]
    return [d for d in waiting if d["actor"] == actor]


def waiting_actors(client, game) -> list[str]:
    return [d["actor"] for d in client.get(f"/api/v1/games/{game.pk}/state/").data["waiting_for"]]


@pytest.fixture
def committed(django_capture_on_commit_callbacks):
    """Run what a request leaves for after its commit (mails through the outbox, pushes)."""
    return lambda: django_capture_on_commit_callbacks(execute=True)


@pytest.fixture
def heard():
    """The move_committed announcements (mails and pushes start from them)."""
    events: list[dict] = []
    move_committed.connect(lambda **kw: events.append(kw), weak=False, dispatch_uid="premoves")
    yield events
    move_committed.disconnect(dispatch_uid="premoves")


def test_a_premove_is_played_as_the_players_own_move_when_their_turn_comes(
    league, client_for, committed, heard
):
    league.play(4)
    game = league.refresh()
    darklings, nomads = league.user_of("darklings"), league.user_of("nomads")
    queued = queue(client_for(nomads), game, ["build  F3"])
    assert queued.status_code == 200, queued.data
    # Not their turn yet: queued, nothing played.
    assert queued.data == {"commands": ["build F3"], "cancelled": None, "move_number": 4}

    mail.outbox.clear()
    heard.clear()
    with committed():
        response = play(client_for(darklings), game, "build G5")
    # The darklings' answer is about their own move; the nomads' follows in the log.
    assert response.data["move_number"] == 5
    assert log_after(game, 4) == [
        ("darklings", "build G5", darklings.username),
        ("nomads", "build F3", nomads.username),
    ]
    state = client_for(nomads).get(f"/api/v1/games/{game.pk}/state/").data
    assert state["map"]["F3"]["building"] == "D" and state["move_number"] == 6
    assert waiting_actors(client_for(nomads), game) == ["mermaids"]
    assert client_for(nomads).get(premoves_url(game)).data["commands"] == []
    assert not Premove.objects.exists()
    # Each move is announced (mails, pages); the nomads are never told it is their turn,
    # the mermaids are, after the nomads' move.
    assert [e["move_number"] for e in heard] == [5, 6]
    turn_mails = [m.to[0] for m in mail.outbox if "Your turn" in m.subject]
    assert turn_mails == [league.user_of("mermaids").email]


def test_a_queue_plays_on_while_the_game_waits_for_its_seat_and_two_queues_take_turns(
    league, client_for
):
    league.play(5)  # the nomads are to place their first dwelling
    game = league.refresh()
    mermaids, engineers = league.user_of("mermaids"), league.user_of("engineers")
    assert queue(client_for(mermaids), game, ["build E4", "build D5"]).status_code == 200
    assert queue(client_for(engineers), game, ["build F6", "build E7"]).status_code == 200

    play(client_for(league.user_of("nomads")), game, "build F3")
    assert log_after(game, 6) == [
        ("mermaids", "build E4", mermaids.username),
        ("engineers", "build F6", engineers.username),
        ("engineers", "build E7", engineers.username),
        ("mermaids", "build D5", mermaids.username),
    ]
    game.refresh_from_db()
    assert game.move_count == 10
    assert waiting_actors(client_for(mermaids), game) == ["nomads"]
    assert not Premove.objects.exists()


def test_a_stale_premove_cancels_the_queue_and_its_player_is_told_on_the_page_and_by_mail(
    league, client_for, committed
):
    league.play(4)
    game = league.refresh()
    nomads = league.user_of("nomads")
    nomads.profile.language = "de"
    nomads.profile.save()
    client = client_for(nomads)
    # G5 is where the darklings are about to build.
    assert queue(client, game, ["build G5", "build D3"]).status_code == 200

    mail.outbox.clear()
    with committed():
        play(client_for(league.user_of("darklings")), game, "build G5")
    game.refresh_from_db()
    assert game.move_count == 5  # nothing was played for the nomads
    assert waiting_actors(client, game) == ["nomads"]
    shown = client.get(premoves_url(game)).data
    assert shown["commands"] == []
    cancelled = shown["cancelled"]
    assert cancelled["command"] == "build G5" and cancelled["move_number"] == 5
    assert cancelled["reason"]
    # The game page carries it for the notice.
    page = client_for(nomads)
    page.force_login(nomads)
    assert "build G5" in page.get(f"/games/{game.pk}/").content.decode()
    # A mail in the player's language names the command and the rule.
    [notice] = [
        m for m in mail.outbox if m.extra_headers.get("X-TM-Key", "").startswith("premoves")
    ]
    assert notice.to == [nomads.email]
    name = game.name or f"Game {game.pk}"
    assert notice.subject == f"[Tablelands] {name}: deine Vorauszüge wurden abgebrochen"
    assert (
        f"„build G5“ wurde in {name} nach Zug 5 nicht gespielt: {cancelled['reason']}."
        in notice.body
    )
    assert "Deine anderen vorgemerkten Züge wurden ebenfalls gestrichen" in notice.body
    # Queueing again clears the notice.
    assert queue(client, game, []).data["cancelled"] is None


def test_a_queue_outlasts_a_power_offer_and_plays_when_its_players_turn_comes(league, client_for):
    league.play(20)  # next: the mermaids' trading house, which offers the nomads power
    game = league.refresh()
    nomads = league.user_of("nomads")
    client = client_for(nomads)
    assert queue(client, game, ["dig 1. transform G2 to yellow"]).status_code == 200
    league.play(1)
    # The game waits for the nomads' answer to the offer, not for their move: kept.
    assert [d["kind"] for d in decisions_of(client, game, "nomads")] == ["leech"]
    assert client.get(premoves_url(game)).data["commands"] == ["dig 1. transform G2 to yellow"]
    league.play(4)  # the offer answered by hand, the engineers' and darklings' moves
    assert log_after(game, 25)[-1] == ("nomads", "dig 1. transform G2 to yellow", nomads.username)
    assert client.get(premoves_url(game)).data["commands"] == []


def test_queueing_while_the_game_waits_for_you_plays_at_once_or_names_the_broken_rule(
    league, client_for
):
    league.play(4)
    game = league.refresh()
    darklings = league.user_of("darklings")
    client = client_for(darklings)
    refused = queue(client, game, ["build A1", "build C1"])
    assert refused.status_code == 400 and refused.data["error"].startswith("Premove 1:")
    assert not Premove.objects.exists() and league.refresh().move_count == 4

    played = queue(client, game, ["build G5", "build C1"])
    assert played.status_code == 200, played.data
    # G5 at once; C1 waits for the darklings' next dwelling.
    assert played.data == {"commands": ["build C1"], "cancelled": None, "move_number": 5}
    assert log_after(game, 4) == [("darklings", "build G5", darklings.username)]


def test_undo_drops_the_queues_made_after_the_move_taken_back(league, client_for):
    league.play(4)
    game = league.refresh()
    darklings = league.user_of("darklings")
    mermaids, engineers = league.user_of("mermaids"), league.user_of("engineers")
    queue(client_for(engineers), game, ["build F6"])  # before the darklings' move
    play(client_for(darklings), game, "build G5")
    queue(client_for(mermaids), game, ["build E4"])  # after it
    queue(client_for(darklings), game, ["build C1"])  # the undoer's own
    game.refresh_from_db()
    undone = client_for(darklings).post(
        f"/api/v1/games/{game.pk}/undo/", {"expected_move_number": 5}, format="json"
    )
    assert undone.status_code == 201, undone.data
    assert client_for(mermaids).get(premoves_url(game)).data["commands"] == []
    assert client_for(darklings).get(premoves_url(game)).data["commands"] == []
    assert client_for(engineers).get(premoves_url(game)).data["commands"] == ["build F6"]
    # The darklings play again by hand: nothing was played for them.
    assert waiting_actors(client_for(darklings), game) == ["darklings"]


def test_a_rollback_drops_the_queues_made_after_its_target(league, client_for, staff):
    league.play(4)
    game = league.refresh()
    mermaids, engineers = league.user_of("mermaids"), league.user_of("engineers")
    queue(client_for(engineers), game, ["build F6"])  # seeing move 4
    league.play(1)
    queue(client_for(mermaids), game, ["build E4"])  # seeing move 5
    game_services.game_rollback(game_id=game.pk, user=staff, to_move_number=4)
    assert client_for(mermaids).get(premoves_url(game)).data["commands"] == []
    assert client_for(engineers).get(premoves_url(game)).data["commands"] == ["build F6"]


def test_a_drop_that_passes_the_turn_plays_the_next_players_queue(league, client_for, staff):
    league.play(4)
    game = league.refresh()
    nomads = league.user_of("nomads")
    queue(client_for(nomads), game, ["build F3"])
    game_services.faction_drop(game_id=game.pk, user=staff, faction="darklings")
    assert log_after(game, 4) == [
        ("darklings", "drop-faction darklings", staff.username),
        ("nomads", "build F3", nomads.username),
    ]


def test_a_player_only_ever_queues_for_their_own_seat(league, client_for, other_user):
    game = league.refresh()
    outsider = client_for(other_user).put(
        premoves_url(game), {"commands": ["build F3"], "expected_move_number": 0}, format="json"
    )
    assert outsider.status_code == 403
    anonymous = client_for(None).get(premoves_url(game))
    assert anonymous.status_code in (401, 403)
    assert not Premove.objects.exists()
    assert Game.objects.get(pk=game.pk).move_count == 0


def at_once(*requests: tuple[object, str, str, dict]) -> list[int]:
    """Send (user, method, path, body) requests at the same instant; their status codes."""
    barrier = threading.Barrier(len(requests))
    statuses: list[int] = [0] * len(requests)

    def send(i: int, user, method: str, path: str, body: dict) -> None:
        client = APIClient()
        client.force_authenticate(user)
        try:
            barrier.wait(timeout=30)
            statuses[i] = getattr(client, method)(path, body, format="json").status_code
        finally:
            connections.close_all()

    threads = [threading.Thread(target=send, args=(i, *r)) for i, r in enumerate(requests)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return statuses


@pytest.mark.skipif(connection.vendor != "postgresql", reason="row locks need PostgreSQL")
@pytest.mark.django_db(transaction=True)
def test_a_queue_made_as_the_turn_passes_to_its_player_is_played_once_or_refused_as_stale(
    league, client_for
):
    """The player on turn moves while the next one queues their move, at the same instant:
    either the queue came first and the move plays it, or the move came first and the queue
    is refused as stale (409); never a queue left behind while the game waits for its player,
    never a command played twice."""
    league.play(4)
    game = league.refresh()
    index = 4
    while index < 12:  # the dwellings of the setup, seat after seat
        (mover, command), (nxt, premove) = league.moves[index], league.moves[index + 1]
        number = league.refresh().move_count
        if nxt == mover:  # the last seat places two dwellings in a row
            play(client_for(league.user_of(mover)), game, command)
            index += 1
            continue
        moved, queued = at_once(
            (
                league.user_of(mover),
                "post",
                f"/api/v1/games/{game.pk}/moves/",
                {"command": command, "expected_move_number": number},
            ),
            (
                league.user_of(nxt),
                "put",
                premoves_url(game),
                {"commands": [premove], "expected_move_number": number},
            ),
        )
        assert moved == 201 and queued in (200, 409)
        expected = [(mover, command, league.user_of(mover).username)]
        if queued == 200:  # queued first: played by the move
            expected.append((nxt, premove, league.user_of(nxt).username))
        assert log_after(game, number) == expected
        assert not Premove.objects.exists()
        index += len(expected)
    assert league.refresh().move_count == index
