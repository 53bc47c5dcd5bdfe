"""Mythotopia in the browser: two players, each in a browser context of their own, play their
first turns by clicks only (a province on the map, then one of the commands naming it, or a
button of the grouped list, then Confirm), and each page follows the other's moves live."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import Player

pytestmark = pytest.mark.e2e

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}


def _new_game(live) -> tuple[int, list[str], dict[str, str]]:
    (alice, token_a), (bob, token_b) = live.register("myA"), live.register("myB")
    game = live.api("POST", "/api/v1/games/", {"kind": "mythotopia", "player_count": 2}, token_a)
    live.api("POST", f"/api/v1/games/{game['id']}/join/", None, token_b)
    return game["id"], [alice, bob], {alice: token_a, bob: token_b}


def _on_turn(live, game_id: int) -> tuple[str, int]:
    state = live.api("GET", f"/api/v1/games/{game_id}/state/")
    seat = state["waiting_for"][0]["seat"]
    username = next(p["username"] for p in state["players"] if p["seat"] == seat)
    return username, state["move_number"]


def _play_by_clicks(p: Player, move_number: int, target: str | None, shot: str = "") -> str:
    """One move: with a target, click that province and the first command naming it (an
    attack when there is one); without, the first command of the first group but passing."""
    page = p.page
    expect(page.locator("#myth-turn")).to_contain_text("Your turn: ")
    if target:
        page.locator(f'#myth-map .myth-province.legal[data-province="{target}"]').click()
        expect(page.locator("#myth-province-info")).to_contain_text(target)
        attacks = page.locator('#myth-legal .myth-move[data-command^="attack"]')
        button = attacks.first if attacks.count() else page.locator("#myth-legal .myth-move").first
        assert target in (button.get_attribute("data-command") or "").split()
    else:
        # The first group other than passing, opened if it is folded.
        group = page.locator("#myth-legal details.myth-group:not([data-group=pass])").first
        if group.get_attribute("open") is None:
            group.locator("summary").click()
        button = group.locator(".myth-move").first
    command = button.get_attribute("data-command") or ""
    button.click()
    expect(page.locator("#myth-confirm-command")).to_have_text(command)
    # The server's preview: what the command would do, before it is confirmed.
    expect(page.locator("#myth-preview li").first).to_be_visible()
    expect(page.locator("#myth-preview")).to_contain_text("Your hand after it")
    if shot:
        p.screenshot(shot)
    page.click("#myth-confirm-yes")
    expect(page.locator("#myth-move")).to_have_text(str(move_number + 1))
    return command


def test_two_players_play_mythotopia_by_clicks(live, player):
    game_id, names, tokens = _new_game(live)
    players = {name: player(name).log_in() for name in names}
    for p in players.values():
        p.page.goto(f"{live.url}/games/{game_id}/")
        expect(p.page.locator("#myth-map .myth-province")).to_have_count(40)
        expect(p.page.locator("#myth-provisional")).to_contain_text("provisional")
    played = []
    for step in range(4):
        username, number = _on_turn(live, game_id)
        target = None
        if step % 2 == 0:
            legal = live.api("GET", f"/api/v1/games/{game_id}/legal/", None, tokens[username])
            named = [c.split()[1] for c in legal["commands"] if c.startswith("attack ")]
            target = named[0] if named else None
        shot = "mythotopia-preview" if step == 1 else ""
        played.append(_play_by_clicks(players[username], number, target, shot))
        if step == 0:
            players[username].screenshot("mythotopia-desktop-selected")
        # The other page follows over the WebSocket, without a reload.
        for p in players.values():
            expect(p.page.locator("#myth-move")).to_have_text(str(number + 1))
    moves = live.api("GET", f"/api/v1/games/{game_id}/moves/")
    rows = moves["results"] if isinstance(moves, dict) else moves
    assert len(rows) == 4
    # A war in progress is outlined, and a tap on it names the sides and their strengths.
    wars = live.api("GET", f"/api/v1/games/{game_id}/state/")["wars"]
    page = players[names[0]].page
    for war in wars[:1]:
        page.locator(f'#myth-map .myth-province.war[data-province="{war["province"]}"]').click()
        expect(page.locator("#myth-province-info")).to_contain_text("war: ")
    # A sea is clickable too, and a second tap lets it go.
    page.locator('#myth-map .myth-sea[data-sea="Serpent Sea"]').click()
    expect(page.locator("#myth-province-info")).to_contain_text("Serpent Sea")
    page.locator('#myth-map .myth-sea[data-sea="Serpent Sea"]').click()
    expect(page.locator("#myth-province-info")).to_contain_text("Tap a province")
    # A player's own cards are on their page; the other's hand is only a count.
    for name, p in players.items():
        expect(p.page.locator("#myth-hand .myth-card").first).to_be_visible()
        p.screenshot(f"mythotopia-desktop-{'first' if name == names[0] else 'second'}")

    # The phone plays the next move too, by taps, as whoever is on turn.
    username, number = _on_turn(live, game_id)
    phone = player(username, **PHONE).log_in()
    phone.page.goto(f"{live.url}/games/{game_id}/")
    expect(phone.page.locator("#myth-map .myth-province")).to_have_count(40)
    _play_by_clicks(phone, number, None)
    phone.screenshot("mythotopia-390px")
    wide = phone.page.evaluate(
        "[...document.querySelectorAll('#myth *')].filter(e => e.getBoundingClientRect().right > 391)"
        ".slice(0, 5).map(e => e.tagName + '#' + e.id + '.' + e.className)"
    )
    width = phone.page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the page scrolls sideways at 390 px ({width}px): {wide}"
    phone.page.evaluate("window.scrollTo(0, 0)")
    phone.screenshot("mythotopia-390px-top", full_page=False)

    # In German: the page's own words and the script's.
    german = player(names[1], locale="de-DE").log_in()
    german.page.goto(f"{live.url}/games/{game_id}/")
    expect(german.page.locator("#myth-hand-title")).to_have_text("Deine Karten")
    expect(german.page.locator("#myth-hand")).to_contain_text("Stapel:")
    # The turn line in German: the colour of whoever is on turn, or the player's own turn.
    expect(german.page.locator("#myth-turn")).to_contain_text(
        re.compile(r"\((rot|blau)\)|Du bist am Zug")
    )
    german.screenshot("de-mythotopia")
