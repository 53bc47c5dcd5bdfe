"""The statistics and open-data pages in a real browser, on a desk and on a phone, in English
and German (screenshots: artifacts/screenshots/stats-*.png, opendata-*.png)."""

from __future__ import annotations

import os
import re
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import expect

from games.kinds.terra_mystica.notation import corpus_entries
from tests.conftest import CORPUS, load_corpus_game
from tests.web.test_web_language import english_left

pytestmark = pytest.mark.e2e

GAMES = ["4pLeague_S60_D1L1_G1", "4pLeague_S60_D1L1_G2", "4pLeague_S60_D1L1_G3"]
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True}


@pytest.fixture(scope="module", autouse=True)
def dump_folder() -> Iterator[Path]:
    """The live server (started after this) writes its dumps to a folder of this module."""
    with tempfile.TemporaryDirectory() as folder:
        before = os.environ.get("OPENDATA_ROOT")
        os.environ["OPENDATA_ROOT"] = folder
        yield Path(folder)
        if before is None:
            os.environ.pop("OPENDATA_ROOT", None)
        else:
            os.environ["OPENDATA_ROOT"] = before


@pytest.fixture(scope="module")
def finished(live) -> str:
    """Three corpus games finished on the site, rated, counted and dumped; a player's name."""
    out = live.manage(
        "import_game", "--attach-existing", *(str(CORPUS / f"{g}.json") for g in GAMES)
    )
    assert out.count("finished") == len(GAMES), out
    live.manage("recompute_ratings")
    assert "3 games counted" in live.manage("rebuild_stats")
    live.manage("build_dumps")
    seated = [set(corpus_entries(load_corpus_game(g)).players) for g in GAMES]
    return sorted(set.intersection(*seated))[0]


def _opponents(name: str) -> int:
    """How many different players ``name`` met in the corpus games."""
    seated = [set(corpus_entries(load_corpus_game(g)).players) for g in GAMES]
    return len(set.union(*(s for s in seated if name in s)) - {name})


def _fits_the_width(page) -> None:
    overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 1, f"the page is {overflow}px wider than the screen"


def test_role_statistics_with_plots_and_filters(live, player, finished):
    p = player("visitor")
    page = p.page
    page.goto(f"{live.url}/")
    page.click(".site-nav >> text=Statistics")
    expect(page.locator("h1")).to_have_text("Statistics")
    expect(page.locator("#chart-win-rate")).to_be_visible()
    expect(page.locator("#chart-adjusted")).to_be_visible()
    rows = page.locator("#stats-roles tbody tr")
    assert rows.count() >= 4  # twelve seats, some factions played more than once
    expect(page.locator("#chart-win-rate .row")).to_have_count(rows.count())
    p.screenshot("stats-roles")
    page.select_option("#stats-filters select[name=role_type]", "colour")
    page.click("#stats-filters button[type=submit]")
    page.wait_for_url(re.compile(r"role_type=colour"))
    expect(page.locator("#stats-roles thead")).to_contain_text("Colour")
    p.screenshot("stats-roles-colour")


def test_player_statistics(live, player, finished):
    p = player("visitor")
    page = p.page
    page.goto(f"{live.url}/stats/players/{finished}/")
    expect(page.locator("#chart-rating")).to_be_visible()
    expect(page.locator("#chart-rating circle")).to_have_count(len(GAMES))
    expect(page.locator("#stats-head-to-head tbody tr")).to_have_count(_opponents(finished))
    p.screenshot("stats-player")
    page.locator("#stats-head-to-head tbody tr a").first.click()
    expect(page.locator("h1")).to_contain_text("Statistics of")


def test_pages_on_a_phone(live, player, finished):
    p = player("phone", **PHONE)
    page = p.page
    page.goto(f"{live.url}/stats/")
    expect(page.locator("#chart-win-rate")).to_be_visible()
    box = page.locator("#chart-win-rate").bounding_box()
    assert box is not None and box["width"] <= 390
    _fits_the_width(page)
    p.screenshot("stats-roles-phone")
    page.goto(f"{live.url}/stats/players/{finished}/")
    _fits_the_width(page)
    p.screenshot("stats-player-phone")
    page.goto(f"{live.url}/open-data/")
    _fits_the_width(page)
    p.screenshot("opendata-phone")


def test_pages_in_german(live, player, finished):
    p = player("besucher", locale="de-DE")
    page = p.page
    page.goto(f"{live.url}/stats/")
    expect(page.locator("html")).to_have_attribute("lang", "de")
    expect(page.locator("h1")).to_have_text("Statistik")
    assert english_left(page.content()) == []
    p.screenshot("de-stats-roles")
    page.goto(f"{live.url}/stats/players/{finished}/")
    expect(page.locator("h1")).to_have_text(f"Statistik von {finished}")
    assert english_left(page.content()) == []
    p.screenshot("de-stats-player")
    page.goto(f"{live.url}/open-data/")
    expect(page.locator("h1")).to_have_text("Offene Daten")


def test_open_data_page_offers_the_files(live, player, finished):
    p = player("visitor")
    page = p.page
    page.goto(f"{live.url}/stats/")
    page.click("text=Download every game (open data)")
    expect(page.locator("#opendata-files tbody tr")).to_have_count(1)
    link = page.locator("#opendata-files a").first
    href = link.get_attribute("href")
    assert href and href.endswith(".jsonl.gz")
    response = page.request.get(f"{live.url}{href}")
    assert response.status == 200 and response.body()[:2] == b"\x1f\x8b"  # gzip
    schema = page.request.get(live.url + page.locator("#opendata-schema").get_attribute("href"))
    assert schema.json()["properties"]["snellman"]
    p.screenshot("opendata")
