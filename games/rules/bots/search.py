"""What the levels share: a work budget that keeps a bot deterministic, and flat Monte Carlo.

A bot's time budget becomes a number of work units (one engine step each, a list of legal
commands counting several) at a rate a single core reaches easily, so the same seed and position
give the same command on any machine that is not overloaded; CPU time is also watched, and
on a machine slower than the rate a search stops at its budget instead (then the command may
depend on the load).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Generic, TypeVar

S = TypeVar("S")


@dataclass
class Budget:
    units: float  # work units left
    deadline: float  # thread CPU time at which to stop anyway

    @classmethod
    def of(cls, seconds: float, units_per_second: float) -> Budget:
        # The CPU deadline leaves a margin for the work after the last unit (choosing, copying).
        return cls(seconds * units_per_second, time.thread_time() + 0.9 * seconds)

    def spend(self, units: float = 1.0) -> None:
        self.units -= units

    def exhausted(self) -> bool:
        return self.units <= 0 or time.thread_time() >= self.deadline


@dataclass
class Arm(Generic[S]):
    command: str
    prior: float  # the evaluation one ply ahead, to order the candidates and break ties
    total: float = 0.0
    visits: int = 0
    values: list[float] = field(default_factory=list)

    def mean(self) -> float:
        return self.total / self.visits if self.visits else -math.inf


def flat_monte_carlo(
    arms: Sequence[Arm],
    simulate: Callable[[str, random.Random], float],
    budget: Budget,
    rng: random.Random,
    exploration: float,
) -> str:
    """The command whose simulations score best on average, the candidates tried in UCB1 order
    (each once first, in the order of their prior); with no simulation at all, the best prior."""
    if not arms:
        raise ValueError("no candidate")
    plays = 0
    while not budget.exhausted():
        untried = [a for a in arms if not a.visits]
        if untried:
            arm = untried[0]
        else:
            log_plays = math.log(plays)
            arm = max(
                arms,
                key=lambda a: a.mean() + exploration * math.sqrt(log_plays / a.visits),
            )
        value = simulate(arm.command, rng)
        arm.total += value
        arm.visits += 1
        plays += 1
    tried = [a for a in arms if a.visits]
    if not tried:
        return max(arms, key=lambda a: a.prior).command
    # Mean first; the prior separates arms whose simulations tie (equal rollouts).
    return max(tried, key=lambda a: (a.mean(), a.prior)).command


def best_by(scored: Sequence[tuple[float, str]], rng: random.Random) -> str:
    """The best-scoring command; among equal scores one at random (from the bot's seed)."""
    top = max(score for score, _ in scored)
    return rng.choice([command for score, command in scored if score >= top - 1e-9])
