"""A state's copy (every command and every bot step is played on one) is equal, in the same key
order, and shares no list or dict with the original: a command never changes the game it was
tried on. The copy knows the provinces' shape; these states are from real playouts."""

from __future__ import annotations

import json
import random

from games.rules import mythotopia
from games.rules.mythotopia.playout import random_step
from games.rules.mythotopia.state import copied


def _containers(value: object, found: list[int]) -> list[int]:
    if isinstance(value, (dict, list)):
        found.append(id(value))
        for item in value.values() if isinstance(value, dict) else value:
            _containers(item, found)
    return found


def test_copies_are_equal_and_share_nothing_through_a_game() -> None:
    for players, seed in ((2, 3), (3, 5), (4, 8)):
        rng = random.Random(seed)
        state = mythotopia.new_state(
            mythotopia.make_setup([f"p{i}" for i in range(players)], str(seed), [])
        )
        for step in range(400):
            if state["finished"]:
                break
            if step % 10 == 0:
                copy = copied(state)
                assert json.dumps(copy) == json.dumps(state)
                assert not set(_containers(copy, [])) & set(_containers(state, []))
            before, old = json.dumps(state), state
            state, _ = random_step(state, rng)
            assert json.dumps(old) == before  # the command played on a copy
