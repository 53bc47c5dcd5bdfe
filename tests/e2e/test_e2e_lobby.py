"""The lobby's form for every game kind, and the Terra Mystica page's prompts at the start of
a game: Mythotopia created from the form (the kind chosen first, its own options shown, the
map hidden); the faction choice without squeezed names, the home colour offered right after
the Yetis are chosen, and the Yetis' own power action costs."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import LiveServer, Player, goto_settled

pytestmark = pytest.mark.e2e


def new_mythotopia_from_the_lobby(live: LiveServer, player) -> tuple[int, dict[str, Player]]:
    """Two players; the first creates a Mythotopia game with the lobby's form, the second
    joins from the lobby. Returns the game's id and both players, logged in."""
    names = [live.register(prefix)[0] for prefix in ("lmA", "lmB")]
    players = {name: player(name).log_in() for name in names}
    creator = players[names[0]]
    page = creator.page
    form = page.locator("#new-game-form")
    form.locator('input[name="kind"][value="mythotopia"]').check()
    # Only Mythotopia's options; no map and no Terra Mystica setup; no 5-player game.
    expect(form.locator('.kind-options[data-kind="mythotopia"]')).to_be_visible()
    expect(form.locator('.kind-options[data-kind="terra_mystica"]')).to_be_hidden()
    expect(form.locator("#id_map_id")).to_be_hidden()
    expect(form.locator(".setup-section")).to_be_hidden()
    expect(form.locator('#id_player_count option[value="5"]')).to_be_disabled()
    expect(form.locator('.kind-options[data-kind="mythotopia"]')).to_contain_text(
        "Choose the start provinces"
    )
    form.locator('input[name="name"]').fill("Kingdoms from the lobby")
    form.locator("#id_player_count").select_option("2")
    creator.screenshot("lobby-new-mythotopia")
    form.locator('button[type="submit"]').click()
    page.wait_for_url(re.compile(r"/games/\d+/$"))
    game_id = int(page.url.rstrip("/").rsplit("/", 1)[1])
    joiner = players[names[1]].page
    joiner.goto(f"{live.url}/")
    joiner.click(f'.game-card[data-game="{game_id}"] .join-form button')
    joiner.wait_for_url(f"{live.url}/games/{game_id}/")
    return game_id, players


def test_mythotopia_is_created_from_the_lobby_form(live, player):
    game_id, players = new_mythotopia_from_the_lobby(live, player)
    game = live.api("GET", f"/api/v1/games/{game_id}/")
    assert (game["kind"], game["player_count"], game["options"]) == ("mythotopia", 2, [])
    assert game["status"] == "running"
    for p in players.values():
        goto_settled(p.page, f"{live.url}/games/{game_id}/")
        expect(p.page.locator("#myth-map .myth-province")).to_have_count(40)
    next(iter(players.values())).screenshot("mythotopia-from-the-lobby")


def _fire_and_ice_table(live, player, options: list[str]) -> tuple[int, dict, dict]:
    (first, token_a), (second, token_b) = live.register("fpA"), live.register("fpB")
    game = live.api("POST", "/api/v1/games/", {"player_count": 2, "options": options}, token_a)
    live.api("POST", f"/api/v1/games/{game['id']}/join/", None, token_b)
    players = {name: player(name).log_in() for name in (first, second)}
    return game["id"], players, {first: token_a, second: token_b}


def _on_turn(live, game_id: int) -> tuple[str, dict]:
    state = live.api("GET", f"/api/v1/games/{game_id}/state/")
    seat = state["waiting_for"][0]["seat"]
    return next(p["username"] for p in state["players"] if p["seat"] == seat), state


def _squeezed(page: Page, selector: str) -> list[str]:
    """The elements whose text does not fit them (cut off or overflowing)."""
    return page.eval_on_selector_all(
        selector,
        "els => els.filter(e => e.scrollWidth > e.clientWidth + 1).map(e => e.textContent)",
    )


def test_choosing_the_yetis_offers_their_colours_and_their_own_costs(live, player):
    game_id, players, _tokens = _fire_and_ice_table(
        live,
        player,
        ["strict-leech", "fire-and-ice-factions/ice", "fire-and-ice-factions/variable_v5"],
    )
    chooser, state = _on_turn(live, game_id)
    other = next(name for name in players if name != chooser)
    page = players[chooser].page
    page.goto(f"{live.url}/games/{game_id}/")
    expect(page.locator(".faction-picker .faction-choice")).to_have_count(18)
    assert _squeezed(page, ".faction-picker .faction-choice, .faction-choice-name") == []
    players[chooser].screenshot("faction-picker", full_page=False)
    page.click(".faction-picker button.faction-yetis")
    # "setup yetis" cannot take the colour in the same row: the page says it comes next.
    expect(page.locator("#preview-hint")).to_have_text(
        "Confirm this move; then choose your home colour."
    )
    page.click("#send-button")
    expect(page.locator("#move-number")).to_have_text(str(state["move_number"] + 1))
    colours = page.locator("#choices .colour-choice")
    expect(colours).to_have_count(7)
    expect(colours.locator(".swatch")).to_have_count(7)
    players[chooser].screenshot("yetis-colours", full_page=False)

    # The board's power actions cost the Yetis 1 power less; the other player pays as printed.
    def act1(p: Page):
        tiles = p.locator("#tiles .power-actions .tile")
        return tiles.filter(has=p.locator(".id", has_text=re.compile(r"^ACT1$")))

    expect(act1(page)).to_contain_text("2 PW")
    other_page = players[other].page
    other_page.goto(f"{live.url}/games/{game_id}/")
    expect(act1(other_page)).to_contain_text("3 PW")


def test_the_auction_winner_chooses_faction_and_position_without_squeezed_buttons(live, player):
    game_id, players, tokens = _fire_and_ice_table(
        live, player, ["strict-leech", "faction-auction", "fire-and-ice-factions/variable_v5"]
    )

    def play(command: str) -> str:
        """The player on turn plays ``command`` through the API; returns their name."""
        username, state = _on_turn(live, game_id)
        body = {"command": command, "expected_move_number": state["move_number"]}
        live.api("POST", f"/api/v1/games/{game_id}/moves/", body, tokens[username])
        return username

    bidder, passer = play("bid 3"), play("pass")
    winner, _state = _on_turn(live, game_id)
    assert winner == bidder
    page = players[winner].page
    page.goto(f"{live.url}/games/{game_id}/")
    cards = page.locator(".faction-picker div.faction-choice")
    expect(cards).to_have_count(2)
    # One card per faction, its name on a line of its own, a button per turn position.
    expect(cards.first.locator(".positions button")).to_have_count(2)
    assert _squeezed(page, ".faction-picker .faction-choice, .faction-picker button") == []
    names = cards.locator(".faction-choice-name")
    boxes = [names.nth(i).bounding_box() for i in range(2)]
    buttons = cards.first.locator(".positions button").first.bounding_box()
    assert boxes[0] and buttons and buttons["y"] >= boxes[0]["y"] + boxes[0]["height"] - 1
    players[winner].screenshot("auction-faction-and-position", full_page=False)
    # The ledger names the bidders by name, not by seat number.
    page.click("#ledger-title")
    ledger = page.locator("#ledger")
    expect(ledger).to_contain_text(f"{bidder} bids 3 VP")
    expect(ledger).to_contain_text(f"{passer} passes")
    expect(ledger).not_to_contain_text("player1")
