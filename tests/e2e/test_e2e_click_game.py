"""A whole game played by clicks only: three players, each in a browser context of their own.

The test decides what each player wants to do (from the legal commands the API lists, so
every kind of move comes up) and then does it the way a person does: clicking hexes, menu
entries, tiles, cult tracks and buttons, one step of the row at a time, and confirming. It
never types a command. Every row the engine lists must be reachable that way, or the test
names the row and the step no click could make.
"""

from __future__ import annotations

import random
import re
import uuid

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import Player, goto_settled, until_text

pytestmark = pytest.mark.e2e

SCORING = ["SCORE5", "SCORE8", "SCORE4", "SCORE9", "SCORE6", "SCORE2"]
FACTIONS = ("chaosmagicians", "engineers", "darklings")
# At most this many actions a round before passing, so the game stays short.
ACTIONS_PER_ROUND = 3


def split(row: str) -> list[str]:
    return [part.strip() for part in row.split(".") if part.strip()]


def kind_of(row: str) -> str:
    """What sort of move a row is, for the coverage the test insists on."""
    first = split(row)[0]
    words = first.split()
    verb = words[0].lower()
    if verb == "action":
        return f"action {words[1].upper()}"
    if verb == "upgrade":
        return f"upgrade to {words[3].upper()}"
    if verb in ("convert", "burn", "build", "transform", "bridge", "connect", "dig", "pass"):
        return verb
    if verb == "send":
        return "send priest"
    if verb == "advance":
        return f"advance {words[1].lower()}"
    if verb in ("leech", "decline"):
        return verb
    if re.match(r"^\+FAV", first, re.I):
        return "favor tile"
    if re.match(r"^\+TW", first, re.I):
        return "town tile"
    if re.match(r"^\+\d*(FIRE|WATER|EARTH|AIR)$", first, re.I):
        return "cult step"
    if first.startswith("-"):
        return "decline " + first.lstrip("-0123456789").lower()
    return verb


PREFERENCE = [
    # Rare and interesting first, so a short game still meets them.
    "upgrade to SH",
    "upgrade to SA",
    "upgrade to TE",
    "action ACT6",
    "action ACT5",
    "action ACTC",
    "action ACTE",
    "action ACT1",
    "action ACT2",
    "action ACT3",
    "action ACT4",
    "action BON1",
    "action BON2",
    "action FAV6",
    "upgrade to TP",
    "send priest",
    "advance ship",
    "advance dig",
    "transform",
    "build",
    "burn",
    "convert",
]


