"""A tournament's pages in a real browser: staff create a knockout on the new-league page,
players sign up, the start seats round 1 and the bracket shows its tables, in German too
(screenshots: artifacts/screenshots/tournament-*.png)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.e2e


def test_staff_create_a_knockout_and_its_bracket_shows_round_one(live, player):
    boss, _token = live.register("boss")
    live.manage(
        "shell",
        "-c",
        "from django.contrib.auth import get_user_model; "
        f"get_user_model().objects.filter(username='{boss}').update(is_staff=True)",
    )
    staff = player(boss).log_in()
    page = staff.page
    page.goto(f"{live.url}/leagues/")
    page.click("#new-league")
    page.fill("input[name=name]", "Cup")
    page.select_option("select[name=kind]", "terra_mystica")
    page.select_option("select[name=format]", "knockout")
    page.fill("input[name=players_per_game]", "3")
    page.fill("input[name=advance]", "1")
    page.click("#league-new button")
    page.wait_for_url(re.compile(r"/leagues/seasons/\d+/$"))
    season_id = int(re.search(r"/seasons/(\d+)/", page.url).group(1))
    expect(page.locator("body")).to_contain_text("Knockout")

    players = [live.register("cup") for _ in range(6)]
    for _username, token in players:
        live.api("POST", f"/api/v1/leagues/seasons/{season_id}/signups/", token=token)
    page.reload()
    page.click("button[value=start]")
    expect(page.locator("#round-1 table.pairing")).to_have_count(2)
    expect(page.locator("#tournament-standings tbody tr")).to_have_count(6)
    # Seeds in snake order over two tables of three: 1, 4, 5 and 2, 3, 6; the lowest-placed
    # player of a table sits first.
    first = page.locator("#round-1 table.pairing").first
    expect(first.locator("caption")).to_contain_text("Table 1")
    expect(first.locator("caption a")).to_have_attribute("href", re.compile(r"^/games/\d+/$"))
    staff.screenshot("tournament-knockout-en")

    visitor = player("visitor", locale="de-DE")
    visitor.page.goto(f"{live.url}/leagues/seasons/{season_id}/")
    body = visitor.page.locator("body")
    expect(body).to_contain_text("Runde 1")
    expect(body).to_contain_text("Tisch 1")
    expect(body).to_contain_text("K.-o.-Turnier")
    visitor.screenshot("tournament-knockout-de")
    state = live.api("GET", f"/api/v1/leagues/seasons/{season_id}/tournament/")
    assert state["format"] == "knockout" and len(state["rounds"][0]["tables"]) == 2
