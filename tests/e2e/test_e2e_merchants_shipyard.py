"""Merchants of the Seas by clicks, the Swarmlings against the Witches: the shipyard built
from a trading house beside a river and its bonus ship placed, the shipyard's ship action, a
move whose extra step the Swarmlings pay from bowl II, and a trade with the Witches' temple
for a Water step; in a second game, a trade with the Witches' shipyard for a new ship, placed
by a click. The way there and the Witches' moves go through the API with rows from /legal/.
Screenshots in artifacts/screenshots: map-merchants-shipyard.png, merchants-sail-bowl-two.png,
merchants-temple-trade-menu.png, map-merchants-temple-trade.png and
map-merchants-shipyard-trade.png."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from playwright.sync_api import Locator, Page, expect

from tests.e2e.conftest import SCREENSHOTS
from tests.e2e.merchants_support import Game, click_hex, send

pytestmark = pytest.mark.e2e

# In play: BON3 (6 coins), BON5 (a worker and 3 power), BON11, BON13, BON14.
REMOVED = ["BON1", "BON2", "BON4", "BON7", "BON8", "BON9", "BON12"]
# The Swarmlings' trading house E4 lies by rivers r14, r20 and r21 (its shipyard), their dock
# D5 by r10 and r16; the Witches' F2 (their temple to be) by r20: two steps from r21.
SHIPYARD, DOCK, TEMPLE = "E4", "D5", "F2"
SETUP = [
    "setup swarmlings",
    "setup witches",
    f"build {SHIPYARD}",
    f"build {TEMPLE}",
    "build F4",
    f"build {DOCK}",
    f"dock {DOCK}",
    f"dock {TEMPLE}",
    "pass BON11",
    "pass BON5",
    f"upgrade {SHIPYARD} to TP",
    f"upgrade {TEMPLE} to TP",
]


def one_of(*wanted: str) -> Callable[[list[str]], str]:
    """The other player's choice: the first of ``wanted`` among their legal rows."""

    def choose(rows: list[str]) -> str:
        row = next((w for w in wanted if w in rows), None)
        assert row, (wanted, rows)
        return row

    return choose


def bowls(page: Page, faction: str) -> Locator:
    """The power in the faction's bowls I, II and III, on its panel."""
    return page.locator(f'#factions [data-faction="{faction}"] .bowls .bowl')


def test_shipyard_ship_action_bowl_two_step_and_temple_trade_by_clicks(live, player):
    game = Game(live, REMOVED)
    game.follow(SETUP)
    state = game.state()
    mine = game.faction_of(game.me, state)
    assert mine == "swarmlings"
    assert state["map"][SHIPYARD]["building"] == "TP"

    p = player(game.me).log_in()
    page = game.page = p.page
    page.goto(f"{live.url}/games/{game.id}/")
    expect(page.locator("#turn-banner")).to_contain_text("Your turn")

    # The shipyard: a click on the trading house, the shipyard chosen in its menu.
    before = state["factions"][mine]
    click_hex(page, SHIPYARD, f"upgrade {SHIPYARD} to SY")
    send(page)
    state = game.state()
    after = state["factions"][mine]
    assert state["map"][SHIPYARD]["building"] == "SY"
    assert state["merchants"]["factions"][mine]["shipyard"] == SHIPYARD
    # The Swarmlings' board: 5 workers and 8 coins; its bonus is a shipping advance.
    assert (after["W"], after["C"]) == (before["W"] - 5, before["C"] - 8)
    assert after["shipping"] == before["shipping"] + 1
    expect(page.locator(f'#map .building[data-hex="{SHIPYARD}"][data-kind="SY"]')).to_be_visible()

    # Its bonus ship goes beside the shipyard: the rivers by the dock are not offered.
    game.wait_for_page()
    legal = page.locator("#map .hex-cell.legal")
    expect(legal).to_have_count(3)
    assert sorted(legal.evaluate_all("cells => cells.map(c => c.dataset.hex)")) == [
        "r14",
        "r20",
        "r21",
    ]
    click_hex(page, "r21", "ship r21")
    send(page)
    assert game.state()["merchants"]["factions"][mine]["ships"] == ["r21"]
    expect(page.locator('#map .ship[data-at="r21"]')).to_have_count(1)
    page.mouse.move(0, 0)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.locator("#map").screenshot(path=SCREENSHOTS / "map-merchants-shipyard.png")

    # The Witches build their temple; then the shipyard's ship action, its ship by the dock.
    rows = game.others_until_mine(one_of(f"upgrade {TEMPLE} to TE", "+FAV11"))
    assert "action ACTSY" in rows
    before = game.state()["factions"][mine]
    page.click('#choices [data-row="action ACTSY"]')
    expect(page.locator("#preview-banner")).to_contain_text("action ACTSY")
    click_hex(page, "r16", "ship r16")
    expect(page.locator("#preview-banner")).to_contain_text("action ACTSY. ship r16")
    send(page)
    state = game.state()
    after = state["factions"][mine]
    assert sorted(state["merchants"]["factions"][mine]["ships"]) == ["r16", "r21"]
    assert (after["W"], after["C"]) == (before["W"] - 2, before["C"] - 2)
    assert "ACTSY/swarmlings" in state["used_special_actions"]
    expect(page.locator('#map .ship[data-at="r16"]')).to_have_count(1)

    # The move action: r21 to the temple is two steps, one beyond shipping 1. With power in
    # bowls II and III (after burning 1) the Swarmlings choose the bowl on the temple's menu.
    game.others_until_mine(one_of("pass BON3"))
    page.click('#choices [data-row="burn 1"]')
    expect(page.locator("#preview-banner")).to_contain_text("burn 1")
    expect(bowls(page, mine)).to_have_text(["0", "10", "1"])
    page.click(f'#map .hex-cell.legal[data-hex="{TEMPLE}"]')
    sail = f"action ACTMV. sail r21-r20-{TEMPLE}"
    menu = page.locator(".hex-menu")
    expect(menu.locator(f'[data-row="{sail} from bowl III"]')).to_have_text(re.compile("bowl III$"))
    expect(menu.locator(f'[data-row="{sail} from bowl II"]')).to_have_text(re.compile("bowl II$"))
    menu.locator(f'[data-row="{sail} from bowl II"]').click()
    expect(page.locator("#preview-banner")).to_contain_text(f"burn 1. {sail} from bowl II")
    page.mouse.move(0, 0)
    p.screenshot("merchants-sail-bowl-two", full_page=False)
    send(page)
    state = game.state()
    # The extra step took 1 power from bowl II to bowl I; bowl III keeps the burnt one.
    assert state["factions"][mine]["PW"] == [1, 9, 1]
    assert TEMPLE in state["merchants"]["factions"][mine]["ships"]
    expect(bowls(page, mine)).to_have_text(["1", "9", "1"])
    expect(page.locator(f'#map .ship[data-at="{TEMPLE}"]')).to_have_count(1)

    # The trade: a click on the temple, the Water step chosen among its rewards.
    rows = game.others_until_mine(one_of())  # the trade is mine at once
    trades = sorted(r for r in rows if r.startswith(f"trade {TEMPLE}"))
    assert trades == [f"trade {TEMPLE} for {x}" for x in ("AIR", "EARTH", "FIRE", "PW", "WATER")]
    before = game.state()["factions"][mine]
    page.click(f'#map .hex-cell.legal[data-hex="{TEMPLE}"]')
    for row in trades:
        expect(page.locator(f'.hex-menu [data-row="{row}"]')).to_be_visible()
    p.screenshot("merchants-temple-trade-menu", full_page=False)
    expect(page.locator(f'.hex-menu [data-row="trade {TEMPLE} for PW"]')).to_have_text(
        f"Trade with {TEMPLE} for power"
    )
    page.locator(f'.hex-menu [data-row="trade {TEMPLE} for WATER"]').click()
    expect(page.locator("#preview-banner")).to_contain_text(f"trade {TEMPLE} for WATER")
    send(page)
    state = game.state()
    after = state["factions"][mine]
    merchants = state["merchants"]["factions"][mine]
    # A temple's trade: 1 VP, and the choice: 1 Water step; the ship goes home.
    assert after["cult"]["WATER"] == before["cult"]["WATER"] + 1
    assert after["VP"] == before["VP"] + 1
    assert after["PW"] == before["PW"]
    assert merchants["traded"] == [TEMPLE]
    assert merchants["ships"] == ["r16"]
    expect(page.locator(f'#map .trade-marker[data-at="{TEMPLE}"]')).to_have_count(1)
    expect(page.locator(f'#map .ship[data-at="{TEMPLE}"]')).to_have_count(0)
    page.locator("#map").screenshot(path=SCREENSHOTS / "map-merchants-temple-trade.png")


