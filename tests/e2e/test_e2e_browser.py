"""Playing in real browsers: one Chromium context per player, moves arriving live.

Screenshots of the lobby, the board in the middle of a game and a final scoring are saved in
artifacts/screenshots/.
"""

from __future__ import annotations

import re
import uuid

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import PASSWORD, ROOT, SCREENSHOTS

pytestmark = pytest.mark.e2e

SCORING = ["SCORE5", "SCORE8", "SCORE4", "SCORE9", "SCORE6", "SCORE2"]
CORPUS_GAME = ROOT / "tests" / "fixtures" / "corpus" / "snellman" / "4pLeague_S60_D1L1_G1.json"


def move_number(p) -> int:
    return int(p.page.locator("#move-number").inner_text())


def wait_for_move(p, number: int) -> None:
    expect(p.page.locator("#move-number")).to_have_text(str(number))


def confirm(p, number: int) -> None:
    """Send the previewed row and wait until the page shows it as move ``number``."""
    expect(p.page.locator("#send-button")).to_have_text("Confirm move")
    p.page.click("#send-button")
    wait_for_move(p, number)
    expect(p.page.locator("#command-error")).to_be_hidden()


def on_map(p, hex_id: str, label: str | None = None) -> None:
    p.page.click(f'#map .hex-cell.legal[data-hex="{hex_id}"]')
    if label:
        p.page.click(f'.hex-menu button:has-text("{label}")')


def test_three_players_play_a_game_live_in_their_browsers(live, player):
    # Alice registers through the page and creates the game from the lobby.
    alice = player(f"alice{uuid.uuid4().hex[:5]}")
    page = alice.page
    page.goto(f"{live.url}/register/")
    page.fill("#id_username", alice.username)
    page.fill("#id_password", PASSWORD)
    page.fill("#id_password_again", PASSWORD)
    page.click("form.stack button[type=submit]")
    page.wait_for_url(f"{live.url}/")
    bob = player(live.register("bob")[0]).log_in()
    carol = player(live.register("carol")[0]).log_in()

    page.fill("#new-game-form input[name=name]", "Browser table")
    page.select_option("#id_player_count", "3")
    page.click(".setup-section summary")
    page.check("#id_explicit_setup")
    for n, tile in enumerate(SCORING, start=1):
        page.select_option(f"#id_scoring_{n}", tile)
    for tile in ("BON4", "BON5", "BON6", "BON10"):
        page.check(f'input[name=removed_bonus_tiles][value="{tile}"]')
    page.fill("#id_seat_order", f"{alice.username}, {bob.username}, {carol.username}")
    page.click("#new-game-form button[type=submit]")
    page.wait_for_url(re.compile(r"/games/\d+/$"))
    game_url = page.url
    game_id = int(game_url.rstrip("/").rsplit("/", 1)[1])
    expect(page.locator("#seats-title")).to_contain_text("1/3")

    # Bob and Carol join from the lobby; the game starts when the table is full.
    for p in (bob, carol):
        p.page.goto(f"{live.url}/")
        p.page.click(f'.game-card[data-game="{game_id}"] .join-form button')
        p.page.wait_for_url(game_url)
    # Alice's and Bob's open pages hear of the start and reload by themselves; Alice picks first.
    for p in (alice, bob):
        expect(p.page.locator("#status-text")).to_have_text("Running", timeout=20_000)
    expect(page.locator(".faction-picker")).to_be_visible()

    # The lobby marks the game where Alice must act.
    page.goto(f"{live.url}/")
    card = page.locator(f'.game-card[data-game="{game_id}"]')
    expect(card).to_have_class(re.compile("must-act"))
    alice.screenshot("lobby")
    page.goto(game_url)

    # Factions, in seat order.
    number = 0
    for p, faction in ((alice, "witches"), (bob, "fakirs"), (carol, "darklings")):
        p.page.click(f".faction-picker button.faction-{faction}")
        number += 1
        confirm(p, number)
    for p in (alice, bob, carol):
        wait_for_move(p, number)

    # Initial dwellings, snake order: Witches next to the Fakirs at F4/F3.
    for p, hex_id in (
        (alice, "F4"),
        (bob, "F3"),
        (carol, "A13"),
        (carol, "I2"),
        (bob, "B6"),
        (alice, "A3"),
    ):
        wait_for_move(p, number)
        on_map(p, hex_id)
        number += 1
        confirm(p, number)
    expect(carol.page.locator('#map .building[data-hex="F3"][data-kind="D"]')).to_be_visible()

    # Bonus tiles, in reverse seat order, picked on the tile itself.
    for p, tile in ((carol, "BON3"), (bob, "BON7"), (alice, "BON9")):
        wait_for_move(p, number)
        p.page.click(f'#tiles .bonus-tiles button.tile.legal:has-text("{tile}")')
        number += 1
        confirm(p, number)

    # Round 1: the Witches upgrade next to the Fakirs, who are offered power.
    wait_for_move(alice, number)
    expect(alice.page.locator("#turn-banner")).to_contain_text("Your turn")
    # The hex also offers a bridge from it, payable by burning power: she picks the upgrade.
    on_map(alice, "F4", "Upgrade to trading house")
    expect(alice.page.locator('#map .building[data-hex="F4"][data-kind="TP"]')).to_be_visible()
    number += 1
    confirm(alice, number)

    # The offer reaches Bob live; he answers it in his own browser.
    offer = bob.page.locator("#decision-prompt .leech-offer")
    expect(offer).to_contain_text("offer you 1 power")
    expect(bob.page).to_have_title(re.compile("Your turn"))
    bob.page.click('#decision-prompt button:has-text("Accept")')
    number += 1
    wait_for_move(bob, number)
    expect(offer).to_have_count(0)
    # Carol saw both moves without reloading: the new trading house is on her map.
    wait_for_move(carol, number)
    expect(carol.page.locator('#map .building[data-hex="F4"][data-kind="TP"]')).to_be_visible()

    # Bob passes, taking a bonus tile; Carol sends a priest to a cult by clicking the board.
    bob.page.click("#tiles .bonus-tiles button.tile.legal >> nth=0")
    number += 1
    confirm(bob, number)
    wait_for_move(carol, number)
    carol.page.click(".cult-WATER button.cult-action")
    carol.page.click('.hex-menu button:has-text("Send a priest to Water")')
    number += 1
    confirm(carol, number)
    expect(carol.page.locator(".cult-WATER .priest-slot.taken")).to_have_count(1)
    for p in (alice, bob):
        wait_for_move(p, number)
    expect(alice.page.locator("#turn-banner")).to_contain_text("Your turn")
    alice.page.click("#ledger-details summary")
    expect(alice.page.locator(".ledger-table")).to_contain_text("leech 1 from witches")
    alice.screenshot("board-mid-game")

    # The chat: Carol writes, the others read it live.
    carol.page.fill("#chat-input", "Nice trading house.")
    carol.page.click("#chat-form button[type=submit]")
    expect(carol.page.locator("#chat-input")).to_have_value("")
    for p in (alice, bob, carol):
        expect(p.page.locator("#chat-messages")).to_contain_text("Nice trading house.")


