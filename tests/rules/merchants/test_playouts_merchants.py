"""Property: random legal play with Merchants of the Seas (2-5 players, every allowed
faction, maps with and without canals) keeps the invariants after every command: at most
three ships, 15 trade markers, one trade per faction and building, no negative resource.

make test runs the suite on the pure engine and again on the compiled build (.ci/run): each
build plays 100 games of its own (a seed per build, both fixed), so a CI run still plays 200
different games, where both builds used to play the same 200. ``make fuzz`` plays Merchants
games at scale with the same invariants (tests/rules/fuzz.py)."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import seed as fixed_seed
from hypothesis import strategies as st

from games.rules.terra_mystica.board import ORIGINAL_MAP_ID
from games.rules.terra_mystica.compiled import compiled_modules
from games.rules.terra_mystica.factions import faction_names, faction_rules
from games.rules.terra_mystica.invariants import violations
from games.rules.terra_mystica.merchants.state import refusal
from games.rules.terra_mystica.playout import random_playout
from games.rules.terra_mystica.setup import DEFAULT_OPTIONS

from .helpers import MERCHANTS

LAKES = "fdb13a13cd48b7a3c3525f27e4628ff6905aa5b1"
FJORDS = "2afadc63f4d81e850b7c16fb21a1dcd29658c392"
MAPS = (ORIGINAL_MAP_ID, LAKES, FJORDS)  # one canal; canals unknown: none
ALLOWED = tuple(name for name in faction_names() if not refusal(name))
# The games each build plays: the pure engine's half, or the compiled build's.
BUILD_SEED = 1 if compiled_modules() else 0


def options_for(faction: str) -> tuple[str, ...]:
    extra = faction_rules(faction).options[:1]
    return (*DEFAULT_OPTIONS, MERCHANTS, *extra)


def check(seed: int, players: int, faction: str, map_id: str) -> dict[str, int]:
    used: dict[str, int] = {}

    def after(state, actor, row):
        problems = violations(state)
        assert not problems, f"after {actor}: {row!r} (round {state.round}): {problems}"
        for verb in ("sail", "trade", "ship", "SY", "with ship"):
            if verb in row:
                used[verb] = used.get(verb, 0) + 1

    state, moves = random_playout(
        seed, players, options_for(faction), map_id=map_id, factions=(faction,), after_move=after
    )
    assert state.finished and state.round == 6
    assert faction in state.factions
    assert not {"fakirs", "dwarves"} & set(state.factions)
    assert moves > 10 * players
    return used


@fixed_seed(BUILD_SEED)
@settings(
    max_examples=100, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow]
)
@given(
    seed=st.integers(0, 2**32 - 1),
    players=st.sampled_from([2, 3, 4, 5]),
    faction=st.sampled_from(ALLOWED),
    map_id=st.sampled_from(MAPS),
)
def test_random_play_with_merchants_keeps_the_invariants(seed, players, faction, map_id):
    check(seed, players, faction, map_id)


def test_random_play_uses_the_expansion():
    used: dict[str, int] = {}
    for seed in range(8):
        for verb, n in check(seed, 4, ALLOWED[seed % len(ALLOWED)], MAPS[seed % 3]).items():
            used[verb] = used.get(verb, 0) + n
    assert {"sail", "trade", "ship", "SY"} <= set(used)


def test_every_allowed_faction_is_offered():
    assert set(ALLOWED) == set(faction_names()) - {"fakirs", "dwarves"}
    assert len(ALLOWED) == 18  # 12 base factions and the 6 of Fire & Ice, with their options
