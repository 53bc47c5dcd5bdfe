"""The promotional town tiles as options of their own (Yucata's tile list, seed 001 §6.1):
each of TW6, TW7 and TW8 can be put in play alone; mini-expansion-1 brings all three, as on
terra.snellman.net."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.rules.core import RuleError
from games.rules.terra_mystica import RULE_OPTIONS
from games.rules.terra_mystica.playout import random_playout
from games.rules.terra_mystica.setup import PROMO_TOWN_TILE_OPTIONS, available_town_tiles

from .conftest import setup_game

BASE = {"TW1": 2, "TW2": 2, "TW3": 2, "TW4": 2, "TW5": 2}
PROMO = {
    "promo-town-tile-tw6": ("TW6", 1),
    "promo-town-tile-tw7": ("TW7", 2),
    "promo-town-tile-tw8": ("TW8", 1),
}
OTHERS = ("strict-leech", "errata-cultist-power")


def pool_towns(options) -> dict[str, int]:
    state = setup_game(
        ["witches", "nomads"],
        options=(*OTHERS, *options),
        scoring=("SCORE5", "SCORE8", "SCORE4", "SCORE3", "SCORE6", "SCORE2"),
        removed=("BON3", "BON4", "BON5", "BON6"),
    )
    return {t: n for t, n in state.pool.items() if t.startswith("TW")}


def test_without_promo_options_only_the_five_base_town_tiles_are_in_play():
    assert pool_towns(()) == BASE


@pytest.mark.parametrize("option", sorted(PROMO))
def test_each_promo_town_tile_can_be_put_in_play_alone(option):
    tile, copies = PROMO[option]
    assert pool_towns((option,)) == {**BASE, tile: copies}


def test_mini_expansion_1_brings_all_three_as_before():
    assert pool_towns(("mini-expansion-1",)) == {**BASE, "TW6": 1, "TW7": 2, "TW8": 1}


def test_yucata_s_tile_list_is_the_three_promo_options_together():
    # Seed 001 §6.1: the online tile list holds all three promo tiles (TW6 and TW8 once,
    # TW7 twice), the same set as mini-expansion-1.
    assert available_town_tiles(PROMO_TOWN_TILE_OPTIONS) == available_town_tiles(
        ("mini-expansion-1",)
    )


def test_the_promo_options_are_engine_options_and_misspellings_are_refused():
    assert set(PROMO) <= RULE_OPTIONS
    with pytest.raises(RuleError, match="unknown option 'promo-town-tile-tw9'"):
        pool_towns(("promo-town-tile-tw9",))


@settings(max_examples=30, deadline=None)
@given(chosen=st.sets(st.sampled_from([*PROMO, "mini-expansion-1"])))
def test_the_tiles_in_play_are_the_union_of_the_options(chosen):
    expected = dict(BASE)
    for option in chosen:
        if option == "mini-expansion-1":
            expected.update({t: n for t, n in PROMO.values()})
        else:
            tile, copies = PROMO[option]
            expected[tile] = copies
    assert available_town_tiles(chosen) == expected


def test_a_whole_game_with_only_tw8_takes_it_and_never_tw6_or_tw7():
    taken: set[str] = set()

    def note(state, actor, row):
        taken.update(
            w.upper() for w in row.replace(".", " ").split() if w.upper().startswith("+TW")
        )

    # A random game (seed 4) in which a town takes TW8.
    state, _ = random_playout(
        4, 4, options=(*OTHERS, "promo-town-tile-tw8"), pass_rate=0.02, after_move=note
    )
    assert state.finished and "+TW8" in taken
    assert not taken & {"+TW6", "+TW7"}
    assert "TW6" not in state.pool and "TW7" not in state.pool
