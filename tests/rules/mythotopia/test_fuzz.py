"""No stuck game and independent scoring, as a property: random legal games of 2-4 players,
with and without the start choice and the Citadel card, played to the end (``fuzz.py``).

A few games run with the suite; set ``MYTHOTOPIA_FUZZ_GAMES`` (and ``MYTHOTOPIA_FUZZ_SEED``)
for a run at scale, or call ``fuzz.run_fuzz`` / ``python -m tests.rules.mythotopia.fuzz``.
"""

from __future__ import annotations

import os
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.rules import mythotopia

from . import fuzz

SCALE = int(os.environ.get("MYTHOTOPIA_FUZZ_GAMES", "0"))


def game_with(players: int, seed: int, choice: bool, citadel: bool) -> fuzz.Game:
    """The first game from ``seed`` on whose drawn VP cards include the Citadel or not."""
    options = ("start-choice",) if choice else ()
    for attempt in range(200):
        game = fuzz.new_game(players, f"property-{seed}-{attempt}", options)
        if ("citadel" in game.state["vp_cards"]) == citadel:
            return game
    raise AssertionError("no such deal in 200 seeds")


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    players=st.integers(min_value=2, max_value=4),
    seed=st.integers(min_value=0, max_value=2**32),
    choice=st.booleans(),
    citadel=st.booleans(),
)
def test_random_games_never_stick_and_score_as_the_seed_counts(players, seed, choice, citadel):
    game = game_with(players, seed, choice and players >= 3, citadel)
    fuzz.play_game(game, random.Random(seed), legal_every=40)
    assert game.state["finished"] and game.commands_checked > 0


def test_the_independent_scores_count_provinces_and_tokens():
    state = mythotopia.new_state(mythotopia.make_setup(["a", "b"], "score", []))
    owned = sum(1 for where in state["provinces"].values() if where["owner"] == 1)
    state["seats"]["1"]["tokens"] = [{"card": "city", "value": 2}, {"card": "castle", "value": 1}]
    assert fuzz.independent_scores(state)[1] == 3 * owned + 3
    assert fuzz.independent_scores(state)[1] == mythotopia.vp(state, 1)
    assert fuzz.independent_ranks({1: 30, 2: 40, 3: 20}, winner=1) == {1: 1, 2: 2, 3: 3}
    assert fuzz.independent_ranks({1: 30, 2: 20, 3: 20}, winner=1) == {1: 1, 2: 2, 3: 2}


def test_an_engine_score_off_by_one_is_found(monkeypatch):
    game = fuzz.new_game(2, "mismatch", ())
    fuzz.play_game(game, random.Random(3), legal_every=10**6)
    counted = mythotopia.vp
    monkeypatch.setattr(mythotopia, "vp", lambda state, seat: counted(state, seat) + 1)
    with pytest.raises(fuzz.Finding, match="recomputed"):
        fuzz.check_end(game)


@pytest.mark.skipif(not SCALE, reason="set MYTHOTOPIA_FUZZ_GAMES for a run at scale")
def test_random_games_at_scale():
    report = fuzz.run_fuzz(SCALE, int(os.environ.get("MYTHOTOPIA_FUZZ_SEED", "0")))
    broken = {k: report[k] for k in ("stuck", "refused", "invariant", "score", "unfinished")}
    assert not any(broken.values()), report["failures"]
