"""What the levels share: a work budget that keeps a bot deterministic, and greedy lookahead lines.

A bot's time budget becomes a number of work units (one engine step each, a list of legal
commands counting several) at a rate a single core reaches easily, so the same seed and position
give the same command on any machine that is not overloaded; CPU time is also watched, and
on a machine slower than the rate a search stops at its budget instead (then the command may
depend on the load).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
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


def best_by(scored: Sequence[tuple[float, str]], rng: random.Random) -> str:
    """The best-scoring command; among equal scores one at random (from the bot's seed)."""
    top = max(score for score, _ in scored)
    return rng.choice([command for score, command in scored if score >= top - 1e-9])


@dataclass
class Line(Generic[S]):
    """A candidate played on: the position after its command and after each further step of
    the simulated players (every seat greedy on the evaluation), with its value at each."""

    command: str
    prior: float
    state: S
    values: list[float]
    ended: bool = False  # the line cannot go on (the game is over, or nobody decides)


def deepen(
    lines: Sequence[Line],
    step: Callable[[S], S | None],
    value: Callable[[S], float],
    budget: Budget,
    depth: int,
) -> int:
    """Play every line on one step at a time, level by level, up to ``depth`` steps; the depth
    every line has reached when the budget runs out (0: only the candidates' own commands)."""
    reached = min(len(line.values) for line in lines) - 1
    for level in range(reached + 1, depth + 1):
        for line in lines:
            if len(line.values) > level:
                continue
            if budget.exhausted():
                return level - 1
            if not line.ended:
                following = step(line.state)
                if following is None:
                    line.ended = True
                else:
                    line.state = following
            line.values.append(value(line.state) if not line.ended else line.values[-1])
        reached = level
    return reached


def best_line(lines: Sequence[Line], level: int) -> str:
    """The line worth most at ``level`` steps (each line has reached it); the prior breaks ties."""
    return max(lines, key=lambda line: (line.values[level], line.prior)).command
