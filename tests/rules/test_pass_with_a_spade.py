"""Passing while a spade from an action is still unused (issue 12, base game).

A spade from an action (ACT5, ACT6, BON1, a dig) belongs to that action; passing is a
new action, so the spade is used or given up first. terra.snellman.net accepts the pass
and lets the spade be used after it; whether the rows come one by one or as one row
must not change the answer.
"""

from __future__ import annotations

import random

import pytest

from games.rules.terra_mystica import DEFAULT_OPTIONS, RuleError, apply, new_game, random_setup
from games.rules.terra_mystica.legal import accepts, candidate_rows, random_legal_command
from games.rules.terra_mystica.state import GameState
from games.rules.terra_mystica.views import waiting_for


def _last_player_in_round_1() -> tuple[GameState, str, str]:
    """Round 1 of a 2-player game after one player passed; the other is on turn with
    8 power in bowl III (set directly: how it got there does not matter here)."""
    rng = random.Random(1)
    state = new_game(random_setup("spade", 2, DEFAULT_OPTIONS, ["a", "b"]))
    while not (state.round >= 1 and any(f.passed for f in state.factions.values())):
        actor = waiting_for(state)[0].actor
        if state.round >= 1 and state.phase == "play":
            row = f"pass {_free_bonus(state)}"
        else:
            row = random_legal_command(state, actor, rng, pass_rate=0)
        state = apply(state, actor, row)
    active = state.active
    f = state.factions[active]
    f.p1, f.p2, f.p3 = 0, f.p1 + f.p2 + f.p3 - 8, 8
    return state, active, _free_bonus(state)


def _free_bonus(state: GameState) -> str:
    return next(f"BON{i}" for i in range(1, 11) if state.pool.get(f"BON{i}"))


@pytest.mark.parametrize("split", [True, False], ids=["separate rows", "one row"])
def test_passing_with_an_unused_action_spade_is_refused(split):
    state, name, bonus = _last_player_in_round_1()
    with pytest.raises(RuleError, match="spade"):
        if split:
            apply(apply(state, name, "action ACT5"), name, f"pass {bonus}")
        else:
            apply(state, name, f"action ACT5. pass {bonus}")


def test_the_pass_is_not_offered_until_the_spade_is_used_or_declined():
    state, name, bonus = _last_player_in_round_1()
    holding = apply(state, name, "action ACT5")
    assert not any(r.startswith("pass") for r in _accepted(holding, name))
    declined = apply(holding, name, "-SPADE")
    assert apply(declined, name, f"pass {bonus}").round == 2


def test_using_the_spade_and_then_passing_is_fine_in_either_split():
    state, name, bonus = _last_player_in_round_1()
    holding = apply(state, name, "action ACT5")
    transform = next(
        r for r in _accepted(holding, name) if r.startswith("transform") and "build" not in r
    )
    one_by_one = apply(apply(holding, name, transform), name, f"pass {bonus}")
    together = apply(state, name, f"action ACT5. {transform}. pass {bonus}")
    assert one_by_one.round == together.round == 2
    assert one_by_one.terrain == together.terrain


def _accepted(state: GameState, name: str) -> list[str]:
    return [r for r in candidate_rows(state, name) if accepts(state, name, r)]
