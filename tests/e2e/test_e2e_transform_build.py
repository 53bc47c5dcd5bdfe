"""Transform and build on the game page, each part's legality on its own (seed 001 §5.3)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import SCREENSHOTS
from tests.e2e.test_e2e_click_flow import DEMO_PASSWORD, log_in

pytestmark = pytest.mark.e2e


def test_a_hex_where_only_the_transform_is_possible_says_why_the_dwelling_is_not(live, player):
    # Seed 001 §5.3. After 19 recorded moves the Mermaids (canetts) can dig C2 to lakes but
    # then have no worker left for the dwelling.
    out = live.manage("load_demo", "--moves", "19")
    game = int(re.search(r"game (\d+) \(in progress", out).group(1))
    p = player("canetts")
    page = p.page
    log_in(page, live, "canetts", DEMO_PASSWORD)
    page.goto(f"{live.url}/games/{game}/")
    expect(page.locator("#turn-banner")).to_contain_text("Your turn")
    page.click('#map .hex-cell.legal[data-hex="C2"]')
    menu = page.locator(".hex-menu")
    if menu.count():
        page.click('.hex-menu [data-row="dig 2. transform C2 to blue"]')
    expect(page.locator("#preview-banner")).to_contain_text("dig 2. transform C2 to blue")
    parts = page.locator("#transform-build-parts")
    expect(parts.locator(".part-ok")).to_contain_text("transform: possible")
    expect(parts.locator(".part-unavailable")).to_contain_text(
        "build: needs 1 more worker (a dwelling costs 1W 2C; mermaids have 0 workers)"
    )
    page.locator("#move-entry").screenshot(path=SCREENSHOTS / "transform-build-parts.png")
