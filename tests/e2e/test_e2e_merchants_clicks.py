"""Merchants of the Seas played by clicks: the dock at setup, a ship from bonus card A, a move
with the shipyard board's action, a trade at another faction's building, then in round 2 a
ship from the power action and a dwelling paid with it. The other player's moves and the way
to each position go through the API with rows from /legal/ (screenshots in
artifacts/screenshots/merchants-sail-preview.png, map-merchants-clicks.png and
map-merchants-build-with-ship.png)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import SCREENSHOTS
from tests.e2e.merchants_support import Game, click_hex, first_not, send

pytestmark = pytest.mark.e2e

# The Alchemists' dwelling A8 sits by river r3, the Auren's C3 one sailing step from there.
TARGET = "C3"
# Bonus cards A (a ship), C (the move action) and BON5 (3 power income) stay in play.
REMOVED = ["BON2", "BON4", "BON7", "BON8", "BON9", "BON11", "BON12"]


def test_dock_ship_sail_trade_and_build_with_ship_by_clicks(live, player):
    game = Game(live, REMOVED)
    # Factions and dwellings through the API, until my dock.
    for _ in range(40):
        name, rows = game.waiting()
        if name == game.me and any(r.startswith("dock ") for r in rows):
            break
        wanted = [
            r
            for r in rows
            if r.lower() in ("setup alchemists", "setup auren", f"build {TARGET.lower()}")
        ]
        game.play(name, (wanted or rows)[0])
    else:
        pytest.fail("no dock offered")
    state = game.state()
    mine = game.faction_of(game.me, state)
    dock = next(r for r in rows if r.startswith("dock ")).split()[1]

    p = player(game.me).log_in()
    page = game.page = p.page
    page.goto(f"{live.url}/games/{game.id}/")
    expect(page.locator("#turn-banner")).to_contain_text("Your turn")
    # The dock: a click on the own dwelling beside the river.
    click_hex(page, dock, f"dock {dock}")
    send(page)
    assert game.state()["merchants"]["factions"][mine]["dock"] == dock
    expect(page.locator("#map .dock-disc")).to_have_count(1)

    # Bonus cards: mine is card A (a ship), the other player's anything but A.
    rows = game.others_until_mine(
        lambda rows: next(r for r in rows if "BON14" not in r and "BON5" not in r)
    )
    if "pass BON14" in rows:
        page.click('#tiles button.tile.legal[data-row="pass BON14"]')
        send(page)
    rows = game.others_until_mine(first_not("pass", "dock"))

    # Round 1: card A's ship, placed beside the dock by a click on a river hex.
    page.reload()
    page.click('[data-row="action BON14"]')
    expect(page.locator("#preview-banner")).to_contain_text("action BON14")
    river = page.locator("#map .hex-cell.legal").first.get_attribute("data-hex")
    assert river and river.startswith("r"), river
    click_hex(page, river, f"ship {river}")
    send(page)
    assert game.state()["merchants"]["factions"][mine]["ships"] == [river]
    expect(page.locator(f'#map .ship[data-at="{river}"]')).to_have_count(1)

    # The move action of the shipyard board: the ship sails to the other faction's dwelling.
    game.others_until_mine(first_not("pass", "action", "leech", "decline"))
    # Shipping 0: the step onto the Auren's dwelling is paid with 1 power from bowl III.
    page.reload()
    page.click('[data-row="burn 1"]')
    expect(page.locator("#preview-banner")).to_contain_text("burn 1")
    page.click(f'#map .hex-cell.legal[data-hex="{TARGET}"]')
    sail = f"action ACTMV. sail {river}-{TARGET}"
    choice = page.locator(f'.hex-menu [data-row="{sail}"]')
    if choice.count():
        choice.click()
    expect(page.locator("#preview-banner")).to_contain_text(f"burn 1. {sail}")
    page.mouse.move(0, 0)
    p.screenshot("merchants-sail-preview", full_page=False)
    send(page)
    state = game.state()
    assert state["merchants"]["factions"][mine]["ships"] == [TARGET]
    assert state["factions"][mine]["PW"][2] == 0, "the extra step took the burnt power"
    expect(page.locator(f'#map .ship[data-at="{TARGET}"]')).to_have_count(1)
    expect(page.locator("#map .ship")).to_have_count(1)

    # The trade at the building: a click on it.
    rows = game.others_until_mine(first_not("pass"))
    trade = next(r for r in rows if r.startswith(f"trade {TARGET}"))
    before = game.state()["factions"][mine]
    page.reload()
    click_hex(page, TARGET, trade)
    send(page)
    state = game.state()
    after = state["merchants"]["factions"][mine]
    # A dwelling's trade: 1 VP and 1 worker, card A 1 VP more; the marker stays, the ship
    # goes home.
    assert after["traded"] == [TARGET]
    assert after["trade_markers_left"] == 14
    assert TARGET not in after["ships"]
    assert state["factions"][mine]["VP"] == before["VP"] + 2
    assert state["factions"][mine]["W"] == before["W"] + 1
    expect(page.locator(f'#map .trade-marker[data-at="{TARGET}"]')).to_have_count(1)
    expect(page.locator(f'#map .ship[data-at="{TARGET}"]')).to_have_count(0)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.locator("#map").screenshot(path=SCREENSHOTS / "map-merchants-clicks.png")

    # Round 2: a dwelling paid with a ship. A7 (beside r3) becomes black through the API,
    # card BON5's power pays the power action's ship, placed by clicks on r3.
    rows = game.others_until_mine(first_not("pass"))
    game.play(game.me, next(r for r in rows if r.lower() == "dig 1. transform a7 to black"))
    rows = game.others_until_mine(
        lambda rows: next((r for r in rows if r.startswith("pass")), rows[0])
    )
    game.play(game.me, "pass BON5")
    rows = game.others_until_mine(
        lambda rows: next((r for r in rows if r.startswith("pass")), rows[0])
    )
    page.reload()
    page.click('[data-row="burn 4"]')
    page.click('[data-row="action ACT8"]')
    expect(page.locator("#preview-banner")).to_contain_text("burn 4. action ACT8")
    click_hex(page, river, f"ship {river}")
    send(page)
    assert game.state()["merchants"]["factions"][mine]["ships"] == [river]
    game.others_until_mine(first_not("pass", "action", "leech", "decline"))
    before = game.state()["factions"][mine]
    page.reload()
    click_hex(page, "A7", "build A7 with ship")
    send(page)
    state = game.state()
    assert state["map"]["A7"]["building"] == "D"
    assert state["merchants"]["factions"][mine]["ships"] == []
    assert (state["factions"][mine]["C"], state["factions"][mine]["W"]) == (
        before["C"],
        before["W"],
    )
    expect(page.locator('#map .building[data-hex="A7"][data-kind="D"]')).to_be_visible()
    # Only the other faction's ships are left on the map.
    ships = sum(len(m["ships"]) for m in state["merchants"]["factions"].values())
    expect(page.locator("#map .ship")).to_have_count(ships)
    page.locator("#map").screenshot(path=SCREENSHOTS / "map-merchants-build-with-ship.png")
