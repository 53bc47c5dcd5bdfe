"""Every word of the German pages comes from the catalogs, script-built panels included: a
server whose German catalogs are the pseudo-locale (tests/support/pseudo_locale.py: every
letter swapped for a look-alike), and a browser that reads every text of the lobby, the
new-game form, the Terra Mystica page (faction panels, cult board, tiles, move entry, a
preview, the ledger, the history, the planner with a planned move) and the leagues. A plain
ASCII word left is English that bypassed the catalogs."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import LiveServer
from tests.e2e.test_e2e_language import player_on_turn
from tests.support import pseudo_locale

pytestmark = pytest.mark.e2e

# Every text node (scripts, notation and the languages' own names aside) and what tooltips and
# screen readers say; hidden panels too, since they open on a click.
PAGE_TEXTS = """() => {
  const skipped = (el) => el.closest("script, style, code, template, noscript, [translate=no]");
  const out = [document.title];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    if (n.textContent.trim() && n.parentElement && !skipped(n.parentElement)) out.push(n.textContent);
  }
  for (const el of document.body.querySelectorAll("[title], [aria-label], [placeholder]")) {
    if (skipped(el)) continue;
    for (const a of ["title", "aria-label", "placeholder"]) {
      const value = el.getAttribute(a);
      // A move's button shows its notation as its tooltip: the same in every language.
      if (value && !(a === "title" && value === el.dataset.row)) out.push(value);
    }
  }
  return out;
}"""
NAMES = """
import json
from django.conf import settings
from django.contrib.auth import get_user_model
from games.models import Game
from leagues.models import League, Season
print(json.dumps([settings.SITE_NAME, *get_user_model().objects.values_list("username", flat=True),
    *Game.objects.values_list("name", flat=True), *League.objects.values_list("name", flat=True)]))
"""


@pytest.fixture(scope="module")
def live(tmp_path_factory, chromium_path) -> Iterator[LiveServer]:
    """The site with the pseudo-locale as its German (this module's server only)."""
    folder = pseudo_locale.build(tmp_path_factory.mktemp("pseudo") / "locale")
    os.environ["TEST_LOCALE_PATHS"] = str(folder)
    try:
        server = LiveServer(tmp_path_factory.mktemp("e2e"))
    finally:
        del os.environ["TEST_LOCALE_PATHS"]
    yield server
    server.stop()


def texts(page: Page) -> list[str]:
    page.wait_for_load_state("networkidle")
    return page.evaluate(PAGE_TEXTS)


def test_every_word_of_the_german_pages_comes_from_the_catalogs(live, player, demo):
    p = player_on_turn(live, player, demo)
    page = p.page
    seen: dict[str, list[str]] = {}
    page.goto(f"{live.url}/login/")
    seen["login"] = texts(page)
    page.goto(f"{live.url}/")
    page.click(".language-switch button[value=de]")
    expect(page.locator("html")).to_have_attribute("lang", "de")
    page.locator('#new-game-form input[name="kind"][value="mythotopia"]').check()
    seen["lobby"] = texts(page)
    page.goto(f"{live.url}/games/new/")
    seen["new game"] = texts(page)

    page.goto(f"{live.url}/games/{demo}/")
    page.wait_for_selector("#map svg")
    expect(page.locator("#factions .faction-panel").first).to_be_visible()
    seen["game"] = texts(page)
    # A move tried: the preview, its hint and what may follow.
    page.locator("#choices .button-row button:visible").first.click()
    expect(page.locator("#preview-banner")).to_be_visible()
    seen["preview"] = texts(page)
    p.screenshot("pseudo-locale-game")
    page.click("#undo-step")
    page.click("#ledger-title")
    expect(page.locator("#ledger table")).to_be_visible()
    seen["ledger"] = texts(page)
    page.click("#history-button")
    expect(page.locator("#history-where")).to_be_visible()
    seen["history"] = texts(page)
    page.click("#history-close")
    # The planner with one planned move of the player's own: its rows and buttons.
    page.click("#plan-button")
    expect(page.locator("#plan-panel")).to_be_visible()
    page.locator("#choices .button-row button:visible").first.click()
    expect(page.locator("#preview-banner")).to_be_visible()
    page.click("#send-button")
    expect(page.locator("#plan-rows li[data-command]")).to_have_count(1)
    expect(page.locator("#plan-queue")).to_be_visible()
    seen["planner"] = texts(page)
    p.screenshot("pseudo-locale-planner")

    page.goto(f"{live.url}/leagues/")
    seen["leagues"] = texts(page)
    league = page.locator("main a[href^='/leagues/']").first
    if league.count():
        league.click()
        seen["league"] = texts(page)
    page.goto(f"{live.url}/leaderboard/")
    seen["leaderboard"] = texts(page)

    listed = live.manage("shell", "-c", NAMES).strip().splitlines()[-1]
    names = [*json.loads(listed), "Terra Mystica", "Mythotopia"]
    left = {where: pseudo_locale.untranslated(found, names) for where, found in seen.items()}
    left = {where: found for where, found in left.items() if found}
    assert left == {}, "\n".join(
        f"{where}: {text}" for where, found in left.items() for text in found
    )