def test_a_move_typed_in_the_command_box_is_previewed_and_errors_show_next_to_it(
    live, player, console_errors
):
    # The refused preview is a 400, which the browser logs as a failed resource.
    console_errors.allow(r"Failed to load resource: .* status of 400")
    first_name, first_token = live.register("first")
    second_name, second_token = live.register("second")
    game = live.api("POST", "/api/v1/games/", {"player_count": 2}, token=first_token)
    live.api("POST", f"/api/v1/games/{game['id']}/join/", {}, token=second_token)
    detail = live.api("GET", f"/api/v1/games/{game['id']}/")
    seat1 = detail["seats"][0]["username"]
    p = player(seat1).log_in()
    p.page.goto(f"{live.url}/games/{game['id']}/")
    p.page.fill("#command-input", "setup nosuchfaction")
    p.page.press("#command-input", "Enter")
    error = p.page.locator("#command-error")
    expect(error).to_be_visible()
    expect(error).not_to_be_empty()
    assert move_number(p) == 0
    p.page.fill("#command-input", "setup auren")
    p.page.press("#command-input", "Enter")
    expect(p.page.locator("#preview-banner")).to_contain_text("setup auren")
    expect(p.page.locator('#factions .faction-panel[data-faction="auren"]')).to_be_visible()
    confirm(p, 1)
    assert seat1 in (first_name, second_name)


