"""What may follow a partial row: the steps a player adds one click at a time.

Every legal row of several steps must be reachable step by step: after each prefix, the next
step (alone or with the steps after it) is among the continuations; and every continuation
makes a legal row. Checked at real positions of a recorded game.
"""

from __future__ import annotations

import pytest

from games.rules.terra_mystica import apply, continuations, legal_commands, waiting_for
from games.rules.terra_mystica.notation import split_row
from games.rules.terra_mystica.replay import replay_game
from tests.rules.conftest import corpus_game

GAME = "4pLeague_S60_D1L1_G1"


def positions(every: int) -> list:
    """(state, actor) at every ``every``-th recorded line where a faction takes an action."""
    game = corpus_game(GAME)
    lines = sorted({r["line"] for r in game["rows"]})
    out = []
    for line in lines[40::every]:
        state = replay_game(
            dict(game, rows=[r for r in game["rows"] if r["line"] <= line]), check=False
        ).state
        acting = [d.actor for d in waiting_for(state) if d.kind == "action"]
        if acting:
            out.append((line, state, acting[0]))
    return out


@pytest.fixture(scope="module")
def sample():
    return positions(every=25)


def test_every_legal_row_can_be_composed_one_step_at_a_time(sample):
    checked = 0
    for line, state, actor in sample:
        for row in legal_commands(state, actor):
            steps = split_row(row)
            for k in range(1, len(steps)):
                following = continuations(state, actor, ". ".join(steps[:k]))
                reachable = {". ".join(steps[k:j]) for j in range(k + 1, len(steps) + 1)}
                assert reachable & set(following), (line, actor, row, k, following)
                checked += 1
    assert checked > 20


def test_every_continuation_makes_a_legal_row(sample):
    for _line, state, actor in sample:
        for row in ("action ACT6", "action ACT5", "burn 1"):
            for step in continuations(state, actor, row):
                apply(state, actor, f"{row}. {step}")  # raises if it were illegal


def _act6_position():
    game = corpus_game(GAME)
    for line in sorted({r["line"] for r in game["rows"]}):
        state = replay_game(
            dict(game, rows=[r for r in game["rows"] if r["line"] <= line]), check=False
        ).state
        for d in waiting_for(state):
            if d.kind == "action" and "action ACT6" in legal_commands(state, d.actor):
                return state, d.actor
    raise AssertionError("no position where the power action ACT6 can be taken")


def test_after_the_spades_of_act6_the_dwelling_is_offered_however_they_were_used():
    state, actor = _act6_position()
    colour = state.factions[actor].color
    left = {}  # hex -> spades left after turning it to home terrain
    for row in continuations(state, actor, "action ACT6"):
        if row.startswith("transform") and row.endswith(f"to {colour}"):
            hex_id = row.split()[1]
            after = apply(state, actor, f"action ACT6. {row}")
            left[hex_id] = after.factions[actor].spade
    both = [h for h, n in left.items() if n == 0]
    split = [h for h, n in left.items() if n == 1]
    assert both and len(split) >= 2, left
    # Both spades on one hex.
    assert f"build {both[0]}" in continuations(
        state, actor, f"action ACT6. transform {both[0]} to {colour}"
    )
    # One spade on each of two hexes: the dwelling goes on either.
    a, b = split[:2]
    row = f"action ACT6. transform {a} to {colour}. transform {b} to {colour}"
    assert {f"build {a}", f"build {b}"} <= set(continuations(state, actor, row))
    # Giving up the second spade keeps the dwelling.
    row = f"action ACT6. transform {a} to {colour}. -SPADE"
    assert f"build {a}" in continuations(state, actor, row)
    apply(state, actor, f"{row}. build {a}")
