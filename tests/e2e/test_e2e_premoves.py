"""Premoves in the browser: a move queued from the planner while another player is on turn is
played when the turn comes, and one that the turn has made stale is cancelled, with a notice
on the page."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import SCREENSHOTS
from tests.e2e.test_e2e_click_flow import factions_chosen, play_first

pytestmark = pytest.mark.e2e


def plan_and_queue(page, pick_for_them: str, pick_for_me: str) -> str:
    """In the planner: the move of the player on turn, then mine; mine queued. Its command."""
    page.click("#plan-button")
    expect(page.locator("#move-entry-title")).to_have_text("Planner: nothing is sent")
    page.click(pick_for_them)
    expect(page.locator("#send-button")).to_have_text("Add to plan")
    page.click("#send-button")
    expect(page.locator("#plan-rows li[data-command]")).to_have_count(1)
    page.select_option("#plan-actor", "engineers")  # my own row next
    page.click(pick_for_me)
    expect(page.locator("#send-button")).to_have_text("Add to plan")
    page.click("#send-button")
    expect(page.locator("#plan-rows li[data-command]")).to_have_count(2)
    mine = page.locator("#plan-rows li").nth(1).get_attribute("data-command")
    page.click("#plan-queue")
    expect(page.locator("#premove-list li[data-command]")).to_have_attribute("data-command", mine)
    page.get_by_role("button", name="Clear the plan").click()
    expect(page.locator("#plan-rows li[data-command]")).to_have_count(0)
    page.click("#plan-button")  # back to the game itself
    return mine


def test_a_queued_move_is_played_when_the_turn_comes_and_a_stale_one_is_cancelled(live, player):
    game_id, users = factions_chosen(live)
    tokens = dict(users)
    me = player(users[1][0]).log_in()  # the engineers, second to act
    page = me.page
    page.goto(f"{live.url}/games/{game_id}/")
    expect(page.locator("#turn-banner")).not_to_contain_text("Your turn")

    # While the witches place their dwelling, I queue mine.
    mine = plan_and_queue(page, "#map .hex-cell.legal >> nth=0", "#map .hex-cell.legal >> nth=0")
    hex_id = mine.split()[-1].upper()
    before = live.api("GET", f"/api/v1/games/{game_id}/state/")["move_number"]
    play_first(live, game_id, tokens, lambda rows: rows[0])  # the witches, elsewhere
    # Played for me as my own move, without a click: the page follows live.
    expect(page.locator(f'#map .building[data-hex="{hex_id}"][data-kind="D"]')).to_be_visible()
    expect(page.locator("#premove-list li")).to_have_text("Nothing queued.")
    expect(page.locator("#move-number")).to_have_text(str(before + 2))
    ledger = live.api("GET", f"/api/v1/games/{game_id}/ledger/")
    assert ledger[-1]["actor"] == "engineers" and ledger[-1]["command"] == mine
    me.screenshot("premove-played", full_page=False)

    # The other dwellings, then the bonus tiles: the darklings choose first.
    for _ in range(4):
        play_first(live, game_id, tokens, lambda rows: rows[0])
    page.reload()
    taken = plan_and_queue(
        page,
        "#tiles .bonus-tiles button.tile.legal >> nth=0",
        "#tiles .bonus-tiles button.tile.legal >> nth=0",
    )
    # The darklings take the very tile I queued: my premove is stale when my turn comes.
    play_first(live, game_id, tokens, lambda rows: taken)
    notice = page.locator("#premove-notice")
    expect(notice).to_be_visible()
    expect(notice).to_contain_text(f"Your premove “{taken}” was not played")
    expect(page.locator("#premove-list li")).to_have_text("Nothing queued.")
    expect(page.locator("#turn-banner")).to_contain_text("Your turn")
    notice.scroll_into_view_if_needed()
    page.locator("#premoves").screenshot(path=SCREENSHOTS / "premove-cancelled.png")
    # Seen: the notice goes.
    page.click("#premove-notice-close")
    expect(notice).to_be_hidden()