def test_a_sent_move_shows_no_false_error_when_its_live_update_comes_before_its_answer(
    live, player, console_errors
):
    """The move's own live update reaches the page while the move's answer is still on its
    way: the page shows the new move, and does not preview the row it is sending once more on
    the state that row has already changed (the rules refuse it there: a false error)."""
    _, first_token = live.register("first")
    _, second_token = live.register("second")
    game = live.api("POST", "/api/v1/games/", {"player_count": 2}, token=first_token)
    live.api("POST", f"/api/v1/games/{game['id']}/join/", {}, token=second_token)
    detail = live.api("GET", f"/api/v1/games/{game['id']}/")
    p = player(detail["seats"][0]["username"]).log_in()
    page = p.page
    page.goto(f"{live.url}/games/{game['id']}/")
    page.fill("#command-input", "setup auren")
    page.press("#command-input", "Enter")
    expect(page.locator("#send-button")).to_have_text("Confirm move")

    held = []  # the move reaches the server; its answer is held back from the page
    page.route("**/moves/**", lambda route: held.append((route, route.fetch())))
    previews: list[str] = []
    page.on("request", lambda r: previews.append(r.url) if "/preview/" in r.url else None)
    page.click("#send-button")
    wait_for_move(p, 1)  # by the live update alone
    assert len(held) == 1
    page.wait_for_timeout(1_000)  # time for a preview the page should not send
    expect(page.locator("#command-error")).to_be_hidden()
    route, answer = held[0]
    route.fulfill(response=answer)
    expect(page.locator("#command-input")).to_have_value("")
    expect(page.locator("#command-error")).to_be_hidden()
    assert previews == []
    assert live.api("GET", f"/api/v1/games/{game['id']}/")["move_number"] == 1


def test_the_board_is_usable_on_a_390_pixel_phone(live, player):
    _, token_a = live.register("phone")
    _, token_b = live.register("other")
    game = live.api("POST", "/api/v1/games/", {"player_count": 2}, token=token_a)
    live.api("POST", f"/api/v1/games/{game['id']}/join/", {}, token=token_b)
    seats = live.api("GET", f"/api/v1/games/{game['id']}/")["seats"]
    me, them = seats[0]["username"], seats[1]["username"]
    their_token = token_a if them.startswith("phone") else token_b
    p = player(me, viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    p.log_in()
    p.page.goto(f"{live.url}/games/{game['id']}/")
    p.page.click(".faction-picker button.faction-engineers")
    confirm(p, 1)
    live.api(
        "POST",
        f"/api/v1/games/{game['id']}/moves/",
        {"command": "setup nomads", "expected_move_number": 1},
        token=their_token,
    )
    wait_for_move(p, 2)
    legal = p.page.locator("#map .hex-cell.legal")
    expect(legal.first).to_be_visible()
    box = legal.first.bounding_box()
    assert box and box["width"] >= 24, "hexes stay big enough to tap"
    hex_id = legal.first.get_attribute("data-hex")
    legal.first.tap()
    confirm(p, 3)
    expect(p.page.locator(f'#map .building[data-hex="{hex_id}"][data-kind="D"]')).to_be_visible()
    width = p.page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the page scrolls sideways ({width}px)"
    # A phone opens the map zoomed (hexes a finger can tap); the button fits it to the width.
    expect(p.page.locator("#map")).to_have_class(re.compile("zoomed"))
    p.screenshot("board-390px", full_page=False)
    p.page.click("#zoom-button")
    expect(p.page.locator("#map")).not_to_have_class(re.compile("zoomed"))


def test_forms_work_without_javascript(live, player):
    username, _ = live.register("nojs")
    p = player(username, java_script_enabled=False)
    p.log_in()
    p.page.fill("#new-game-form input[name=name]", "No script game")
    p.page.select_option("#id_player_count", "2")
    p.page.click("#new-game-form button[type=submit]")
    p.page.wait_for_url(re.compile(r"/games/\d+/$"))
    expect(p.page.locator("h1")).to_have_text("No script game")
    expect(p.page.locator("#seats-title")).to_contain_text("1/2")


def test_finished_game_shows_the_final_scoring(live, player):
    out = live.manage("import_game", str(CORPUS_GAME))
    game_id = int(re.search(r": game (\d+),", out).group(1))
    live.manage("recompute_ratings")
    p = player("visitor")
    p.page.goto(f"{live.url}/games/{game_id}/")
    table = p.page.locator(".results-table")
    expect(table).to_contain_text("161")
    expect(table.locator("tbody tr")).to_have_count(4)
    expect(table.locator("thead")).to_contain_text("Rating")
    expect(p.page.locator("#vp-chart svg polyline")).to_have_count(4)
    expect(p.page.locator("#turn-banner")).to_have_text("The game is over.")
    p.page.click("#ledger-details summary")
    expect(p.page.locator(".ledger-table tbody tr").first).to_be_visible()
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    p.page.locator("#results").screenshot(path=SCREENSHOTS / "final-scoring.png")
    p.screenshot("finished-game")

    # The winner's profile draws the rating history from the ratings API.
    p.page.click(".results-table tbody tr >> nth=0 >> a")
    expect(p.page.locator("h1")).to_contain_text("tom8918")
    expect(p.page.locator("#rating-chart svg circle")).to_have_count(2)
    p.screenshot("profile")
    p.page.click("text=Leaderboard")
    expect(p.page.locator("h1")).to_have_text("Leaderboard")
