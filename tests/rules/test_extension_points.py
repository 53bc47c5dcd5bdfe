"""The points where Fire & Ice plugs into the engine: terrains, factions, final tiles."""

from __future__ import annotations

import pytest

from games.rules.terra_mystica import GameSetup, RuleError, apply, new_game
from games.rules.terra_mystica.building import colour_difference, transform
from games.rules.terra_mystica.context import Game
from games.rules.terra_mystica.data import (
    CYCLE_LENGTH,
    OFF_CYCLE_TERRAINS,
    TERRAIN_CYCLE,
    TERRAINS,
    faction_specs,
)
from games.rules.terra_mystica.factions import (
    _REGISTRY,
    Giants,
    faction_names,
    faction_rules,
    register,
)
from games.rules.terra_mystica.legal import legal_commands
from games.rules.terra_mystica.scoring import FINAL_TILES, final_tile_value
from games.rules.terra_mystica.setup import FINAL_SCORING_TILES

from .conftest import LEAGUE_OPTIONS, start_round_one


def test_terrains_are_data_with_the_off_cycle_terrains_outside_the_wheel():
    assert CYCLE_LENGTH == len(TERRAIN_CYCLE) == 7
    assert set(OFF_CYCLE_TERRAINS) == {"ice", "volcano"}
    assert not set(OFF_CYCLE_TERRAINS) & set(TERRAIN_CYCLE)
    assert set(TERRAINS) == set(TERRAIN_CYCLE) | set(OFF_CYCLE_TERRAINS)
    # The short way round: yellow to red is one step backwards, not six forwards.
    assert colour_difference("yellow", "red") == -1
    assert colour_difference("yellow", "blue") == 3
    assert colour_difference("yellow", "green") == -3


def test_every_faction_with_data_has_registered_rules():
    assert faction_names() == sorted(faction_specs())
    for name in faction_names():
        assert faction_rules(name).name == name


def test_the_registry_takes_subclasses_of_subclasses():
    @register
    class GiantsVariant(Giants):
        name = "giants-variant"

    try:
        assert _REGISTRY["giants-variant"] is GiantsVariant
        # Rules without data are not offered.
        assert "giants-variant" not in faction_names()
        with pytest.raises(ValueError):
            register(GiantsVariant)
    finally:
        del _REGISTRY["giants-variant"]


def test_one_faction_per_colour_looks_at_the_colour_held_not_the_printed_one():
    setup = GameSetup(
        player_count=2,
        options=LEAGUE_OPTIONS,
        scoring_tiles=("SCORE5", "SCORE8", "SCORE4", "SCORE9", "SCORE6", "SCORE2"),
        removed_bonus_tiles=("BON3", "BON4", "BON5", "BON6", "BON7"),
    )
    state = apply(new_game(setup), "player1", "setup witches")
    # As if the first faction had chosen gray in play: gray is taken, green is free.
    state.factions["witches"].color = "gray"
    with pytest.raises(RuleError, match="one faction per colour"):
        apply(state, "player2", "setup dwarves")
    assert "setup dwarves" not in legal_commands(state, "player2")
    assert "setup auren" in legal_commands(state, "player2")
    state = apply(state, "player2", "setup auren")
    assert state.factions["auren"].color == "green"


def test_ice_and_volcano_hexes_are_never_transformed_again():
    state = start_round_one(
        {"cultists": ["E6", "A1"], "witches": ["F4", "I6"]},
        {"cultists": "BON1", "witches": "BON9"},
    )
    state.terrain["E5"] = "volcano"
    f = state.factions["cultists"]
    f.spade = 3
    with pytest.raises(RuleError, match="never be transformed"):
        transform(Game(state), f, "E5", "brown")
    f.spade = 0
    assert not any("E5" in row for row in legal_commands(state, "cultists"))


def test_final_scoring_tiles_are_a_registry():
    assert (
        set(FINAL_SCORING_TILES)
        == set(FINAL_TILES)
        == {
            "connected-distance",
            "connected-sa-sh-distance",
            "building-on-edge",
            "connected-clusters",
        }
    )
    state = start_round_one(
        {"cultists": ["E6", "A1"], "witches": ["F4", "I6"]},
        {"cultists": "BON1", "witches": "BON9"},
    )
    with pytest.raises(ValueError, match="unknown final scoring tile"):
        final_tile_value(Game(state), state.factions["cultists"], "no-such-tile")
