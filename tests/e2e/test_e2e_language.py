"""The interface in German, in a real browser: the browser's language, the header's switch,
and screenshots of the main pages (artifacts/screenshots/de-*.png)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import Player
from tests.e2e.conftest import log_in_demo as log_in
from tests.web.test_web_language import english_left

pytestmark = pytest.mark.e2e


def test_a_german_browser_gets_german_pages(live, player, demo):
    p = player("visitor", locale="de-DE")
    page = p.page
    page.goto(f"{live.url}/")
    expect(page.locator("html")).to_have_attribute("lang", "de")
    expect(page.locator(".site-nav")).to_contain_text("Rangliste")
    assert english_left(page.content()) == []
    p.screenshot("de-lobby-visitor")
    page.goto(f"{live.url}/login/")
    assert english_left(page.content()) == []
    expect(page.locator("h1")).to_have_text("Anmelden")


def test_the_switch_turns_the_site_german_and_stays(live, player, demo):
    p = player("qlip21", locale="en-US")
    page = p.page
    log_in(page, live, "qlip21")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    page.click(".language-switch button[value=de]")
    expect(page.locator("html")).to_have_attribute("lang", "de")
    assert page.url == f"{live.url}/"
    expect(page.locator("#my-games-title")).to_have_text("Deine Partien")
    assert english_left(page.content()) == []
    p.screenshot("de-lobby")

    pages = {
        "de-leaderboard": "/leaderboard/?provisional=1",
        "de-profile": "/players/qlip21/",
        "de-account": "/account/",
        "de-leagues": "/leagues/",
    }
    for name, path in pages.items():
        page.goto(f"{live.url}{path}")
        expect(page.locator("html")).to_have_attribute("lang", "de")
        page.wait_for_load_state("networkidle")
        assert english_left(page.content()) == [], path
        p.screenshot(name)

    page.goto(f"{live.url}/games/{demo}/")
    expect(page.locator("#cults-title")).to_have_text("Kulttafel")
    expect(page.locator("#ledger-title")).to_have_text("Protokoll")
    page.wait_for_selector("#map svg")
    # The scripts' words too: the banner, the faction panels, the cult board.
    expect(page.locator("#turn-banner")).to_contain_text("Wartet auf")
    # The players named there link to their profiles.
    expect(page.locator("#turn-banner a").first).to_have_attribute(
        "href", re.compile(r"^/players/[^/]+/$")
    )
    expect(page.locator("#factions")).to_contain_text("Nomaden")
    expect(page.locator("#factions")).to_contain_text("nächstes Einkommen")
    expect(page.locator("#cults")).to_contain_text("FEUER")
    expect(page.locator("#round-text")).to_have_text("Runde 2")
    p.screenshot("de-game")
    page.click("#ledger-title")
    expect(page.locator("#ledger .ledger-filters")).to_contain_text("Runde")
    expect(page.locator("#ledger thead")).to_contain_text("Befehl")
    expect(page.locator("#map svg[aria-label]").first).to_have_attribute(
        "aria-label", "Spielplan der Partie"
    )
    page.locator("#ledger").scroll_into_view_if_needed()
    p.screenshot("de-game-ledger", full_page=False)

    # Back to English with the same switch; the choice holds on the next page too.
    page.click(".language-switch button[value=en]")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    page.goto(f"{live.url}/leaderboard/")
    expect(page.locator("h1")).to_have_text("Leaderboard")


def player_on_turn(live, player, demo) -> Player:
    """The demo game's player on turn, logged in, in a German browser."""
    waiting = live.api("GET", f"/api/v1/games/{demo}/state/")
    seat = waiting["waiting_for"][0]["seat"]
    username = next(p["username"] for p in waiting["players"] if p["seat"] == seat)
    p = player(username, locale="de-DE")
    log_in(p.page, live, username)
    return p


def test_the_moves_on_offer_are_worded_in_german(live, player, demo):
    """The player the demo game waits for sees the legal moves' groups and labels in German."""
    p = player_on_turn(live, player, demo)
    page = p.page
    page.goto(f"{live.url}/games/{demo}/")
    expect(page.locator("#turn-banner")).to_contain_text("Du bist am Zug")
    choices = page.locator("#move-entry")
    expect(choices).to_contain_text("Machtaktionen")
    expect(choices).to_contain_text("Passen")
    page.locator("#move-entry").scroll_into_view_if_needed()
    p.screenshot("de-your-move", full_page=False)


def test_german_pages_fit_a_390_pixel_phone(live, player, demo):
    """German words are longer: the main pages still fit a phone without scrolling sideways."""
    phone = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
    p = player("qlip21", locale="de-DE", **phone)
    log_in(p.page, live, "qlip21")
    page = p.page
    # The account may keep another language from an earlier visit: choose German here.
    page.goto(f"{live.url}/")
    page.click(".language-switch button[value=de]")
    for path in ["/", f"/games/{demo}/", "/leaderboard/", "/players/qlip21/", "/account/"]:
        page.goto(f"{live.url}{path}")
        expect(page.locator("html")).to_have_attribute("lang", "de")
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 390, f"{path} scrolls sideways ({width}px)"
    page.goto(f"{live.url}/")
    p.screenshot("de-lobby-390px", full_page=False)


def test_the_game_page_tiles_banner_and_planner_in_german(live, player, demo):
    """What the scripts build from the rules' data and the planner's buttons, in German."""
    p = player_on_turn(live, player, demo)
    page = p.page
    page.click(".language-switch button[value=de]")
    page.goto(f"{live.url}/games/{demo}/")
    page.wait_for_selector("#map svg")
    expect(page.locator("#turn-banner")).to_have_text("Du bist am Zug: eine Aktion ausführen")
    tiles = page.locator("#tiles")
    expect(tiles.locator(".power-actions")).to_contain_text("eine Brücke bauen")
    expect(tiles.locator(".bonus-tiles")).to_contain_text(
        "Aktion: Umwandeln und Bauen mit 1 freien Spaten"
    )
    expect(tiles.locator(".scoring-tiles")).to_contain_text("(laufende Runde)")
    expect(tiles.locator(".favor-tiles")).to_contain_text("Einkommen")
    expect(page.locator("#factions")).to_contain_text("wenn sie jetzt endete")
    page.locator("#tiles").scroll_into_view_if_needed()
    p.screenshot("de-game-tiles", full_page=False)
    # The planner: a planned move of one's own, the buttons to play or queue it.
    page.click("#plan-button")
    expect(page.locator("#plan-button")).to_have_text("Planer verlassen")
    page.locator("#choices .button-row button:visible").first.click()
    page.click("#send-button")
    expect(page.locator("#plan-rows li[data-command]")).to_have_count(1)
    expect(page.locator("#plan-rows")).to_contain_text("entfernen")
    expect(page.locator("#plan-queue")).to_have_text("Meinen geplanten Zug als Vorauszug vormerken")
    assert english_left(page.content()) == []
    page.locator("#move-entry").scroll_into_view_if_needed()
    p.screenshot("de-planner", full_page=False)
    page.goto(f"{live.url}/leagues/")
    expect(page.locator("main")).to_contain_text("läuft")
    page.goto(f"{live.url}/games/new/")
    page.locator('#new-game-form input[name="kind"][value="terra_mystica"]').check()
    expect(page.locator("#new-game-form")).to_contain_text("Regel-Errata")
    p.screenshot("de-new-game-form")