class Table:
    """The test's view of the game (through the API) and the players' browsers."""

    def __init__(self, live, game_id: int, players: dict[str, Player], tokens: dict[str, str]):
        self.live = live
        self.game_id = game_id
        self.players = players
        self.tokens = tokens
        self.rng = random.Random(15)
        self.seen: set[str] = set()
        self.actions_this_round: dict[str, int] = {}
        self.round = 0
        self.view: dict = {}
        self.acting = ""
        self.seat_of: dict[str, int] = {}

    def api(self, path: str, username: str | None = None) -> dict:
        token = self.tokens[username] if username else ""
        return self.live.api("GET", f"/api/v1/games/{self.game_id}/{path}", token=token)

    def state(self) -> dict:
        return self.api("state/")

    # --- choosing ---------------------------------------------------------------------------

    def choose(self, username: str, decision: dict, legal: list[str]) -> str:
        kind = decision["kind"]
        if kind == "leech":
            # Take small offers, refuse larger ones: both answers get clicked.
            offer = f"leech {decision['amount']} from {decision['from_faction']}"
            refuse = f"decline {decision['amount']} from {decision['from_faction']}"
            return offer if decision["amount"] <= 2 else refuse
        if kind == "dwelling":
            return min(legal, key=self.crowding)
        if kind != "action":
            return self.rng.choice(legal)
        done = self.actions_this_round.get(username, 0)
        passes = [r for r in legal if r.startswith("pass")]
        if passes and done >= ACTIONS_PER_ROUND:
            return self.rng.choice(passes)
        by_kind: dict[str, list[str]] = {}
        for row in legal:
            by_kind.setdefault(kind_of(row), []).append(row)
        for wanted in PREFERENCE:
            if wanted in by_kind and wanted not in self.seen:
                if wanted == "action ACT6" and "action ACT6" in by_kind[wanted]:
                    return "action ACT6"  # the spades are then used step by step
                return self.rng.choice(by_kind[wanted])
        for wanted in PREFERENCE:
            if wanted in by_kind and wanted not in ("convert", "burn"):
                # Build next to the others: power offers come up.
                return min(by_kind[wanted], key=self.crowding)
        return self.rng.choice(passes or legal)

    def crowding(self, row: str) -> float:
        """Distance from the row's hex to the nearest building of another faction."""
        hexes = re.findall(r"\b([A-Z]\d{1,2})\b", row)
        if not hexes or hexes[0] not in self.view["map"]:
            return 99.0 + self.rng.random()
        here = self.view["map"][hexes[0]]
        me = self.acting
        others = [c for c in self.view["map"].values() if c.get("owner") and c.get("owner") != me]
        if not others:
            return self.rng.random()
        return (
            min(
                abs(here["row"] - c["row"])
                + abs(here["col"] + here["row"] / 2 - c["col"] - c["row"] / 2)
                for c in others
            )
            + self.rng.random() / 10
        )

    def extend(self, username: str, row: str) -> str:
        """Use what the row leaves to do now (spades, a favor tile...) by more clicks."""
        for _ in range(4):
            preview = self.live.api(
                "POST",
                f"/api/v1/games/{self.game_id}/preview/",
                {"command": row},
                token=self.tokens[username],
            )
            seat = self.seat_of[username]
            pending = [
                d
                for d in preview["state"]["waiting_for"]
                if d["seat"] == seat and d["kind"] not in ("leech", "action")
            ]
            following = preview["legal"]
            builds = [c for c in following if c.startswith("build")]
            if row.startswith("action ACT6") and builds and not pending:
                step = self.rng.choice(builds)
            elif pending and following:
                # After spades, prefer turning a hex to home terrain one spade at a time.
                home = [c for c in following if c.startswith("transform") and "build" not in c]
                step = self.rng.choice(home or following)
            else:
                return row
            self.seen.add("then " + kind_of(step))
            self.play(username, step, before=split(row), confirm=False)
            row = f"{row}. {step}"
        return row

    # --- clicking ---------------------------------------------------------------------------

    def play(self, username: str, row: str, before=(), confirm: bool = True) -> None:
        """Make ``row`` by clicks, step by step (after the steps ``before``), and confirm it."""
        p = self.players[username]
        page = p.page
        steps = [*before, *split(row)]
        done = len(before)
        while done < len(steps):
            for end in range(len(steps), done, -1):
                wanted = ". ".join(steps[done:end])
                if self.click(p, wanted, steps[:done]):
                    done = end
                    break
            else:
                raise AssertionError(
                    f"{username}: no click makes {steps[done]!r} after {steps[:done]!r} "
                    f"(row {row!r})"
                )
            if steps[0].split()[0].lower() in ("leech", "decline"):
                return
            until_text(page, "#preview-banner", ". ".join(steps[:done]), part=True)
            expect(page.locator("#preview-banner")).to_contain_text(". ".join(steps[:done]))
        if not confirm:
            return
        expect(page.locator("#send-button")).to_have_text("Confirm move")
        page.click("#send-button")

    def click(self, p: Player, wanted: str, before: list[str]) -> bool:
        """Click the element that adds ``wanted`` to the row, if the page shows one."""
        page = p.page
        selector = f'[data-row="{wanted}" i]'
        for area in ("#decision-prompt", "#tiles", "#choices"):
            button = page.locator(f"{area} {selector}").first
            if button.count() and button.is_visible():
                button.click()
                return True
        hexes = re.findall(r"\b([A-Z]\d{1,2}|r\d{1,2})\b", wanted)
        track = re.search(r"(FIRE|WATER|EARTH|AIR)", wanted, re.I)
        if hexes:
            opener = page.locator(f'#map .hex-cell.legal[data-hex="{hexes[0]}"]')
        elif track:
            opener = page.locator(f".cult-{track.group(1).upper()} button.cult-action")
        else:
            return False
        if not opener.count():
            return False
        opener.click()
        menu = page.locator(".hex-menu")
        if not menu.count():
            return self._picked(page, before, wanted)
        item = menu.locator(selector)
        if not item.count():
            page.keyboard.press("Escape")
            return False
        item.click()
        return True

    def confirm(self, p: Player) -> None:
        expect(p.page.locator("#send-button")).to_have_text("Confirm move")
        p.page.click("#send-button")

    def _picked(self, page, before: list[str], wanted: str) -> bool:
        """A single choice is taken at once: check the row is the one wanted."""
        expected = ". ".join([*before, wanted]).lower()
        expect(page.locator("#command-input")).to_have_value(re.compile(re.escape(expected), re.I))
        return True

    # --- the game ---------------------------------------------------------------------------

    def run(self, max_moves: int = 400) -> None:
        for _ in range(max_moves):
            state = self.state()
            if state["finished"]:
                return
            if state["round"] != self.round:
                self.round = state["round"]
                self.actions_this_round = {}
            # Power offers first: a player who acts before answering declines them.
            waiting = state["waiting_for"]
            decision = next((d for d in waiting if d["kind"] == "leech"), waiting[0])
            seat = decision["seat"]
            username = next(p["username"] for p in state["players"] if p["seat"] == seat)
            p = self.players[username]
            expect(p.page.locator("#move-number")).to_have_text(str(state["move_number"]))
            legal = self.api("legal/", username)["commands"]
            if decision["kind"] == "leech":
                legal = [r for r in legal if r.split()[0] in ("leech", "decline")]
            self.view = state
            self.acting = decision["actor"]
            row = self.choose(username, decision, legal)
            self.seen.add(kind_of(row))
            if decision["kind"] == "action" and not row.startswith(("pass", "convert", "burn")):
                self.actions_this_round[username] = self.actions_this_round.get(username, 0) + 1
            if decision["kind"] == "leech":
                self.play(username, row)
            else:
                self.play(username, row, confirm=False)
                self.extend(username, row)
                self.confirm(p)
            until_text(p.page, "#move-number", str(state["move_number"]), changed=True)
            expect(p.page.locator("#move-number")).not_to_have_text(str(state["move_number"]))
            expect(p.page.locator("#command-error")).to_be_hidden()
        raise AssertionError(f"the game did not end within {max_moves} moves")


