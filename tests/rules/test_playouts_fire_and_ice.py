"""Property: random legal play with Fire & Ice factions (2-5 players) keeps the invariants."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.rules.terra_mystica.setup import DEFAULT_OPTIONS

from .playouts import check_playout

FIRE_AND_ICE = {
    "fire-and-ice-factions/ice": ("icemaidens", "yetis"),
    "fire-and-ice-factions/volcano": ("acolytes", "dragonlords"),
    "fire-and-ice-factions/variable": ("shapeshifters", "riverwalkers"),
    "fire-and-ice-factions/variable_v5": ("shapeshifters", "riverwalkers"),
}


@settings(
    max_examples=40, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow]
)
@given(
    seed=st.integers(0, 2**32 - 1),
    players=st.sampled_from([2, 3, 4, 5]),
    option=st.sampled_from(sorted(FIRE_AND_ICE)),
    data=st.data(),
)
def test_random_play_with_fire_and_ice_factions_keeps_invariants(seed, players, option, data):
    # Two factions of the same expansion terrain never meet (one faction per colour).
    taken = (data.draw(st.sampled_from(FIRE_AND_ICE[option])),)
    state = check_playout(seed, players, (*DEFAULT_OPTIONS, option), factions=taken)
    assert set(taken) <= set(state.factions)
