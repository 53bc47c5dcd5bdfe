"""Property: random legal play (2, 3 players) reaches the end of round 6, invariants intact."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from .playouts import check_playout


@settings(
    max_examples=100, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow]
)
@given(seed=st.integers(0, 2**32 - 1), players=st.sampled_from([2, 3]))
def test_random_legal_play_keeps_invariants_to_the_end(seed, players):
    check_playout(seed, players)
