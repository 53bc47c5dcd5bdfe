"""No stuck game, as a property: random legal games of every option family (``fuzz.py``) --
the base game, every Fire & Ice faction on every map, the map sides with variable starting VP,
both auctions, Merchants of the Seas with and without taste, Yucata's options -- where every
actor waited for has a legal command, every listed command is accepted, the invariants hold
after every move and the game ends; with Merchants the final scoring is counted again.

A few games run with the suite; ``make fuzz FUZZ_GAMES=N`` runs N games of every family.
"""

from __future__ import annotations

import random

import pytest

from games.rules.terra_mystica import scoring

from . import fuzz
from .conftest import fuzz_games


@fuzz_games(16)
def test_random_games_of_every_family_never_stick(family, index, seed):
    game = fuzz.make_game(family, index, seed)
    fuzz.play_game(game, random.Random(seed), legal_every=60)
    assert game.state.finished and game.commands_checked > 0


def test_every_fire_and_ice_faction_and_map_is_played():
    specs = [fuzz.FAMILIES["fire-and-ice"](i, random.Random(i)) for i in range(160)]
    boards = fuzz.FIRE_AND_ICE_BOARDS.values()
    assert {f for s in specs for f in s.factions} == {f for pair in boards for f in pair}
    assert {s.map_id for s in specs} == set(fuzz.MAPS)
    assert {s.players for s in specs} == {2, 3, 4, 5}
    maps = [fuzz.FAMILIES["maps"](i, random.Random(i)) for i in range(24)]
    assert {s.map_id for s in maps if "variable-starting-vp" in s.options} == {
        fuzz.ORIGINAL_MAP_ID,
        fuzz.FJORDS,
        fuzz.LAKES,
    }


def test_shared_awards_follow_the_ties_of_the_rulebook():
    assert fuzz.shared_awards({"a": 5, "b": 3, "c": 1}, (8, 4, 2)) == {"a": 8, "b": 4, "c": 2}
    assert fuzz.shared_awards({"a": 5, "b": 5, "c": 1}, (8, 4, 2)) == {"a": 6, "b": 6, "c": 2}
    assert fuzz.shared_awards({"a": 0, "b": 2, "c": 2}, (18, 12, 6)) == {"b": 15, "c": 15}


def test_a_merchants_final_scoring_off_by_one_is_found(monkeypatch):
    awards = scoring.NETWORK_AWARDS
    monkeypatch.setattr(scoring, "NETWORK_AWARDS", (awards[0] + 1, *awards[1:]))
    game = fuzz.make_game("merchants", 0, 5)
    with pytest.raises(fuzz.Finding, match="recomputed"):
        fuzz.play_game(game, random.Random(5), legal_every=10**6)
