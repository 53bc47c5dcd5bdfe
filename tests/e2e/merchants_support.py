"""Shared steps of the Merchants of the Seas browser tests: a two-player game made through
the API with fixed round tiles and bonus cards, the other player's moves and the way to a
position played with rows from /legal/, and clicks that build and send a move on the page."""

from __future__ import annotations

from collections.abc import Callable

from playwright.sync_api import Page, expect

OPTIONS = ["strict-leech", "merchants-of-the-seas"]
SCORING = ["SCORE10", "SCORE11", "SCORE12", "SCORE13", "SCORE14", "SCORE15"]


class Game:
    def __init__(self, live, removed_bonus_tiles: list[str]) -> None:
        self.live = live
        self.me, self.token = live.register("sailor")
        other, other_token = live.register("trader")
        game = live.api(
            "POST",
            "/api/v1/games/",
            {
                "player_count": 2,
                "options": OPTIONS,
                "setup": {
                    "seat_order": [self.me, other],
                    "scoring_tiles": SCORING,
                    "removed_bonus_tiles": removed_bonus_tiles,
                },
            },
            token=self.token,
        )
        self.id = game["id"]
        live.api("POST", f"/api/v1/games/{self.id}/join/", {}, token=other_token)
        self.tokens = {self.me: self.token, other: other_token}
        self.page: Page | None = None  # my page, once open: kept in step with the game

    def state(self) -> dict:
        return self.live.api("GET", f"/api/v1/games/{self.id}/state/", token=self.token)

    def waiting(self) -> tuple[str, list[str]]:
        """Who the game waits for, and their legal rows."""
        state = self.state()
        seat = state["waiting_for"][0]["seat"]
        name = next(p["username"] for p in state["players"] if p["seat"] == seat)
        legal = self.live.api("GET", f"/api/v1/games/{self.id}/legal/", token=self.tokens[name])
        return name, legal["commands"]

    def play(self, name: str, row: str) -> None:
        number = self.state()["move_number"]
        self.live.api(
            "POST",
            f"/api/v1/games/{self.id}/moves/",
            {"command": row, "expected_move_number": number},
            token=self.tokens[name],
        )

    def follow(self, rows: list[str]) -> None:
        """Whoever the game waits for plays the next row, each one of their legal rows."""
        for row in rows:
            name, legal = self.waiting()
            assert row.lower() in (r.lower() for r in legal), (name, row, legal)
            self.play(name, row)

    def faction_of(self, username: str, state: dict) -> str:
        return next(p["faction"] for p in state["players"] if p["username"] == username)

    def wait_for_page(self) -> None:
        """My page shows the game's latest move (the other player's moves reach it live)."""
        if self.page is not None:
            number = str(self.state()["move_number"])
            expect(self.page.locator("#move-number")).to_have_text(number)

    def others_until_mine(self, choose: Callable[[list[str]], str]) -> list[str]:
        """The other player moves with ``choose(rows)`` until the game waits for me."""
        for _ in range(20):
            name, rows = self.waiting()
            if name == self.me:
                # Click only once the other player's moves have reached my page.
                self.wait_for_page()
                return rows
            self.play(name, choose(rows))
        raise AssertionError("the game never came back to me")


def send(page: Page) -> None:
    number = int(page.locator("#move-number").inner_text())
    # A click sends only a row the page has previewed: the button then says so.
    expect(page.locator("#send-button")).to_have_text("Confirm move")
    page.click("#send-button")
    expect(page.locator("#move-number")).to_have_text(str(number + 1))


def click_hex(page: Page, hex_id: str, row: str) -> None:
    """A click on a highlighted hex, then on the row in its menu when it offers several."""
    page.click(f'#map .hex-cell.legal[data-hex="{hex_id}"]')
    choice = page.locator(f'.hex-menu [data-row="{row}"]')
    if choice.count():
        choice.click()
    expect(page.locator("#preview-banner")).to_contain_text(row)


def first_not(*words: str) -> Callable[[list[str]], str]:
    return lambda rows: next((r for r in rows if not r.startswith(words)), rows[0])
