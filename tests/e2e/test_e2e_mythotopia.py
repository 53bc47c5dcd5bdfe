"""Mythotopia in the browser: two players, each in a browser context of their own, start a game
from the lobby and play a whole round by clicks only (a province on the map, then one of the
actions naming it, or a button of the grouped list, then Confirm), each page following the
other's moves live. Actions read as words with the cards' names and costs, in English and in
German; every command of random games reads so."""

from __future__ import annotations

import random
import re

import pytest
from playwright.sync_api import expect

from games.rules import mythotopia
from tests.e2e.conftest import Player, goto_settled

pytestmark = pytest.mark.e2e

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}


def _new_game(live) -> tuple[int, list[str], dict[str, str]]:
    (alice, token_a), (bob, token_b) = live.register("myA"), live.register("myB")
    game = live.api("POST", "/api/v1/games/", {"kind": "mythotopia", "player_count": 2}, token_a)
    live.api("POST", f"/api/v1/games/{game['id']}/join/", None, token_b)
    return game["id"], [alice, bob], {alice: token_a, bob: token_b}


def _on_turn(live, game_id: int) -> tuple[str, int]:
    state = live.api("GET", f"/api/v1/games/{game_id}/state/")
    seat = state["waiting_for"][0]["seat"]
    username = next(p["username"] for p in state["players"] if p["seat"] == seat)
    return username, state["move_number"]


def _play_by_clicks(p: Player, move_number: int, target: str | None, shot: str = "") -> str:
    """One move: with a target, click that province and the first action naming it (an
    attack when there is one); without, the first action of the first group but passing.
    The button and the move to confirm read as words, never as the command."""
    page = p.page
    expect(page.locator("#myth-turn")).to_contain_text(re.compile("^Your turn: "))
    if target:
        page.locator(f'#myth-map .myth-province.legal[data-province="{target}"]').click()
        expect(page.locator("#myth-province-info")).to_contain_text(target)
        attacks = page.locator('#myth-legal .myth-move[data-command^="attack"]')
        button = attacks.first if attacks.count() else page.locator("#myth-legal .myth-move").first
        assert target in (button.get_attribute("data-command") or "").split()
    else:
        # The first group other than passing, opened if it is folded.
        group = page.locator("#myth-legal details.myth-group:not([data-group=pass])").first
        if group.get_attribute("open") is None:
            group.locator("summary").click()
        button = group.locator(".myth-move").first
    command = button.get_attribute("data-command") or ""
    said = button.locator(".myth-move-text").inner_text()
    cost = button.locator(".myth-move-cost")
    label = said + (cost.inner_text() if cost.count() else "")
    assert said.strip() != command and "undefined" not in label and "NaN" not in label, label
    button.click()
    expect(page.locator("#myth-confirm-command")).to_have_text(command)
    expect(page.locator("#myth-confirm-text")).to_have_text(label)
    # The server's preview: what the command would do, before it is confirmed.
    expect(page.locator("#myth-preview li").first).to_be_visible()
    expect(page.locator("#myth-preview")).to_contain_text("Your hand after it")
    if shot:
        p.screenshot(shot)
    page.click("#myth-confirm-yes")
    expect(page.locator("#myth-move")).to_have_text(str(move_number + 1))
    return command


def _create_from_the_lobby(live, p: Player) -> int | None:
    """The game made with the new-game form, when the form offers the kind (else None)."""
    page = p.page
    page.goto(f"{live.url}/games/new/")
    kind = page.locator("[name=kind]")
    if not kind.count():
        return None
    if kind.first.evaluate("e => e.tagName") == "SELECT":
        kind.first.select_option("mythotopia")
    else:
        page.check("[name=kind][value=mythotopia]")
    page.locator("[name=player_count]").select_option("2")
    page.locator("form button[type=submit]").last.click()
    page.wait_for_url(re.compile(r"/games/\d+/$"))
    found = re.search(r"/games/(\d+)/$", page.url)
    assert found
    return int(found.group(1))


