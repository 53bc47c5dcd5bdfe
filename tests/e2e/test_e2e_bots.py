"""Against the computer in the browser: a player creates a Mythotopia game with two computer
seats, or a Terra Mystica game with three, from the new-game form and plays a round by clicks;
the bots answer each move by themselves (their tasks run after the move's commit; the test
server runs tasks at once)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import Player

pytestmark = pytest.mark.e2e


def _create_against_the_computer(
    live, p: Player, kind: str = "mythotopia", players: int = 3
) -> int:
    page = p.page
    page.goto(f"{live.url}/games/new/")
    page.check(f"[name=kind][value={kind}]")
    page.locator("[name=player_count]").select_option(str(players))
    page.locator("[name=bots]").select_option(str(players - 1))
    page.locator("[name=bot_level]").select_option("random")
    expect(page.locator("#new-game-form")).to_contain_text("not rated")
    page.locator("#new-game-form button[type=submit]").last.click()
    page.wait_for_url(re.compile(r"/games/\d+/$"))
    found = re.search(r"/games/(\d+)/$", page.url)
    assert found
    return int(found.group(1))


def _click_a_move(p: Player) -> str:
    """The first action of the first group but passing, then Confirm."""
    page = p.page
    expect(page.locator("#myth-turn")).to_contain_text(re.compile("^Your turn: "))
    group = page.locator("#myth-legal details.myth-group:not([data-group=pass])").first
    if group.get_attribute("open") is None:
        group.locator("summary").click()
    button = group.locator(".myth-move").first
    command = button.get_attribute("data-command") or ""
    button.click()
    expect(page.locator("#myth-confirm-command")).to_have_text(command)
    page.click("#myth-confirm-yes")
    return command


def test_a_player_plays_a_round_of_mythotopia_against_two_bots_by_clicks(live, player):
    name, token = live.register("vsBots")
    me = player(name).log_in()
    game_id = _create_against_the_computer(live, me)
    game = live.api("GET", f"/api/v1/games/{game_id}/")
    assert game["status"] == "running" and game["rated"] is False
    bots = [s for s in game["seats"] if s["username"] != name]
    assert [s["display_name"] for s in bots] == ["Computer (random)", "Computer 2 (random)"]
    mine = next(s["position"] for s in game["seats"] if s["username"] == name)
    me.page.goto(f"{live.url}/games/{game_id}/")
    expect(me.page.locator("#myth-map .myth-province")).to_have_count(40)

    clicked = 0
    for _ in range(30):
        state = live.api("GET", f"/api/v1/games/{game_id}/state/", None, token)
        if state["turns_played"] >= 3 and clicked:
            break
        # The game never waits for a bot: each answered as soon as the move before it committed.
        assert {d["seat"] for d in state["waiting_for"]} == {mine}, state["waiting_for"]
        number = state["move_number"]
        _click_a_move(me)
        clicked += 1
        expect(me.page.locator("#myth-move")).not_to_have_text(str(number), timeout=20_000)
        moved = live.api("GET", f"/api/v1/games/{game_id}/", None, token)["move_number"]
        assert moved > number
    state = live.api("GET", f"/api/v1/games/{game_id}/state/", None, token)
    assert state["turns_played"] >= 3 and clicked >= 2
    moves = live.api("GET", f"/api/v1/games/{game_id}/moves/?page_size=500")
    rows = moves["results"] if isinstance(moves, dict) else moves
    by_bots = [r for r in rows if r["username"] != name]
    assert len(by_bots) >= 2 and len(rows) - len(by_bots) == clicked
    me.screenshot("mythotopia-against-the-computer")


def test_a_player_plays_a_round_of_terra_mystica_against_three_bots_by_clicks(live, player):
    """The setup and round 1 by clicks (faction, dwellings, bonus tile, actions, power offers),
    the three bots answering each move on the server."""
    from tests.e2e.test_e2e_click_game import Table, kind_of

    name, token = live.register("tmBots")
    me = player(name).log_in()
    page = me.page
    game_id = _create_against_the_computer(live, me, "terra_mystica", 4)
    game = live.api("GET", f"/api/v1/games/{game_id}/")
    assert game["status"] == "running" and game["rated"] is False
    assert sum(s["is_bot"] for s in game["seats"]) == 3

    table = Table(live, game_id, {name: me}, {name: token})
    table.seat_of = {name: next(s["position"] for s in game["seats"] if s["username"] == name)}
    clicked = 0
    # What the test read and chose at each of its turns, for a failure's report.
    trail: list[tuple[int, int, str, str]] = []
    for _ in range(60):
        state = table.state()
        if state["round"] >= 2 or state["finished"]:
            break
        waiting = [d for d in state["waiting_for"] if d["seat"] == table.seat_of[name]]
        # The game never waits for a bot: each answered as soon as the move before committed.
        assert waiting, state["waiting_for"]
        decision = next((d for d in waiting if d["kind"] == "leech"), waiting[0])
        expect(page.locator("#move-number")).to_have_text(str(state["move_number"]))
        answer = table.api("legal/", name)
        legal = answer["commands"]
        if decision["kind"] == "leech":
            legal = [r for r in legal if r.split()[0] in ("leech", "decline")]
        table.view, table.acting = state, decision["actor"]
        row = table.choose(name, decision, legal)
        trail.append((state["move_number"], answer["move_number"], decision["kind"], row))
        if decision["kind"] == "action" and not row.startswith(("pass", "convert", "burn")):
            table.actions_this_round[name] = table.actions_this_round.get(name, 0) + 1
        try:
            if decision["kind"] == "leech" or kind_of(row).startswith("setup"):
                table.play(name, row)
            else:
                table.play(name, row, confirm=False)
                table.extend(name, row)
                table.confirm(me)
            clicked += 1
            expect(page.locator("#move-number")).not_to_have_text(str(state["move_number"]))
            expect(page.locator("#command-error")).to_be_hidden()
        except AssertionError as exc:
            read = "\n".join(f"  state {s}, legal {n}: {k} -> {r}" for s, n, k, r in trail)
            raise AssertionError(f"{exc}\nwhat the test read and chose:\n{read}") from exc
    state = table.state()
    assert state["round"] >= 2, "round 1 did not end"
    moves = live.api("GET", f"/api/v1/games/{game_id}/moves/?page_size=500")
    rows = moves["results"] if isinstance(moves, dict) else moves
    mine = [r for r in rows if r["username"] == name]
    assert len(mine) == clicked and len(rows) - len(mine) > clicked
    assert mine[0]["command"].lower().startswith("setup ")  # the faction, chosen by a click
    me.screenshot("terra-mystica-against-the-computer")


def test_a_player_hands_the_seat_of_one_who_resigned_to_the_computer_by_clicks(live, player):
    """Mythotopia, two people and a bot: once the setup choices are made one of them resigns,
    the other hands that seat to the computer from the game page: it is back in the game."""
    stayer, token = live.register("stays")
    leaver, leaver_token = live.register("leaves")
    game = live.api(
        "POST",
        "/api/v1/games/",
        {"kind": "mythotopia", "player_count": 3, "bots": ["random"], "public": True},
        token,
    )
    game_id = game["id"]
    live.api("POST", f"/api/v1/games/{game_id}/join/", {}, leaver_token)
    if live.api("GET", f"/api/v1/games/{game_id}/")["status"] == "open":
        live.api("POST", f"/api/v1/games/{game_id}/start/", {}, token)
    tokens = {stayer: token, leaver: leaver_token}
    seats = {
        s["username"]: s["position"] for s in live.api("GET", f"/api/v1/games/{game_id}/")["seats"]
    }
    # The secret setup choices, through the API, until the game waits for one seat at a time.
    for _ in range(20):
        state = live.api("GET", f"/api/v1/games/{game_id}/state/", None, token)
        waiting = {d["seat"] for d in state["waiting_for"]}
        if len(waiting) == 1 and state["move_number"] >= 4:
            break
        for name, seat in seats.items():
            if seat in waiting and name in tokens:
                legal = live.api("GET", f"/api/v1/games/{game_id}/legal/", None, tokens[name])
                live.api(
                    "POST",
                    f"/api/v1/games/{game_id}/moves/",
                    {"command": legal["commands"][0], "expected_move_number": legal["move_number"]},
                    tokens[name],
                )
                break
    live.api("POST", f"/api/v1/games/{game_id}/resign/", {}, leaver_token)

    me = player(stayer).log_in()
    page = me.page
    page.goto(f"{live.url}/games/{game_id}/")
    # The map drawn first: it moves what is below it, where a click could otherwise land.
    expect(page.locator("#myth-map .myth-province")).to_have_count(40)
    page.click("#seat-handover summary")
    expect(page.locator("#handover-seat")).to_be_visible()
    expect(page.locator("#handover-seat")).to_contain_text("(has left)")
    page.locator("#handover-seat").select_option(str(seats[leaver]))
    page.locator("#handover-level").select_option("random")
    page.click("#handover-submit")
    expect(page.locator(".messages")).to_contain_text("The computer plays that seat now.")
    after = live.api("GET", f"/api/v1/games/{game_id}/")
    seat = next(s for s in after["seats"] if s["position"] == seats[leaver])
    assert seat["is_bot"] and not seat["dropped"]
    assert after["status"] == "running"
    moves = live.api("GET", f"/api/v1/games/{game_id}/moves/?page_size=500")
    rows = moves["results"] if isinstance(moves, dict) else moves
    assert any(r["kind"] == "rejoin" for r in rows)
    me.screenshot("seat-handed-to-the-computer")
