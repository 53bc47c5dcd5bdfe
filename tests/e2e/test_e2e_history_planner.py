"""Looking back and planning ahead: the board, cults and resources after any move (stepping,
rounds, deep links), the ledger's filters and pinned header, the private planner and the
premove queue."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import log_in_demo as log_in

pytestmark = pytest.mark.e2e


def buildings(view: dict) -> int:
    return sum(1 for cell in view["map"].values() if cell.get("building"))


def test_a_spectator_steps_through_the_history_from_a_deep_link(live, player, demo):
    p = player("spectator")
    page = p.page
    then = live.api("GET", f"/api/v1/games/{demo}/states/20/")
    page.goto(f"{live.url}/games/{demo}/?at=20")
    expect(page.locator("#history-where")).to_contain_text("After move 20")
    expect(page.locator("#map .building")).to_have_count(buildings(then))
    for name, faction in then["factions"].items():
        expect(page.locator(f'.faction-panel[data-faction="{name}"] .vp')).to_have_text(
            f"{faction['VP']} VP"
        )
    p.screenshot("history-deep-link", full_page=False)

    page.click("#history-prev")
    expect(page.locator("#history-where")).to_contain_text("After move 19")
    expect(page).to_have_url(re.compile(r"[?&]at=19\b"))
    page.click("#history-next")
    expect(page.locator("#history-where")).to_contain_text("After move 20")
    page.select_option("#history-round", label="2")
    expect(page.locator("#history-where")).to_contain_text("round 2")

    # The ledger marks the move shown; its links show other moves.
    page.click("#ledger-details summary")
    current = page.locator(".ledger-table tr.current").first
    expect(current).to_be_visible()
    shown = int(current.get_attribute("data-move"))
    page.locator(".ledger-table a.show-move", has_text=re.compile(r"^5$")).first.click()
    expect(page.locator("#history-where")).to_contain_text("After move 5")
    assert shown != 5

    page.click("#history-close")
    expect(page.locator("#history-bar")).to_be_hidden()
    expect(page).not_to_have_url(re.compile(r"at="))
    now = live.api("GET", f"/api/v1/games/{demo}/state/")
    expect(page.locator("#map .building")).to_have_count(buildings(now))


def test_the_ledger_filters_by_faction_and_round_and_keeps_its_header_in_view(live, player, demo):
    p = player("reader")
    page = p.page
    page.goto(f"{live.url}/games/{demo}/")
    page.click("#ledger-details summary")
    rows = page.locator(".ledger-table tbody tr")
    expect(rows.first).to_be_visible()
    page.select_option(".ledger-filters select[name=faction]", "nomads")
    expect(page.locator(".ledger-table tbody tr:not(.faction-nomads)")).to_have_count(0)
    assert rows.count() > 3
    page.select_option(".ledger-filters select[name=round]", "1")
    count = rows.count()
    page.select_option(".ledger-filters select[name=round]", "")
    assert rows.count() > count > 0
    # Engine rows read as words, not as the engine's names.
    expect(page.locator(".ledger-table")).not_to_contain_text("other_income_for_faction")
    expect(page.locator(".ledger-table .cmd.engine", has_text="income").first).to_be_visible()
    page.select_option(".ledger-filters select[name=faction]", "")
    scroll = page.locator(".ledger-scroll")
    scroll.evaluate("e => { e.scrollTop = e.scrollHeight / 2; }")
    head = page.locator(".ledger-table thead th").first.bounding_box()
    frame = scroll.bounding_box()
    assert head and frame and abs(head["y"] - frame["y"]) < 2, "the header stays at the top"


def test_a_player_plans_moves_for_every_faction_on_a_copy_and_nothing_is_sent(live, player, demo):
    before = live.api("GET", f"/api/v1/games/{demo}/state/")
    acting = before["waiting_for"][0]
    me = next(p for p in before["players"] if p["seat"] != acting["seat"])
    p = player(me["username"])
    log_in(p.page, live, me["username"])
    page = p.page
    page.goto(f"{live.url}/games/{demo}/")
    page.click("#plan-button")
    expect(page.locator("#move-entry-title")).to_have_text("Planner: nothing is sent")
    # The plan starts with the faction the game waits for: the player plans their move too.
    expect(page.locator("#plan-actor")).to_have_value(acting["actor"])
    page.click("#tiles .bonus-tiles button.tile.legal >> nth=0")
    expect(page.locator("#send-button")).to_have_text("Add to plan")
    page.click("#send-button")
    expect(page.locator("#plan-rows li")).to_have_count(1)
    expect(page.locator("#plan-rows li").first).to_contain_text("Pass")
    # The board and panels now show the copy: that faction has passed there.
    expect(
        page.locator(f'.faction-panel[data-faction="{acting["actor"]}"] .badge.passed')
    ).to_be_visible()
    page.select_option("#plan-actor", me["actor"])
    legal = page.locator("#map .hex-cell.legal").first
    legal.click()
    menu = page.locator(".hex-menu li button")
    if menu.count():
        menu.first.click()
    expect(page.locator("#preview-banner")).to_contain_text("Planning")
    page.click("#send-button")
    expect(page.locator("#plan-rows li")).to_have_count(2)
    page.fill("#plan-notes", "Temple next round, then the stronghold.")
    expect(page.locator("#plan-status")).to_have_text("Plan kept (only you see it).")
    p.screenshot("planner", full_page=False)
    # Nothing was played.
    after = live.api("GET", f"/api/v1/games/{demo}/state/")
    assert after["move_number"] == before["move_number"]

    # My planned move goes into the premove queue.
    page.click("#plan-queue")
    expect(page.locator("#premove-list li[data-command]")).to_have_count(1)
    queued = page.locator("#premove-list li").first.get_attribute("data-command")

    # The plan, its notes and the queue are kept.
    page.reload()
    expect(page.locator("#premove-list li").first).to_have_attribute("data-command", queued)
    page.click("#plan-button")
    expect(page.locator("#plan-rows li")).to_have_count(2)
    expect(page.locator("#plan-notes")).to_have_value("Temple next round, then the stronghold.")
    page.click("#plan-button")
    expect(page.locator("#move-entry-title")).to_have_text("Your move")
    page.click("#premove-list li button")
    expect(page.locator("#premove-list li")).to_have_text("Nothing queued.")
