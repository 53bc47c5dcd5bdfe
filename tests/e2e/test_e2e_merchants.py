"""A Merchants of the Seas game drawn by the game page: docks, ships, a shipyard, trade
markers and the canal on the map (screenshot in artifacts/screenshots/map-merchants.png)."""

from __future__ import annotations

import random

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import SCREENSHOTS

pytestmark = pytest.mark.e2e

OPTIONS = ["strict-leech", "merchants-of-the-seas"]
# Rows that put the expansion on the map are preferred; passing only when nothing else.
PREFERRED = ("trade ", "sail ", "ship ", "to SY", "dock ", "with ship", "action ACT8")


def _pick(rows: list[str], rng: random.Random) -> str:
    for word in PREFERRED:
        chosen = [r for r in rows if word in r]
        if chosen:
            return rng.choice(chosen)
    others = [r for r in rows if not r.startswith("pass")]
    return rng.choice(others or rows)


def test_the_board_shows_ships_docks_and_trade_markers(live, player):
    me, token = live.register("merchants")
    others = [live.register(f"merchants{i}") for i in range(3)]
    game = live.api("POST", "/api/v1/games/", {"player_count": 4, "options": OPTIONS}, token=token)
    game_id = game["id"]
    for _, other in others:
        live.api("POST", f"/api/v1/games/{game_id}/join/", {}, token=other)
    by_user = {me: token, **dict(others)}
    detail = live.api("GET", f"/api/v1/games/{game_id}/", token=token)
    tokens = {s["position"]: by_user[s["username"]] for s in detail["seats"]}
    view = live.api("GET", f"/api/v1/games/{game_id}/state/", token=token)
    rng = random.Random(17)
    for _ in range(600):
        traded = any(m["traded"] for m in view.get("merchants", {}).get("factions", {}).values())
        if (view["round"] >= 3 and traded) or view["round"] >= 5 or view["finished"]:
            break
        seat = view["waiting_for"][0]["seat"]
        legal = live.api("GET", f"/api/v1/games/{game_id}/legal/", token=tokens[seat])
        row = _pick(legal["commands"], rng)
        live.api(
            "POST",
            f"/api/v1/games/{game_id}/moves/",
            {"command": row, "expected_move_number": legal["move_number"]},
            token=tokens[seat],
        )
        view = live.api("GET", f"/api/v1/games/{game_id}/state/", token=token)
    merchants = view["merchants"]
    assert any(m["dock"] for m in merchants["factions"].values())
    markers = sum(len(m["traded"]) for m in merchants["factions"].values())
    p = player(me)
    p.log_in()
    p.page.goto(f"{live.url}/games/{game_id}/")
    expect(p.page.locator("#map .canal")).to_have_count(1)
    expect(p.page.locator("#merchants-provisional")).to_have_count(1)
    ships = sum(len(m["ships"]) for m in merchants["factions"].values())
    expect(p.page.locator("#map .ship")).to_have_count(ships)
    expect(p.page.locator("#map .trade-marker")).to_have_count(markers)
    expect(p.page.locator(".merchants-row")).to_have_count(4)  # ships and markers per faction
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    p.page.locator("#map").screenshot(path=SCREENSHOTS / "map-merchants.png")
    p.screenshot("game-merchants")
