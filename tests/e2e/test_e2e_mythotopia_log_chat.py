"""Mythotopia's game page for players who are not at the table together: the game log follows
the other player's moves live and shows a player their own drawn cards only, the chat carries
messages both ways, a player takes back their own last move by clicks, and resigns after
confirming. On a phone the log and the chat fit the width."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import Player
from tests.e2e.test_e2e_mythotopia import PHONE, _new_game, _on_turn, _play_by_clicks

pytestmark = pytest.mark.e2e


def _state_without_revision(live, game_id: int, token: str) -> dict:
    state = live.api("GET", f"/api/v1/games/{game_id}/state/", None, token)
    state.pop("move_number", None)
    return state


def _log_row(p: Player, move: int):
    return p.page.locator(f'#myth-log .myth-log-row[data-move="{move}"]')


def _in_setup(live, game_id: int) -> bool:
    waiting = live.api("GET", f"/api/v1/games/{game_id}/state/")["waiting_for"]
    return waiting[0].get("category") == "setup"


def _drawn_moves(live, game_id: int, token: str, actor: str) -> list[int]:
    """The moves of ``actor`` whose cards drawn the reader of ``token`` is shown."""
    ledger = live.api("GET", f"/api/v1/games/{game_id}/ledger/", None, token)
    return [
        entry["move_number"]
        for entry in ledger
        if entry["actor"] == actor and any(row.get("drawn") for row in entry["rows"])
    ]


def test_log_chat_undo_and_resign_between_two_players(live, player):
    game_id, names, tokens = _new_game(live)
    players = {name: player(name).log_in() for name in names}
    for p in players.values():
        p.page.goto(f"{live.url}/games/{game_id}/")
        expect(p.page.locator("#myth-log")).to_contain_text("Nothing has happened yet.")
        expect(p.page.locator("#chat-messages")).to_contain_text("No messages yet.")

    # The first move, by clicks, appears in the other player's log, live; a citadel chosen in
    # secret is not named there.
    mover, number = _on_turn(live, game_id)
    other = next(name for name in names if name != mover)
    command = _play_by_clicks(players[mover], number, None)
    seen = _log_row(players[other], number + 1)
    expect(seen).to_contain_text(mover)
    expect(seen.locator(".myth-swatch")).to_have_count(1)
    if command.startswith("citadel "):
        expect(seen).to_contain_text("chooses a province for the citadel")
        expect(seen).not_to_contain_text(command)
    expect(_log_row(players[mover], number + 1)).to_be_visible()

    # Chat both ways.
    players[other].page.fill("#chat-input", "Good luck, neighbour!")
    players[other].page.click("#chat-form button[type=submit]")
    expect(players[mover].page.locator("#chat-messages")).to_contain_text("Good luck, neighbour!")
    players[mover].page.fill("#chat-input", "You too.")
    players[mover].page.press("#chat-input", "Enter")
    expect(players[other].page.locator("#chat-messages")).to_contain_text("You too.")
    expect(players[other].page.locator("#chat-messages")).to_contain_text(mover)

    # The setup to its end, then an action.
    while _in_setup(live, game_id):
        mover, number = _on_turn(live, game_id)
        _play_by_clicks(players[mover], number, None)
    mover, number = _on_turn(live, game_id)
    if live.api("GET", f"/api/v1/games/{game_id}/state/")["turn"]["actions"]:
        # The turn's second action ends it and draws cards: never offered for taking back.
        _play_by_clicks(players[mover], number, None)
        expect(players[mover].page.locator("#myth-move")).to_have_text(str(number + 1))
        expect(players[mover].page.locator("#myth-log .myth-log-secret").first).to_contain_text(
            "You drew: "
        )
        expect(players[mover].page.locator("#myth-undo")).to_be_hidden()
        mover, number = _on_turn(live, game_id)
    other = next(name for name in names if name != mover)
    before = _state_without_revision(live, game_id, tokens[mover])
    _play_by_clicks(players[mover], number, None)
    expect(_log_row(players[other], number + 1)).to_be_visible()
    # Only the mover may take it back.
    expect(players[other].page.locator("#myth-undo")).to_be_hidden()
    players[mover].screenshot("mythotopia-log-chat-desktop")
    # Taking a move back asks first.
    players[mover].page.once("dialog", lambda dialog: dialog.accept())
    players[mover].page.click("#myth-undo")
    expect(players[mover].page.locator("#myth-move")).to_have_text(str(number + 2))
    expect(players[other].page.locator("#myth-move")).to_have_text(str(number + 2))
    assert _state_without_revision(live, game_id, tokens[mover]) == before
    for p in players.values():
        expect(_log_row(p, number + 1)).to_have_count(0)
    # Offered again only when the move before it is the mover's too.
    ledger = live.api("GET", f"/api/v1/games/{game_id}/ledger/", None, tokens[mover])
    colour = next(p["actor"] for p in before["players"] if p["username"] == mover)
    undo = players[mover].page.locator("#myth-undo")
    if ledger and ledger[-1]["actor"] == colour:
        expect(undo).to_be_visible()
    else:
        expect(undo).to_be_hidden()

    # The mover plays their turn to its end: the cards they draw are in their own log only.
    for _ in range(6):
        if _drawn_moves(live, game_id, tokens[mover], colour):
            break
        turn, number = _on_turn(live, game_id)
        _play_by_clicks(players[turn], number, None)
    drawn = _drawn_moves(live, game_id, tokens[mover], colour)
    assert drawn, "a turn's end draws cards"
    assert not _drawn_moves(live, game_id, tokens[other], colour)
    final = str(_on_turn(live, game_id)[1])
    for p in players.values():
        expect(p.page.locator("#myth-move")).to_have_text(final)
    mine, theirs = _log_row(players[mover], drawn[-1]), _log_row(players[other], drawn[-1])
    expect(mine.locator(".myth-log-secret").first).to_contain_text("You drew: ")
    expect(theirs).to_be_visible()
    expect(theirs).not_to_contain_text("You drew")
    expect(theirs.locator(".myth-log-secret")).to_have_count(0)
    for name, p in players.items():
        p.page.locator("#myth-log-panel").scroll_into_view_if_needed()
        p.screenshot(f"mythotopia-log-{'mover' if name == mover else 'other'}")

    # On a phone the log and the chat fit the width.
    phone = player(other, **PHONE).log_in()
    phone.page.goto(f"{live.url}/games/{game_id}/")
    expect(phone.page.locator("#myth-log .myth-log-row").first).to_be_visible()
    expect(phone.page.locator("#chat-messages")).to_contain_text("You too.")
    width = phone.page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the page scrolls sideways at 390 px ({width}px)"
    phone.screenshot("mythotopia-log-chat-390px")
    phone.page.locator("#myth-log-panel").scroll_into_view_if_needed()
    phone.screenshot("mythotopia-log-chat-390px-log", full_page=False)

    # A visitor who is not logged in reads the log and the chat, without any card drawn.
    visitor = player("visitor")
    visitor.page.goto(f"{live.url}/games/{game_id}/")
    expect(visitor.page.locator("#myth-log .myth-log-row").first).to_be_visible()
    expect(visitor.page.locator("#myth-log .myth-log-secret")).to_have_count(0)
    expect(visitor.page.locator("#chat-messages")).to_contain_text("Good luck, neighbour!")
    expect(visitor.page.locator("#chat-form")).to_have_count(0)

    # Resigning asks first: dismissed, nothing happens; confirmed, the player is out.
    page = players[other].page
    page.once("dialog", lambda dialog: dialog.dismiss())
    page.click("#myth-seat-action button[type=submit]")
    seats = live.api("GET", f"/api/v1/games/{game_id}/state/")["players"]
    assert not any(s["dropped"] for s in seats)
    page.once("dialog", lambda dialog: dialog.accept())
    page.click("#myth-seat-action button[type=submit]")
    expect(page.locator("#myth-seat-action")).to_have_count(0)
    game = live.api("GET", f"/api/v1/games/{game_id}/")
    state = live.api("GET", f"/api/v1/games/{game_id}/state/")
    assert game["status"] == "finished" or any(s["dropped"] for s in state["players"])
