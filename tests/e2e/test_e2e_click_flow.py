"""The click flow where it used to stop: spades used step by step, clicks that cannot be
played, taking a move back, what is pending after a temple."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import SCREENSHOTS

pytestmark = pytest.mark.e2e

DEMO_PASSWORD = "demo-password"
SCORING = ["SCORE5", "SCORE8", "SCORE4", "SCORE9", "SCORE6", "SCORE2"]


def preview_of(page, row: str) -> None:
    expect(page.locator("#preview-banner")).to_contain_text(row)


def log_in(player_page, live, username: str, password: str) -> None:
    player_page.goto(f"{live.url}/login/")
    player_page.fill("#id_username", username)
    player_page.fill("#id_password", password)
    player_page.click("form.stack button[type=submit]")
    player_page.wait_for_url(f"{live.url}/")


@pytest.fixture(scope="module")
def demo(live) -> int:
    """The demo's league game after 87 recorded moves: the Mermaids (canetts) to act, with the
    power for ACT6 and swamp hexes one spade from their lakes."""
    out = live.manage("load_demo", "--moves", "87")
    return int(re.search(r"game (\d+) \(in progress", out).group(1))


def test_spades_split_over_two_hexes_then_the_dwelling_all_by_clicks(live, player, demo):
    p = player("canetts")
    log_in(p.page, live, "canetts", DEMO_PASSWORD)
    page = p.page
    page.goto(f"{live.url}/games/{demo}/")
    expect(page.locator("#turn-banner")).to_contain_text("Your turn")
    page.click('#tiles .power-actions button.tile.legal[data-row="action ACT6"]')
    preview_of(page, "action ACT6")
    expect(page.locator("#preview-hint")).to_contain_text("use spades")
    # One spade on A8 (swamp to lakes), the other on E5.
    for hex_id in ("A8", "E5"):
        page.click(f'#map .hex-cell.legal[data-hex="{hex_id}"]')
        page.click(f'.hex-menu [data-row="transform {hex_id} to blue"]')
        preview_of(page, f"transform {hex_id} to blue")
    # Both spades used: the dwelling is still offered, on either hex.
    expect(page.locator("#map .hex-cell.legal")).to_have_count(2)
    page.click('#map .hex-cell.legal[data-hex="E5"]')
    preview_of(page, "action ACT6. transform A8 to blue. transform E5 to blue. build E5")
    page.locator(".board-area").screenshot(path=SCREENSHOTS / "act6-split-then-build.png")
    number = int(page.locator("#move-number").inner_text())
    page.click("#send-button")
    expect(page.locator("#move-number")).to_have_text(str(number + 1))
    expect(page.locator('#map .building[data-hex="E5"][data-kind="D"]')).to_be_visible()


def _table(live) -> tuple[int, list[tuple[str, str]]]:
    """A 3-player game through the API, played to round 1 with dwellings and bonus tiles."""
    game_id, users = factions_chosen(live)
    tokens = dict(users)
    for _ in range(6):
        play_first(live, game_id, tokens, lambda rows: rows[0])
    for _ in range(3):
        play_first(live, game_id, tokens, lambda rows: next(r for r in rows if "pass" in r))
    return game_id, users


def factions_chosen(live) -> tuple[int, list[tuple[str, str]]]:
    """A 3-player game through the API (witches, engineers, darklings): the witches' first
    dwelling is next. The game's id and its players (username, token) in seat order."""
    users = [live.register(prefix) for prefix in ("ann", "ben", "cat")]
    game = live.api(
        "POST",
        "/api/v1/games/",
        {
            "player_count": 3,
            "options": ["strict-leech", "temple-scoring-tile", "shipping-bonus"],
            "setup": {
                "scoring_tiles": SCORING,
                "removed_bonus_tiles": ["BON5", "BON6", "BON7", "BON10"],
                "seat_order": [name for name, _ in users],
            },
        },
        token=users[0][1],
    )
    for _, token in users[1:]:
        live.api("POST", f"/api/v1/games/{game['id']}/join/", {}, token=token)
    tokens = dict(users)
    for faction in ("witches", "engineers", "darklings"):
        play_first(live, game["id"], tokens, lambda rows, f=faction: f"setup {f}")
    return game["id"], users