def test_two_players_play_a_round_of_mythotopia_by_clicks(live, player):
    (alice, token_a), (bob, token_b) = live.register("myA"), live.register("myB")
    names, tokens = [alice, bob], {alice: token_a, bob: token_b}
    players = {name: player(name).log_in() for name in names}
    game_id = _create_from_the_lobby(live, players[alice])
    if game_id is None:
        created = {"kind": "mythotopia", "player_count": 2}
        game_id = live.api("POST", "/api/v1/games/", created, token_a)["id"]
    # The second player joins from the lobby's list of open games.
    lobby = players[bob].page
    lobby.goto(f"{live.url}/")
    lobby.locator(f'.game-card[data-game="{game_id}"] .join-form button').click()
    expect(lobby.locator("#myth-map .myth-province")).to_have_count(40)
    assert live.api("GET", f"/api/v1/games/{game_id}/")["status"] == "running"
    for p in players.values():
        goto_settled(p.page, f"{live.url}/games/{game_id}/")
        expect(p.page.locator("#myth-map .myth-province")).to_have_count(40)
        expect(p.page.locator("#myth-provisional")).to_contain_text("provisional")

    # The secret setup choices (a citadel), then the round: each player's turn of two actions,
    # the first action of each turn an attack where one is offered, clicked on the map.
    played: list[str] = []
    while live.api("GET", f"/api/v1/games/{game_id}/state/")["turns_played"] < 2:
        username, number = _on_turn(live, game_id)
        state = live.api("GET", f"/api/v1/games/{game_id}/state/", None, tokens[username])
        target = None
        if not state["turn"]["actions"] and state["waiting_for"][0]["category"] != "setup":
            legal = live.api("GET", f"/api/v1/games/{game_id}/legal/", None, tokens[username])
            named = [c.split()[1] for c in legal["commands"] if c.startswith("attack ")]
            target = named[0] if named else None
        shot = "mythotopia-preview" if len(played) == 1 else ""
        played.append(_play_by_clicks(players[username], number, target, shot))
        if len(played) == 1:
            players[username].screenshot("mythotopia-desktop-selected")
        # The other page follows over the WebSocket, without a reload.
        for p in players.values():
            expect(p.page.locator("#myth-move")).to_have_text(str(number + 1))
    state = live.api("GET", f"/api/v1/games/{game_id}/state/")
    assert state["turns_played"] == 2 and state["turn"]["actions"] == 0
    moves = live.api("GET", f"/api/v1/games/{game_id}/moves/")
    rows = moves["results"] if isinstance(moves, dict) else moves
    assert len(rows) == len(played) >= 4
    # An attack reads as the rulebook's action: who, where, how many armies, what it costs.
    page = players[names[0]].page
    attacks = [c for c in played if c.startswith("attack ")]
    if attacks:
        entry = page.locator(".myth-log-text", has_text=re.compile(r"attacks \w+ with \d+ arm"))
        expect(entry.first).to_be_visible()

    # A war in progress is outlined, and a tap on it names the sides and their strengths.
    for war in state["wars"][:1]:
        page.locator(f'#myth-map .myth-province.war[data-province="{war["province"]}"]').click()
        expect(page.locator("#myth-province-info")).to_contain_text("war: ")
    # A sea is clickable too, and a second tap lets it go.
    page.locator('#myth-map .myth-sea[data-sea="Serpent Sea"]').click()
    expect(page.locator("#myth-province-info")).to_contain_text("Serpent Sea")
    page.locator('#myth-map .myth-sea[data-sea="Serpent Sea"]').click()
    expect(page.locator("#myth-province-info")).to_contain_text("Tap a province")
    # A player's own cards are on their page with their symbols and texts; the progress cards
    # on display and the VP cards with their texts, not their ids.
    for name, p in players.items():
        expect(p.page.locator("#myth-hand .myth-card").first).to_be_visible()
        p.screenshot(f"mythotopia-desktop-{'first' if name == names[0] else 'second'}")
    display = page.locator("#myth-progress .myth-card")
    expect(display.first.locator(".myth-card-text")).not_to_be_empty()
    assert display.count() == len(state["progress_display"])
    expect(page.locator("#myth-vp-cards li").first.locator(".myth-card-text")).not_to_be_empty()
    expect(page.locator('#myth-vp-cards li[data-vp-card="city"]')).to_contain_text(
        "A token for each city you build."
    )

    # In German, as the player on turn: the page's words, the script's, the actions, the
    # cards' names, texts and symbols.
    username, _ = _on_turn(live, game_id)
    german = player(username, locale="de-DE").log_in()
    german.page.goto(f"{live.url}/games/{game_id}/")
    g = german.page
    expect(g.locator("#myth-turn")).to_contain_text("Du bist am Zug")
    expect(g.locator("#myth-hand-title")).to_have_text("Deine Karten")
    expect(g.locator("#myth-hand")).to_contain_text("Stapel:")
    symbols = {"Nahrung", "Stein", "Gold", "Armee", "Schiff"}
    for text in g.locator("#myth-hand .myth-symbols").all_inner_texts():
        # "Armee \u00d72 · Gold": the kinds, each with its count when it is more than one.
        assert {s.split(" \u00d7")[0] for s in text.split(" · ")} <= symbols, text
    expect(g.locator('#myth-vp-cards li[data-vp-card="city"]')).to_contain_text(
        "Ein Plättchen für jede Stadt, die du baust."
    )
    expect(g.locator("#myth-legend")).to_contain_text("Was die Karte zeigt")
    expect(g.locator("#myth-legal details[data-group=pass] summary")).to_contain_text("Passen")
    for group in g.locator("#myth-legal details.myth-group").all():
        if group.get_attribute("open") is None:
            group.locator("summary").click()
    texts = g.locator("#myth-legal .myth-move").all_inner_texts()
    assert texts and not [t for t in texts if re.match(r"^[a-z]+ ", t)], texts
    legal = live.api("GET", f"/api/v1/games/{game_id}/legal/", None, tokens[username])
    if any(" pay " in command for command in legal["commands"]):
        expect(g.locator("#myth-legal")).to_contain_text("zahlen mit")
    german.screenshot("de-mythotopia")


