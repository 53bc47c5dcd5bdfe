"""The setup of a Fire & Ice game by clicks: Ice Maidens and Dragonlords, chosen in the lobby's
form, each taking its faction, favor tile, home colour, dwellings and bonus tile by clicks."""

from __future__ import annotations

import re
import uuid

import pytest
from playwright.sync_api import expect

from tests.e2e.test_e2e_click_game import Table

pytestmark = pytest.mark.e2e

FACTIONS = ("icemaidens", "dragonlords")
COLOURS = {"icemaidens": "green", "dragonlords": "red"}


def wanted_row(faction: str, legal: list[str]) -> str:
    """The test's choice among the legal rows: its faction and colour, else the first row."""
    for row in legal:
        if row.lower() in (f"setup {faction}", f"pick-color {COLOURS[faction]}"):
            return row
    return legal[0]


def test_setup_of_an_ice_and_a_volcano_faction_by_clicks(live, player):
    usernames, tokens = [], {}
    for prefix in ("ice", "lava"):
        name, token = live.register(prefix)
        usernames.append(name)
        tokens[name] = token
    players = {name: player(name).log_in() for name in usernames}
    first = players[usernames[0]].page

    first.fill("#new-game-form input[name=name]", f"Fire and Ice {uuid.uuid4().hex[:4]}")
    first.select_option("#id_player_count", "2")
    for option in ("fire-and-ice-factions/ice", "fire-and-ice-factions/volcano"):
        first.check(f'#new-game-form input[name=options][value="{option}"]')
    players[usernames[0]].screenshot("fire-and-ice-new-game-form")
    first.click("#new-game-form button[type=submit]")
    first.wait_for_url(re.compile(r"/games/\d+/$"))
    game_url = first.url
    game_id = int(game_url.rstrip("/").rsplit("/", 1)[1])
    second = players[usernames[1]].page
    second.goto(f"{live.url}/")
    second.click(f'.game-card[data-game="{game_id}"] .join-form button')
    second.wait_for_url(game_url)
    first.goto(game_url)

    table = Table(live, game_id, players, tokens)
    faction_of = dict(zip(usernames, FACTIONS, strict=True))
    shot_colour = False
    for _ in range(20):
        state = table.state()
        if state["round"] >= 1 or state["finished"]:
            break
        decision = state["waiting_for"][0]
        username = next(p["username"] for p in state["players"] if p["seat"] == decision["seat"])
        p = players[username]
        expect(p.page.locator("#move-number")).to_have_text(str(state["move_number"]))
        row = wanted_row(faction_of[username], table.api("legal/", username)["commands"])
        if row.startswith("pick-color") and not shot_colour:
            # The colour is chosen from swatches: the ones other factions hold are not offered.
            expect(p.page.locator(f'#choices [data-row="{row}"] .swatch')).to_be_visible()
            p.screenshot("fire-and-ice-pick-colour")
            shot_colour = True
        table.play(username, row)
        expect(p.page.locator("#move-number")).not_to_have_text(str(state["move_number"]))
        expect(p.page.locator("#command-error")).to_be_hidden()
    else:
        raise AssertionError("the setup did not end within 20 moves")

    state = table.state()
    assert state["round"] == 1 and shot_colour
    factions = state["view"]["factions"] if "view" in state else None
    page = players[usernames[0]].page
    page.reload()
    # Ice and volcano hexes in their own colours, the chosen homes named on the boards.
    expect(page.locator("#map polygon.terrain-ice").first).to_be_visible()
    panel = page.locator('.faction-panel[data-faction="icemaidens"]')
    expect(panel.locator(".home-badge")).to_contain_text("forest")
    expect(page.locator('.faction-panel[data-faction="dragonlords"] .home-badge')).to_contain_text(
        "wasteland"
    )
    panel.locator("summary").click()
    expect(panel).to_contain_text("3 VP per temple")
    players[usernames[0]].screenshot("fire-and-ice-after-setup")
    assert factions is None or set(factions) == set(FACTIONS)
