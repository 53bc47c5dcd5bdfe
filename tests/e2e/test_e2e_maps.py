"""Fjords and Lakes drawn by the game page's SVG map (screenshots in artifacts/screenshots/)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from games.rules.terra_mystica.board import load_board
from tests.e2e.conftest import SCREENSHOTS

pytestmark = pytest.mark.e2e


@pytest.mark.parametrize(
    ("map_id", "name", "first_hex"),
    [
        ("2afadc63f4d81e850b7c16fb21a1dcd29658c392", "fjords", "A1"),
        ("fdb13a13cd48b7a3c3525f27e4628ff6905aa5b1", "lakes", "B1"),
    ],
)
def test_the_map_is_drawn_hex_for_hex(live, player, map_id, name, first_hex):
    me, token = live.register(name)
    _, other = live.register(f"{name}-other")
    game = live.api(
        "POST",
        "/api/v1/games/",
        {"player_count": 2, "map_id": map_id, "options": ["variable-starting-vp"]},
        token=token,
    )
    live.api("POST", f"/api/v1/games/{game['id']}/join/", {}, token=other)
    p = player(me)
    p.log_in()
    p.page.goto(f"{live.url}/games/{game['id']}/")
    board = load_board(map_id)
    cells = p.page.locator("#map .hex-cell")
    expect(cells).to_have_count(len(board.hexes))
    for hex_id in (first_hex, "r0"):
        terrain = board.terrain[hex_id]
        cell = p.page.locator(f'#map .hex-cell[data-hex="{hex_id}"] polygon.terrain-{terrain}')
        expect(cell).to_have_count(1)
    # The first row of hexes is at the top of the drawing (no empty row above Lakes' row B).
    svg = p.page.locator("#map svg").first.bounding_box()
    top = p.page.locator(f'#map .hex-cell[data-hex="{first_hex}"]').bounding_box()
    assert svg and top and top["y"] - svg["y"] < top["height"] / 2
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    p.page.locator("#map").screenshot(path=SCREENSHOTS / f"map-{name}.png")