def _random_commands(games: int, actions: int) -> list[str]:
    """Every legal command met in random games of 2, 3 and 4 players (with the start choice)."""
    found: set[str] = set()
    for seed in range(games):
        players = ["a", "b", "c", "d"][: 2 + seed % 3]
        options = ["start-choice"] if len(players) > 2 and seed % 2 else []
        state = mythotopia.new_state(mythotopia.make_setup(players, f"words-{seed}", options))
        rng = random.Random(seed)
        for _ in range(actions):
            seat = mythotopia.acting_seat(state)
            legal = mythotopia.legal_commands(state, seat)
            if not legal or state["finished"]:
                break
            found.update(legal)
            state, _ = mythotopia.apply(state, state["colours"][seat - 1], rng.choice(legal))
    return sorted(found)


def test_every_command_of_random_games_reads_as_words(live, player):
    """The words come from the page's script: every command the engine lists in random games
    reads as a sentence (never as the command), and a payment names each card paid."""
    game_id, names, _tokens = _new_game(live)
    p = player(names[0]).log_in()
    p.page.goto(f"{live.url}/games/{game_id}/")
    expect(p.page.locator("#myth-map .myth-province")).to_have_count(40)
    commands = _random_commands(games=9, actions=70)
    assert len(commands) > 1000
    said = p.page.evaluate(
        """async (commands) => {
          const { describer } = await import("/static/mythotopia/js/mythotopia_commands.js");
          const board = JSON.parse(document.getElementById("myth-data").textContent).board;
          const words = describer(board);
          return commands.map((c) => words.describe(c));
        }""",
        commands,
    )
    verbs = set()
    for command, words in zip(commands, said, strict=True):
        assert words["known"] and words["text"] != command, command
        text = f"{words['text']} {words['cost']} {words['note']}"
        assert not re.search(r"undefined|NaN|null|\b0 (army|armies|ships?)\b", text), (
            command,
            text,
        )
        paid = command.split(" pay ")[1].split() if " pay " in command else []
        assert len(words["cost"].removeprefix("pay ").split(", ")) == len(paid) or not paid, (
            command,
            words,
        )
        verbs.add(command.split()[0])
    assert {"attack", "deploy", "sail", "buy", "add", "reserve", "discard", "remove"} <= verbs
    deploy = next(w for c, w in zip(commands, said, strict=True) if c.startswith("deploy "))
    assert re.match(r"^Deploy \d+ arm(y|ies) to \w+$", deploy["text"]) and deploy["cost"]