def test_a_whole_game_by_clicks_only(live, player):
    usernames, tokens = [], {}
    for prefix in ("ann", "ben", "cat"):
        name, token = live.register(prefix)
        usernames.append(name)
        tokens[name] = token
    players = {name: player(name).log_in() for name in usernames}
    first = players[usernames[0]].page

    # The game is created from the lobby and joined from the lobby, by clicks.
    first.fill("#new-game-form input[name=name]", f"Clicks only {uuid.uuid4().hex[:4]}")
    first.select_option("#id_player_count", "3")
    first.click(".setup-section summary")
    first.check("#id_explicit_setup")
    for n, tile in enumerate(SCORING, start=1):
        first.select_option(f"#id_scoring_{n}", tile)
    for tile in ("BON5", "BON6", "BON7", "BON10"):
        first.check(f'input[name=removed_bonus_tiles][value="{tile}"]')
    first.fill("#id_seat_order", ", ".join(usernames))
    first.click("#new-game-form button[type=submit]")
    first.wait_for_url(re.compile(r"/games/\d+/$"))
    game_url = first.url
    game_id = int(game_url.rstrip("/").rsplit("/", 1)[1])
    for name in usernames[1:]:
        page = players[name].page
        page.goto(f"{live.url}/")
        page.click(f'.game-card[data-game="{game_id}"] .join-form button')
        page.wait_for_url(game_url)
    for name in usernames:
        goto_settled(players[name].page, game_url)

    table = Table(live, game_id, players, tokens)
    table.seat_of = {p["username"]: p["seat"] for p in table.state()["players"]}
    # Factions first: the test picks them, so their special actions come up.
    for name, faction in zip(usernames, FACTIONS, strict=True):
        state = table.state()
        expect(players[name].page.locator("#move-number")).to_have_text(str(state["move_number"]))
        table.play(name, f"setup {faction}")
        expect(players[name].page.locator("#move-number")).to_have_text(
            str(state["move_number"] + 1)
        )
    table.run()

    # A fresh tab: the players' tabs reload themselves when the game ends.
    final = players[usernames[0]].context.new_page()
    final.goto(game_url)
    expect(final.locator(".results-table tbody tr")).to_have_count(3)
    seen = {kind.removeprefix("then ") for kind in table.seen}
    for must in (
        "build",
        "upgrade to TP",
        "upgrade to TE",
        "upgrade to SH",
        "upgrade to SA",
        "favor tile",
        "send priest",
        "advance ship",
        "leech",
        "decline",
        "pass",
        "burn",
        "convert",
        "action ACTC",
        "action ACTE",
        "action BON1",
    ):
        assert must in seen, (must, sorted(table.seen))
    assert seen & {"action ACT5", "action ACT6"}, sorted(table.seen)
    players[usernames[0]].screenshot("clicks-only-game-final")
