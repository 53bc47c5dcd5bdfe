"""Setup per player count, the map data, the provisional components and the state's JSON."""

from __future__ import annotations

import json

import pytest

from games.rules import mythotopia
from games.rules.core import RuleError
from games.rules.mythotopia import data

from .helpers import game


def test_the_map_has_forty_provinces_four_seas_and_the_rulebook_facts():
    provinces = data.provinces()
    assert len(provinces) == 40 and len(data.seas()) == 4
    symbols = [p["symbol"] for p in provinces.values()]
    assert (symbols.count("army"), symbols.count("food")) == (12, 11)
    assert (symbols.count("stone"), symbols.count("gold")) == (9, 8)
    assert set(provinces["Palmain"]["borders"]) == {
        "Scombroid",
        "Nusus",
        "Diclesium",
        "Iracund",
        "Blore",
    }
    assert provinces["Blore"]["neutral"] == 4 and provinces["Blore"]["rough"]
    # With one ship card Palmain reaches these provinces (its only sea is the Serpent Sea).
    reach = set(data.seas()["Serpent Sea"]["provinces"]) - {"Palmain"}
    assert {"Ictus", "Camarine", "Kinabra", "Nesh", "Eagre", "Oxter", "Aporia"} <= reach
    assert data.island("larger") == ["Ictus", "Jeopigia", "Nesh"]
    assert data.island("smaller") == ["Aporia", "Kinabra"]
    for name, info in provinces.items():
        for other, kind in info["borders"].items():
            assert provinces[other]["borders"][name] == kind


@pytest.mark.parametrize(("players", "deal"), [(2, 11), (3, 8), (4, 6)])
def test_setup_deals_provinces_villages_hands_and_equal_vp(players, deal):
    state = game(players)
    assert state["colours"] == ["red", "blue", "green", "yellow"][:players]
    for number in range(1, players + 1):
        seat = state["seats"][str(number)]
        owned = [p for p, d in state["provinces"].items() if d["owner"] == number]
        assert len(owned) == deal
        assert len(seat["hand"]) == (6 if number == 4 else 5)
        assert len(seat["hand"]) + len(seat["deck"]) == deal + 5
        assert (seat["armies"], seat["ships"]) == (6, 2)
        assert (seat["armies_general"], seat["ships_general"]) == (8, 3)
    vps = {mythotopia.vp(state, s) for s in range(1, players + 1)}
    # Equal for everybody unless an island's token was taken at setup.
    assert min(vps) == 3 * deal
    assert len(state["progress_display"]) == 16 and len(state["progress_stack"]) == 13
    assert len(state["vp_cards"]) == 7
    fixed = 6 if players == 2 else 7
    assert [len(state["vp_cards"][c]) for c in ("city", "castle", "streets")] == [fixed] * 3
    assert len(state["province_stack"]) == 40 - players * deal


def test_villages_by_colour_red_and_blue_have_four_more():
    state = game(4)
    assert state["seats"]["1"]["villages"] + 6 in (18, 19)  # + 1 when a citadel replaced one
    assert state["seats"]["3"]["villages"] + 6 in (14, 15)


def test_setup_is_seeded_and_the_state_round_trips_through_json():
    assert game(3, "a") == game(3, "a")
    assert game(3, "a") != game(3, "b")
    state = game(4)
    assert json.loads(json.dumps(state)) == state


def test_player_counts_and_options_are_checked():
    with pytest.raises(RuleError, match="2 to 4 players"):
        mythotopia.make_setup(["a"], "s", [])
    with pytest.raises(RuleError, match="no option"):
        mythotopia.make_setup(["a", "b"], "s", ["x"])


def test_every_provisional_value_is_flagged_with_its_source_and_shown_to_players():
    values = data.provisional()["values"]
    assert {"map", "starting_cards", "progress_symbols", "variable_vp_tokens"} <= set(values)
    assert all(v["verified"] is False and v["source"] for v in values.values())
    assert len(data.starting_cards()) == 5
    view = mythotopia.view(game(2), None)
    assert "provisional" in view["provisional_components"]


def test_a_view_shows_own_cards_and_only_sizes_of_the_others():
    state = game(3)
    mine = mythotopia.view(state, 2)
    assert mine["my_hand"] == state["seats"]["2"]["hand"]
    assert mine["seats"]["1"]["hand_size"] == 5
    text = json.dumps(mine)
    assert '"hand"' not in text and '"deck"' not in text
    assert "my_hand" not in mythotopia.view(state, None)
