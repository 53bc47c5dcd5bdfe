"""A 390 px phone: every main page fits without scrolling sideways, taps on the map land where
the finger is, and a player of either kind plays a move by taps without zooming, every tap
target 44 px or more."""

from __future__ import annotations

import re
from collections import Counter

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import Player
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


def _demo_on_turn(live, player, demo: int) -> Player:
    """The demo game's page on a phone, as the player it waits for."""
    state = live.api("GET", f"/api/v1/games/{demo}/state/")
    seat = state["waiting_for"][0]["seat"]
    username = next(p["username"] for p in state["players"] if p["seat"] == seat)
    p = player(username, **PHONE)
    log_in(p.page, live, username)
    p.page.goto(f"{live.url}/games/{demo}/")
    expect(p.page.locator("#turn-banner")).to_contain_text("Your turn")
    return p


def test_taps_on_the_map_at_normal_size_land_under_the_finger(live, player, demo):
    state = live.api("GET", f"/api/v1/games/{demo}/state/")
    p = _demo_on_turn(live, player, demo)
    page = p.page
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


# Every control a finger may tap, as the page lays it out now: links, buttons, fields,
# summaries, and the map's places (hexes, provinces, seas). A box wrapped in its label is
# tapped through the label. Not counted: what is not shown (zero size, folded away), and what
# sits off the page until a keyboard focuses it (the skip link).
SMALL_TARGETS = """() => {
  const selector = 'a[href], button, input:not([type=hidden]), select, textarea, summary, '
    + '[role=button], [tabindex]:not([tabindex="-1"]), .hex-cell';
  const seen = new Set();
  const small = [];
  for (let el of document.querySelectorAll(selector)) {
    if (el.matches('input[type=checkbox], input[type=radio]')) el = el.closest('label') || el;
    if (seen.has(el)) continue;
    seen.add(el);
    const r = el.getBoundingClientRect();
    if (!r.width || !r.height || getComputedStyle(el).visibility === 'hidden') continue;
    if (r.right + window.scrollX <= 0 || r.bottom + window.scrollY <= 0) continue;
    if (r.width < 44 || r.height < 44) {
      const name = (el.getAttribute('aria-label') || el.textContent || el.id || '').trim();
      small.push(`${el.tagName.toLowerCase()} "${name.slice(0, 40)}" ${Math.round(r.width)}x${Math.round(r.height)}`);
    }
  }
  return small;
}"""


def _unzoomed_and_narrow(page) -> None:
    """The page needs no pinch: the browser's zoom is 1 and nothing scrolls sideways."""
    assert page.evaluate("window.visualViewport.scale") == 1
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the page scrolls sideways ({width}px)"


def _in_view(page, selector: str) -> None:
    box = page.locator(selector).bounding_box()
    assert box and box["y"] >= 0 and box["y"] + box["height"] <= 844, f"{selector} is off screen"


def test_a_phone_plays_a_terra_mystica_move_with_taps_of_44_pixels(live, player, demo):
    """Hexes were 34x38 px and Confirm below twenty buttons: the map opens zoomed (hexes of
    44 px and more, scrolling in their frame) and the row waiting for Confirm stays at the
    bottom of the screen."""
    p = _demo_on_turn(live, player, demo)
    page = p.page
    expect(page.locator("#zoom-button")).to_have_attribute("aria-pressed", "true")
    hexes = page.locator("#map .hex-cell")
    box = hexes.first.bounding_box()
    assert box and box["width"] >= 44 and box["height"] >= 44
    assert page.evaluate(SMALL_TARGETS) == []
    _unzoomed_and_narrow(page)

    number = int(page.locator("#move-number").inner_text())
    # The hex with the most choices: a tap opens its menu.
    legal = page.evaluate(f"fetch('/api/v1/games/{demo}/legal/').then(r => r.json())")
    choices = Counter(
        hex_id
        for command in legal["commands"]
        for hex_id in set(re.findall(r"\b([A-I]\d{1,2})\b", command))
    )
    hex_id = max(sorted(choices), key=lambda h: choices[h])
    assert choices[hex_id] >= 2, choices
    page.locator(f'#map .hex-cell.legal[data-hex="{hex_id}"]').tap()
    menu = page.locator(".hex-menu li button")
    expect(menu.first).to_be_visible()
    assert page.evaluate(SMALL_TARGETS) == [], "the hex menu's choices"
    menu.first.tap()
    preview = page.locator("#preview-banner:not([hidden])")
    expect(preview).to_be_visible()
    expect(page.locator("#send-button")).to_have_text("Confirm move")
    # Reachable as it is: no scrolling past the choices.
    _in_view(page, "#send-button")
    assert page.evaluate(SMALL_TARGETS) == []
    p.screenshot("tm-390px-confirm", full_page=False)
    page.locator("#send-button").tap()
    expect(page.locator("#move-number")).to_have_text(str(number + 1))
    expect(preview).to_be_hidden()
    _unzoomed_and_narrow(page)


def test_a_phone_plays_a_mythotopia_move_and_sees_the_whole_map(live, player):
    """The map was cut off with no hint that it scrolls: it scrolls inside its frame, a line
    says so, and each side of it comes into view; provinces and seas are 44 px targets, and
    the move waiting for Confirm stays at the bottom of the screen."""
    from tests.e2e.test_e2e_mythotopia import _new_game, _on_turn

    game_id, _names, _tokens = _new_game(live)
    username, number = _on_turn(live, game_id)
    p = player(username, **PHONE).log_in()
    page = p.page
    page.goto(f"{live.url}/games/{game_id}/")
    expect(page.locator("#myth-map .myth-province")).to_have_count(40)
    expect(page.locator("#myth-map-hint")).to_be_visible()
    assert page.evaluate(SMALL_TARGETS) == []
    _unzoomed_and_narrow(page)
    p.screenshot("mythotopia-390px-top", full_page=False)

    # Both edges of the map come into view inside its frame.
    frame = page.locator("#myth-map")
    xs = {
        name: page.locator(f'#myth-map .myth-province[data-province="{name}"]')
        for name in ("Ambsace", "Trogle")  # the westernmost and the easternmost
    }
    for edge, scroll in (("Ambsace", "0"), ("Trogle", "e.scrollWidth")):
        frame.evaluate(f"e => {{ e.scrollLeft = {scroll}; }}")
        box = xs[edge].bounding_box()
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= 390, edge
    expect(frame).to_have_class(re.compile("more-left"))
    frame.evaluate("e => { e.scrollLeft = 0; }")

    # A move by taps: a highlighted place, its actions below, one of them, Confirm.
    page.locator("#myth-map .myth-province.legal").first.tap()
    page.locator("#myth-to-actions").tap()
    button = page.locator("#myth-legal .myth-move").first
    expect(button).to_be_in_viewport()
    button.tap()
    expect(page.locator("#myth-confirm")).to_be_visible()
    _in_view(page, "#myth-confirm-yes")
    assert page.evaluate(SMALL_TARGETS) == []
    p.screenshot("mythotopia-390px-confirm", full_page=False)
    page.locator("#myth-confirm-yes").tap()
    expect(page.locator("#myth-move")).to_have_text(str(number + 1))
    _unzoomed_and_narrow(page)
    p.screenshot("mythotopia-390px")
