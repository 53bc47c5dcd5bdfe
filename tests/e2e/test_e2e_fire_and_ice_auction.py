"""The faction auction by clicks: the option ticked in the lobby, the bids typed and sent
from the game page, the winner's faction and turn position clicked; then the Riverwalkers
unlocking a terrain in round play."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.test_e2e_click_game import Table
from tests.e2e.test_e2e_fire_and_ice import new_game_by_clicks

pytestmark = pytest.mark.e2e


def user_on_turn(table: Table) -> tuple[dict, str, Page]:
    state = table.state()
    decision = state["waiting_for"][0]
    username = next(p["username"] for p in state["players"] if p["seat"] == decision["seat"])
    page = table.players[username].page
    expect(page.locator("#move-number")).to_have_text(str(state["move_number"]))
    return state, username, page


def confirm(page: Page, state: dict) -> None:
    expect(page.locator("#send-button")).to_have_text("Confirm move")
    page.click("#send-button")
    expect(page.locator("#move-number")).not_to_have_text(str(state["move_number"]))
    expect(page.locator("#command-error")).to_be_hidden()


def test_a_faction_auction_by_clicks(live, player):
    table = new_game_by_clicks(live, player, ("faction-auction",), "auction", ("au", "av"))
    state, first, page = user_on_turn(table)
    assert state["waiting_for"][0]["kind"] == "bid"
    panel = page.locator("#auction-panel")
    expect(panel).to_be_visible()
    expect(panel.locator("li")).to_have_count(2)
    # The first bidder types 5 and bids: the move is previewed, then confirmed.
    page.fill("#choices .bid-row input", "5")
    page.click('#choices [data-bid="first"]')
    expect(page.locator("#preview-banner")).to_contain_text("bid 5")
    table.players[first].screenshot("auction-bid")
    confirm(page, state)
    state, second, page = user_on_turn(table)
    expect(page.locator("#auction-panel .auction-bid")).to_contain_text("5 VP")
    page.click('#choices [data-row="pass"]')
    confirm(page, state)
    # The winner clicks a faction and a turn position.
    state, winner, page = user_on_turn(table)
    assert winner == first
    choice = page.locator('#choices [data-row$="position 2"]').first
    faction = choice.get_attribute("data-row").split()[1]
    choice.click()
    confirm(page, state)
    state, last, page = user_on_turn(table)
    assert last == second
    rest = page.locator('#choices [data-row^="setup "]')
    expect(rest).to_have_count(1)
    rest.click()
    confirm(page, state)
    view = table.state()
    factions = {p["username"]: p["faction"] for p in view["players"]}
    assert factions[first] == faction
    # The winner starts with 40 - 5 VP, the other player with 40.
    assert view["factions"][faction]["VP"] == 35
    assert view["factions"][factions[second]]["VP"] == 40
    panel = table.players[first].page.locator("#auction-panel")
    table.players[first].page.reload()
    expect(panel).to_contain_text("taken for 5 VP, position 2")
    table.players[first].screenshot("auction-done")


def test_the_riverwalkers_unlock_a_terrain_in_round_play_by_clicks(live, player):
    options = ("fire-and-ice-factions/variable_v5",)
    # Three tiles give power income; the Witches leave them to the Riverwalkers.
    removed = ("BON3", "BON6", "BON7", "BON8", "BON9")
    table = new_game_by_clicks(live, player, options, "unlock", ("au", "av"), removed)
    wanted = {1: "setup riverwalkers", 2: "setup witches"}
    for _ in range(120):
        state = table.state()
        decision = state["waiting_for"][0]
        seat = decision["seat"]
        username = next(p["username"] for p in state["players"] if p["seat"] == seat)
        rows = table.api("legal/", username)["commands"]
        river = decision["actor"] == "riverwalkers"
        if river and decision["kind"] == "action" and state["round"] >= 1:
            _, p2, p3 = state["factions"]["riverwalkers"]["PW"]
            burn = max(0, 3 - p3)
            if 2 * burn <= p2 and not state["power_actions"]["ACT2"]:
                break
        row = wanted.get(seat) if decision["kind"] == "faction" else None
        if row is None:
            passes = [r for r in rows if r.startswith("pass")]
            power = [r for r in passes if any(f"BON{n}" in r for n in (4, 5, 10))]
            builds = [r for r in rows if r.startswith(("build", "upgrade"))]
            if decision["kind"] == "leech":
                row = next(r for r in rows if r.startswith("leech"))
            elif river or decision["kind"] == "bonus":
                row = (power or passes or rows)[0]
            else:
                row = (builds or [r for r in passes if r not in power] or passes or rows)[0]
        table.live.api(
            "POST",
            f"/api/v1/games/{table.game_id}/moves/",
            {"command": row, "expected_move_number": state["move_number"]},
            token=table.tokens[username],
        )
    else:
        raise AssertionError("the Riverwalkers never had the power for a priest")
    me = table.players[username]
    me.page.reload()
    expect(me.page.locator("#move-number")).to_have_text(str(state["move_number"]))
    # Burn, take the priest's power action, then unlock a colour: all by clicks.
    steps = [f"burn {burn}"] if burn else []
    table.play(username, ". ".join([*steps, "action ACT2"]))
    expect(me.page.locator("#move-number")).not_to_have_text(str(state["move_number"]))
    state = table.state()
    assert any(d["kind"] == "unlock-terrain" for d in state["waiting_for"])
    legal = table.api("legal/", username)["commands"]
    colour = next(r for r in legal if r.startswith("unlock-terrain") and "priest" not in r)
    expect(me.page.locator(f'#choices [data-row="{colour}"] .swatch')).to_be_visible()
    me.screenshot("riverwalkers-unlock-terrain")
    table.play(username, colour)
    expect(me.page.locator("#move-number")).not_to_have_text(str(state["move_number"]))
    assert colour.split()[1] in table.state()["factions"]["riverwalkers"]["unlocked"]
    badge = me.page.locator('.faction-panel[data-faction="riverwalkers"] .home-badge')
    expect(badge).to_contain_text("unlocked:")
