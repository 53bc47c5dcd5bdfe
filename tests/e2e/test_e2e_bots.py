"""Against the computer in the browser: a player creates a Mythotopia game with two computer
seats from the new-game form and plays a round by clicks; the bots answer each move by
themselves (their tasks run after the move's commit; the test server runs tasks at once)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import Player

pytestmark = pytest.mark.e2e


def _create_against_the_computer(live, p: Player) -> int:
    page = p.page
    page.goto(f"{live.url}/games/new/")
    page.check("[name=kind][value=mythotopia]")
    page.locator("[name=player_count]").select_option("3")
    page.locator("[name=bots]").select_option("2")
    page.locator("[name=bot_level]").select_option("random")
    expect(page.locator("#new-game-form")).to_contain_text("not rated")
    page.locator("#new-game-form button[type=submit]").last.click()
    page.wait_for_url(re.compile(r"/games/\d+/$"))
    found = re.search(r"/games/(\d+)/$", page.url)
    assert found
    return int(found.group(1))


def _click_a_move(p: Player) -> str:
    """The first action of the first group but passing, then Confirm."""
    page = p.page
    expect(page.locator("#myth-turn")).to_contain_text(re.compile("^Your turn: "))
    group = page.locator("#myth-legal details.myth-group:not([data-group=pass])").first
    if group.get_attribute("open") is None:
        group.locator("summary").click()
    button = group.locator(".myth-move").first
    command = button.get_attribute("data-command") or ""
    button.click()
    expect(page.locator("#myth-confirm-command")).to_have_text(command)
    page.click("#myth-confirm-yes")
    return command


def test_a_player_plays_a_round_of_mythotopia_against_two_bots_by_clicks(live, player):
    name, token = live.register("vsBots")
    me = player(name).log_in()
    game_id = _create_against_the_computer(live, me)
    game = live.api("GET", f"/api/v1/games/{game_id}/")
    assert game["status"] == "running" and game["rated"] is False
    bots = [s for s in game["seats"] if s["username"] != name]
    assert [s["display_name"] for s in bots] == ["Computer (random)", "Computer 2 (random)"]
    mine = next(s["position"] for s in game["seats"] if s["username"] == name)
    me.page.goto(f"{live.url}/games/{game_id}/")
    expect(me.page.locator("#myth-map .myth-province")).to_have_count(40)

    clicked = 0
    for _ in range(30):
        state = live.api("GET", f"/api/v1/games/{game_id}/state/", None, token)
        if state["turns_played"] >= 3 and clicked:
            break
        # The game never waits for a bot: each answered as soon as the move before it committed.
        assert {d["seat"] for d in state["waiting_for"]} == {mine}, state["waiting_for"]
        number = state["move_number"]
        _click_a_move(me)
        clicked += 1
        expect(me.page.locator("#myth-move")).not_to_have_text(str(number), timeout=20_000)
        moved = live.api("GET", f"/api/v1/games/{game_id}/", None, token)["move_number"]
        assert moved > number
    state = live.api("GET", f"/api/v1/games/{game_id}/state/", None, token)
    assert state["turns_played"] >= 3 and clicked >= 2
    moves = live.api("GET", f"/api/v1/games/{game_id}/moves/?page_size=500")
    rows = moves["results"] if isinstance(moves, dict) else moves
    by_bots = [r for r in rows if r["username"] != name]
    assert len(by_bots) >= 2 and len(rows) - len(by_bots) == clicked
    me.screenshot("mythotopia-against-the-computer")
