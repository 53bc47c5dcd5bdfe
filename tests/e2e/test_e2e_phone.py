"""A 390 px phone: every main page fits without scrolling sideways, and taps on the map at
its normal size land where the finger is."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import log_in_demo as log_in

pytestmark = pytest.mark.e2e

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}


def test_main_pages_fit_a_390_pixel_phone(live, player, demo):
    p = player("qlip21", **PHONE)
    log_in(p.page, live, "qlip21")
    page = p.page
    paths = ["/", f"/games/{demo}/", "/leaderboard/", "/players/qlip21/", "/leagues/"]
    page.goto(f"{live.url}/leagues/")
    page.click("text=DemoLeague")
    page.click("text=Season 1")
    paths.append(page.url.removeprefix(live.url))
    page.click(".league-page h3 a >> nth=0")
    paths.append(page.url.removeprefix(live.url))
    p.screenshot("league-group-390px")
    for path in paths:
        page.goto(f"{live.url}{path}")
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 390, f"{path} scrolls sideways ({width}px)"


def test_taps_on_the_map_at_normal_size_land_under_the_finger(live, player, demo):
    state = live.api("GET", f"/api/v1/games/{demo}/state/")
    seat = state["waiting_for"][0]["seat"]
    username = next(p["username"] for p in state["players"] if p["seat"] == seat)
    p = player(username, **PHONE)
    log_in(p.page, live, username)
    page = p.page
    page.goto(f"{live.url}/games/{demo}/")
    expect(page.locator("#turn-banner")).to_contain_text("Your turn")
    board = page.locator("#map svg")

    def board_top() -> float:  # in the page, wherever it is scrolled
        return board.evaluate("e => e.getBoundingClientRect().top + window.scrollY")

    top = board_top()
    # A tap on a hex shows its description on one line, however long: the map stays put.
    built = max(state["map"], key=lambda h: (bool(state["map"][h].get("building")), len(h)))
    for hex_id in ("A1", built):
        page.locator(f'#map .hex-cell[data-hex="{hex_id}"]').tap()
        expect(page.locator("#hex-info")).to_contain_text(hex_id)
        assert board_top() == top
    legal = page.locator("#map .hex-cell.legal").first
    hex_id = legal.get_attribute("data-hex")
    box = legal.bounding_box()
    assert box and box["width"] >= 24, "hexes stay big enough to tap"
    legal.tap()
    # Either the only choice there is previewed, or the choices of that hex are listed.
    choice = page.locator(f".hex-menu h3:has-text('{hex_id}'), #preview-banner:not([hidden])")
    expect(choice.first).to_be_visible()
    p.screenshot("tap-at-390px", full_page=False)
