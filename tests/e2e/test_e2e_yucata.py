"""Yucata's automation on the game page, by clicks (seed 001 §5.3)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import SCREENSHOTS
from tests.e2e.test_e2e_click_flow import DEMO_PASSWORD, log_in

pytestmark = pytest.mark.e2e


@pytest.fixture(scope="module")
def darklings_to_burn(live) -> int:
    """The demo's league game where the Darklings (qlip21) next burnt 3 power for ACT2, their
    bowl III empty."""
    out = live.manage("load_demo", "--moves", "17")
    return int(re.search(r"game (\d+) \(in progress", out).group(1))


def test_a_power_action_needing_a_burn_is_marked_and_sends_the_fewest_tokens(
    live, player, darklings_to_burn
):
    p = player("qlip21")
    page = p.page
    log_in(page, live, "qlip21", DEMO_PASSWORD)
    page.goto(f"{live.url}/games/{darklings_to_burn}/")
    expect(page.locator("#turn-banner")).to_contain_text("Your turn")
    tile = page.locator(
        '#tiles .power-actions button.tile.legal.needs-burn[data-row="burn 3. action ACT2"]'
    )
    expect(tile).to_contain_text("burn 3")
    # The same offer among the power actions below the map, marked as needing the burn.
    listed = page.locator('#choices button.needs-burn[data-row="burn 3. action ACT2"]')
    expect(listed).to_contain_text("needs burning 3 power")
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.locator("#tiles").screenshot(path=SCREENSHOTS / "power-action-needs-burn.png")
    # With part of the row typed (one token burnt), the preview offers ACT2 after burning the
    # two tokens still missing; choosing it adds them to the row.
    page.fill("#command-input", "burn 1")
    page.press("#command-input", "Enter")
    following = page.locator('#choices button.needs-burn[data-row="burn 2. action ACT2"]')
    expect(following).to_contain_text("needs burning 2 power")
    page.locator("#choices").screenshot(path=SCREENSHOTS / "burn-after-part-of-a-row.png")
    following.click()
    expect(page.locator("#preview-banner")).to_contain_text("burn 1. burn 2. action ACT2")
    page.fill("#command-input", "")
    page.dispatch_event("#command-input", "input")
    expect(tile).to_contain_text("burn 3")
    number = int(page.locator("#move-number").inner_text())
    tile.click()
    expect(page.locator("#preview-banner")).to_contain_text("burn 3. action ACT2")
    page.click("#send-button")
    expect(page.locator("#move-number")).to_have_text(str(number + 1))


def test_a_finished_game_shows_its_end_step_by_step(live, player, darklings_to_burn):
    # Seed 001 §5.3 (end of game): the cult tracks, the largest area and each faction's conversion of its
    # resources, each a step of its own on the finished game's page.
    games = live.api("GET", "/api/v1/games/?page_size=100")
    finished = next(g["id"] for g in games["results"] if g["status"] == "finished")
    page = player("spectator").page
    page.goto(f"{live.url}/games/{finished}/")
    steps = page.locator("#final-steps > li.final-step")
    expect(steps.first).to_contain_text("Fire cult")
    expect(page.locator('#final-steps li[data-step="area-network"]')).to_contain_text(
        "Largest area"
    )
    conversion = page.locator('#final-steps li[data-step="resources"] table.final-conversion')
    expect(conversion).to_be_visible()
    expect(conversion.locator("thead")).to_contain_text("Power burnt")
    page.locator("#final-steps").screenshot(path=SCREENSHOTS / "final-steps.png")
    # In the ledger, each faction's score_resources row says how its resources became VP.
    page.click("#ledger-details summary")
    steps = page.locator("#ledger .conversion-steps")
    expect(steps.first).to_contain_text("power burnt")
    expect(steps.first).to_contain_text("coins into +")
    page.locator("#ledger .ledger-scroll").screenshot(path=SCREENSHOTS / "ledger-conversion.png")
