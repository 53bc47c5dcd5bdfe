"""The setup of Fire & Ice games by clicks: the options ticked in the lobby's form, then each
player taking the faction, favor tile, home colour, dwellings and bonus tile by clicks."""

from __future__ import annotations

import re
import uuid

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import Player, goto_settled
from tests.e2e.test_e2e_click_game import Table

pytestmark = pytest.mark.e2e

COLOURS = {"icemaidens": "green", "dragonlords": "red", "shapeshifters": "blue", "yetis": "yellow"}


EXPLICIT_SCORING = ["SCORE5", "SCORE8", "SCORE4", "SCORE9", "SCORE6", "SCORE2"]


def wanted_row(faction: str, legal: list[str]) -> str:
    """The test's choice among the legal rows: its faction and colour, else the first row."""
    for row in legal:
        if row.lower() in (f"setup {faction}", f"pick-color {COLOURS[faction]}"):
            return row
    return legal[0]


def new_game_by_clicks(
    live,
    player,
    options: tuple[str, ...],
    shot: str,
    prefixes=("fi", "fj"),
    removed_bonus_tiles: tuple[str, ...] = (),
) -> Table:
    """Two players; the first creates the game from the lobby's form, the second joins.

    With ``removed_bonus_tiles`` the game has an explicit setup: those tiles out, fixed
    scoring tiles."""
    usernames, tokens = [], {}
    for prefix in prefixes:
        name, token = live.register(prefix)
        usernames.append(name)
        tokens[name] = token
    players = {name: player(name).log_in() for name in usernames}
    first = players[usernames[0]].page
    first.fill("#new-game-form input[name=name]", f"Fire and Ice {uuid.uuid4().hex[:4]}")
    first.select_option("#id_player_count", "2")
    for option in options:
        first.check(f'#new-game-form input[name=options][value="{option}"]')
    if removed_bonus_tiles:
        first.click(".setup-section summary")
        first.check("#id_explicit_setup")
        for n, tile in enumerate(EXPLICIT_SCORING, start=1):
            first.select_option(f"#id_scoring_{n}", tile)
        for tile in removed_bonus_tiles:
            first.check(f'input[name=removed_bonus_tiles][value="{tile}"]')
    players[usernames[0]].screenshot(f"{shot}-new-game-form")
    first.click("#new-game-form button[type=submit]")
    first.wait_for_url(re.compile(r"/games/\d+/$"))
    game_url = first.url
    game_id = int(game_url.rstrip("/").rsplit("/", 1)[1])
    second = players[usernames[1]].page
    second.goto(f"{live.url}/")
    second.click(f'.game-card[data-game="{game_id}"] .join-form button')
    second.wait_for_url(game_url)
    goto_settled(first, game_url)
    return Table(live, game_id, players, tokens)


def set_up_by_clicks(
    live, player, factions: tuple[str, str], options: tuple[str, ...], shot: str
) -> tuple[Player, Page]:
    """Create the game from the lobby, join it and play its setup; the first player's page."""
    table = new_game_by_clicks(live, player, options, shot)
    players = table.players
    usernames = list(players)
    first = players[usernames[0]].page
    faction_of = dict(zip(usernames, factions, strict=True))
    picked = set()
    for _ in range(20):
        state = table.state()
        if state["round"] >= 1:
            break
        decision = state["waiting_for"][0]
        username = next(p["username"] for p in state["players"] if p["seat"] == decision["seat"])
        p = players[username]
        expect(p.page.locator("#move-number")).to_have_text(str(state["move_number"]))
        row = wanted_row(faction_of[username], table.api("legal/", username)["commands"])
        if row.startswith("pick-color"):
            # Chosen from swatches, one per colour the engine offers.
            expect(p.page.locator(f'#choices [data-row="{row}"] .swatch')).to_be_visible()
            if not picked:
                p.screenshot(f"{shot}-pick-colour")
            picked.add(faction_of[username])
        table.play(username, row)
        expect(p.page.locator("#move-number")).not_to_have_text(str(state["move_number"]))
        expect(p.page.locator("#command-error")).to_be_hidden()
    else:
        raise AssertionError("the setup did not end within 20 moves")
    assert table.state()["round"] == 1 and picked == set(factions)
    first.reload()
    return players[usernames[0]], first


def test_setup_of_an_ice_and_a_volcano_faction_by_clicks(live, player):
    options = ("fire-and-ice-factions/ice", "fire-and-ice-factions/volcano")
    me, page = set_up_by_clicks(
        live, player, ("icemaidens", "dragonlords"), options, "fire-and-ice"
    )
    # Ice and volcano hexes in their own colours, the chosen homes named on the boards.
    expect(page.locator("#map polygon.terrain-ice").first).to_be_visible()
    expect(page.locator("#map polygon.terrain-volcano").first).to_be_visible()
    panel = page.locator('.faction-panel[data-faction="icemaidens"]')
    expect(panel.locator(".home-badge")).to_contain_text("forest")
    dragons = page.locator('.faction-panel[data-faction="dragonlords"] .home-badge')
    expect(dragons).to_contain_text("wasteland")
    panel.locator("summary").click()
    expect(panel).to_contain_text("3 VP per temple")
    expect(panel.locator(".costs")).to_contain_text("dwelling 1 worker, 2 coins")
    me.screenshot("fire-and-ice-after-setup")


def test_setup_of_the_revised_shapeshifters_beside_the_yetis_by_clicks(live, player):
    # Shapeshifters and Riverwalkers share a board, as Ice Maidens and Yetis do: one of each.
    options = ("fire-and-ice-factions/variable_v5", "fire-and-ice-factions/ice")
    factions = ("shapeshifters", "yetis")
    me, page = set_up_by_clicks(live, player, factions, options, "fire-and-ice-variable")
    shifters = page.locator('.faction-panel[data-faction="shapeshifters"]')
    expect(shifters.locator(".home-badge")).to_contain_text("lakes")
    yetis = page.locator('.faction-panel[data-faction="yetis"] .home-badge')
    expect(yetis).to_contain_text("desert")
    # The Shapeshifters' buildings take the colour picked, the Yetis' stay ice.
    expect(page.locator("#map .bld-blue").first).to_be_attached()
    expect(page.locator("#map .bld-ice").first).to_be_attached()
    shifters.locator("summary").click()
    expect(shifters).to_contain_text("Stronghold action")
    me.screenshot("fire-and-ice-variable-after-setup")
