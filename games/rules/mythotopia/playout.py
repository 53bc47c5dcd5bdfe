"""A random player of Mythotopia: property tests, the API test and the benchmark play with it."""

from __future__ import annotations

import random
from typing import Any

from .deal import new_state
from .legal import accepted, acting_seat, candidates
from .state import make_setup

# A random player picks a kind of action first, favouring those that move the game towards its
# end (otherwise cheap actions such as discards crowd them out), then one of its commands at
# random; every command comes from the engine's candidates and is played only if accepted.
WEIGHTS = {"end game": 1000, "build": 60, "patronage": 60, "end war": 40, "attack": 25, "sail": 25}
OTHER_WEIGHT = 2
LOW = {"discard", "remove", "reserve", "pass"}
# Taking armies and ships back undoes progress (Master of the Sea needs ships in four seas at
# once): a random player that did so as often as it deployed could stall a game for good.
RARE = {"withdraw", "recall", "scribe"}
RARE_WEIGHT = 0.2


def kind_of(command: str) -> str:
    words = command.split()
    return " ".join(words[:2]) if words[0] == "end" else words[0]


def weight(kind: str) -> float:
    if kind in RARE:
        return RARE_WEIGHT
    return WEIGHTS.get(kind, 1 if kind in LOW else OTHER_WEIGHT)


def random_step(state: dict[str, Any], rng: random.Random) -> tuple[dict[str, Any], str]:
    seat = acting_seat(state)
    by_kind: dict[str, list[str]] = {}
    for command in candidates(state, seat):
        by_kind.setdefault(kind_of(command), []).append(command)
    while by_kind:
        kinds = sorted(by_kind)
        kind = rng.choices(kinds, [weight(k) for k in kinds])[0]
        # Within a kind, longer commands are favoured: a build paying the extra gold for a
        # Guilded City or Roadside Inns token, an attack sending more armies.
        options = by_kind[kind]
        command = rng.choices(options, [len(c.split()) ** 2 for c in options])[0]
        result = accepted(state, seat, command)
        if result is not None:
            return result[0], command
        by_kind[kind].remove(command)
        if not by_kind[kind]:
            del by_kind[kind]
    raise AssertionError("no candidate accepted: 'pass' is always legal")


def random_playout(players: int, seed: int, max_actions: int = 8000) -> tuple[dict[str, Any], int]:
    """A whole game played at random from ``seed``: the final state and the actions taken."""
    rng = random.Random(seed)
    state = new_state(make_setup([f"p{i}" for i in range(players)], str(seed), []))
    for step in range(max_actions):
        if state["finished"]:
            return state, step
        state, _ = random_step(state, rng)
    return state, max_actions