def test_trade_with_a_shipyard_for_a_new_ship_by_clicks(live, player):
    game = Game(live, REMOVED)
    # The Witches build a shipyard on F2 instead; the Swarmlings' ship sails to it.
    game.follow(
        [
            *SETUP,
            f"upgrade {SHIPYARD} to SY",
            "ship r21",
            f"upgrade {TEMPLE} to SY",
            "ship r26",
            f"action ACTMV. sail r21-r20-{TEMPLE}",
        ]
    )
    state = game.state()
    mine = game.faction_of(game.me, state)
    assert state["map"][TEMPLE]["building"] == "SY"
    assert state["merchants"]["factions"][mine]["ships"] == [TEMPLE]

    p = player(game.me).log_in()
    page = game.page = p.page
    page.goto(f"{live.url}/games/{game.id}/")
    expect(page.locator("#turn-banner")).to_contain_text("Your turn")
    before = state["factions"][mine]
    # A shipyard's trade offers a new ship or the move action again: the ship is chosen, then
    # placed by a click beside the own dock or shipyard.
    page.click(f'#map .hex-cell.legal[data-hex="{TEMPLE}"]')
    for choice, label in (("SHIP", "a new ship"), ("ACTMV", "the move action again")):
        expect(page.locator(f'.hex-menu [data-row="trade {TEMPLE} for {choice}"]')).to_have_text(
            f"Trade with {TEMPLE} for {label}"
        )
    page.locator(f'.hex-menu [data-row="trade {TEMPLE} for SHIP"]').click()
    expect(page.locator("#preview-banner")).to_contain_text(f"trade {TEMPLE} for SHIP")
    click_hex(page, "r14", "ship r14")
    expect(page.locator("#preview-banner")).to_contain_text(f"trade {TEMPLE} for SHIP. ship r14")
    send(page)
    state = game.state()
    after = state["factions"][mine]
    merchants = state["merchants"]["factions"][mine]
    # A shipyard's trade: 2 VP; the trading ship went home and came back on r14.
    assert after["VP"] == before["VP"] + 2
    assert merchants["traded"] == [TEMPLE]
    assert merchants["ships"] == ["r14"]
    expect(page.locator(f'#map .trade-marker[data-at="{TEMPLE}"]')).to_have_count(1)
    expect(page.locator('#map .ship[data-at="r14"]')).to_have_count(1)
    expect(page.locator(f'#map .ship[data-at="{TEMPLE}"]')).to_have_count(0)
    page.mouse.move(0, 0)
    page.locator("#map").screenshot(path=SCREENSHOTS / "map-merchants-shipyard-trade.png")