def play_first(live, game_id: int, tokens: dict[str, str], choose) -> str:
    """The player the game waits for plays ``choose(legal rows)`` through the API."""
    state = live.api("GET", f"/api/v1/games/{game_id}/state/")
    seat = state["waiting_for"][0]["seat"]
    name = next(p["username"] for p in state["players"] if p["seat"] == seat)
    rows = live.api("GET", f"/api/v1/games/{game_id}/legal/", token=tokens[name])["commands"]
    live.api(
        "POST",
        f"/api/v1/games/{game_id}/moves/",
        {"command": choose(rows), "expected_move_number": state["move_number"]},
        token=tokens[name],
    )
    return name


def test_clicks_that_cannot_be_played_say_why_next_to_the_click(live, player):
    game_id, users = _table(live)
    (first, _), (second, _) = users[0], users[1]
    me = player(first).log_in()
    page = me.page
    page.goto(f"{live.url}/games/{game_id}/")
    expect(page.locator("#turn-banner")).to_contain_text("Your turn")
    # A hex out of reach: the engine's reason, next to the hex.
    page.click('#map .hex-cell[data-hex="I12"]')
    note = page.locator(".click-note")
    expect(note).to_contain_text("I12: witches cannot reach I12")
    me.screenshot("illegal-click-explained", full_page=False)
    # A power action without the power for it.
    page.click('#tiles .power-actions .tile:not(.legal):has-text("ACT6")')
    expect(note).to_contain_text("ACT6: action ACT6 costs 6PW")
    # Another player's click while it is not their turn.
    other = player(second).log_in()
    other.page.goto(f"{live.url}/games/{game_id}/")
    other.page.click('#map .hex-cell[data-hex="E7"]')
    expect(other.page.locator(".click-note")).to_contain_text("Not your turn")


def test_a_refused_take_back_is_shown_next_to_the_button(live, player, console_errors):
    console_errors.allow(r"Failed to load resource: .* status of 400")
    game_id, users = _table(live)
    second = player(users[1][0]).log_in()
    second.page.goto(f"{live.url}/games/{game_id}/")
    # The page asks first; only the answer takes the move back.
    second.page.click("#undo-confirm summary")
    second.page.click("#undo-yes")
    refusal = second.page.locator("#undo-error")
    expect(refusal).to_be_visible()
    expect(refusal).to_contain_text("Only your own last move")
    box = refusal.bounding_box()
    button = second.page.locator("#undo-confirm summary").bounding_box()
    assert box and button and abs(box["y"] - button["y"]) < 40, "the refusal sits by the button"


def test_after_a_temple_the_page_says_a_favor_tile_is_pending(live, player):
    game_id, users = _table(live)
    tokens = dict(users)
    first = users[0][0]
    # The Witches build a trading house; the others pass; the Witches' next action is a temple.
    assert (
        play_first(live, game_id, tokens, lambda rows: next(r for r in rows if "to TP" in r))
        == first
    )
    while True:
        state = live.api("GET", f"/api/v1/games/{game_id}/state/")
        waiting = state["waiting_for"][0]
        if waiting["seat"] == 1 and waiting["kind"] == "action":
            break
        play_first(
            live,
            game_id,
            tokens,
            lambda rows: next(r for r in rows if r.startswith(("pass", "decline"))),
        )
    rows = live.api("GET", f"/api/v1/games/{game_id}/legal/", token=tokens[first])["commands"]
    temple = next(r for r in rows if r.endswith("to TE"))
    hex_id = temple.split()[1]
    me = player(first).log_in()
    page = me.page
    page.goto(f"{live.url}/games/{game_id}/")
    page.click(f'#map .hex-cell.legal[data-hex="{hex_id}"]')
    menu = page.locator(f'.hex-menu [data-row="{temple}"]')
    if menu.count():
        menu.click()
    preview_of(page, temple)
    expect(page.locator("#preview-hint")).to_contain_text("Still to do: take a favor tile")
    expect(page.locator("#tiles .favor-tiles button.tile.legal").first).to_be_visible()
    number = int(page.locator("#move-number").inner_text())
    page.click("#send-button")
    expect(page.locator("#move-number")).to_have_text(str(number + 1))
    # The favor tile comes first, whatever else the player has left to do.
    expect(page.locator("#turn-banner")).to_have_text(re.compile(r"^Your turn: take a favor tile"))
    page.click("#tiles .favor-tiles button.tile.legal >> nth=0")
    expect(page.locator("#preview-banner")).to_contain_text(re.compile(r"\+FAV"))
    page.click("#send-button")
    expect(page.locator("#move-number")).to_have_text(str(number + 2))
    expect(page.locator("#turn-banner")).not_to_contain_text("favor")
