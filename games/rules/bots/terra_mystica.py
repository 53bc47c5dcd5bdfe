"""Terra Mystica bots: everything is public, so they work on the real state (copied per move).

The evaluation counts a faction's position in victory points: its VP, its resources at rates
that fall to the final conversion (3 of anything for 1 VP) as the game nears its end, the
income its buildings will still bring, shipping and digging, cult steps and the majorities
they would score now. A position is judged relative to the strongest opponent.
"""

from __future__ import annotations

import random
from typing import Any

from games.rules import terra_mystica as tm
from games.rules.terra_mystica import FactionState, GameState
from games.rules.terra_mystica.context import Game
from games.rules.terra_mystica.income import income_parts

from .search import Arm, Budget, best_by, flat_monte_carlo

ROUNDS = 6
# VP per unit in the middle of the game; after round 6 only the final conversion counts
# (3 coins, workers or priests, or power in bowl III, for 1 VP).
MID_RATES = {"c": 0.3, "w": 0.45, "p": 0.7, "p3": 0.3, "p2": 0.12, "p1": 0.03}
FINAL_RATES = {"c": 1 / 3, "w": 1 / 3, "p": 1 / 3, "p3": 1 / 3, "p2": 0.0, "p1": 0.0}
# An income's units: power moves tokens between bowls, worth less than power in bowl III.
INCOME_RATES = {"C": 0.3, "W": 0.45, "P": 0.7, "PW": 0.1, "VP": 1.0}
INCOME_WEIGHT = 1.0  # each income still to come counts in full
# What a building is worth beyond its income: network, towns, what it opens.
STANDING = {"D": 2.0, "TP": 3.0, "TE": 4.0, "SH": 6.0, "SA": 6.0}
CULT_MAJORITY = (8.0, 4.0, 2.0)
# Work units per second of one core: an engine step (apply and evaluate) is one unit; a
# list of the legal commands costs LEGAL_UNITS.
UNITS_PER_SECOND = 4000.0
LEGAL_UNITS = 12.0
TOP_CANDIDATES = 6
PRIOR_MARGIN = 2.0  # VP: how far below the best one-ply value a candidate may be searched
EPSILON = 0.15  # how often a rollout player plays a random legal command instead of its best


def faction_of(state: GameState, seat: int) -> FactionState | None:
    return next((f for f in state.factions.values() if f.seat == seat), None)


def incomes_left(state: GameState) -> int:
    """Income phases still to come: one before each round after the current one (and round
    1's while the setup is on)."""
    if state.finished:
        return 0
    return max(0, ROUNDS - state.round)


def evaluate(state: GameState, f: FactionState) -> float:
    left = incomes_left(state)
    mid = min(1.0, left / 3)
    value = float(f.vp)
    if state.finished:
        return value
    for key, rate in MID_RATES.items():
        value += getattr(f, key) * (mid * rate + (1 - mid) * FINAL_RATES[key])
    if left and state.round < ROUNDS:
        # Buildings and favor tiles pay every round left; a bonus tile and the cult bonus once.
        parts = income_parts(Game(state), f)
        for key, rounds in (("buildings", left), ("favors", left), ("bonus", 1), ("scoring", 1)):
            if key == "scoring" and state.round == 0:
                continue
            units = parts.get(key, {})
            worth = sum(n * INCOME_RATES.get(unit, 0.0) for unit, n in units.items())
            value += INCOME_WEIGHT * rounds * worth
    for kind, count in f.buildings.items():
        value += count * STANDING.get(kind, 0.0)
    value += (f.ship + f.dig) * (1.0 + 0.6 * left)
    value += 0.5 * len(f.favors) + 1.5 * f.keys
    value += 0.3 * sum(f.cult)
    value += _cult_majorities(state, f)
    return value


def _cult_majorities(state: GameState, f: FactionState) -> float:
    """The cult majorities as they stand, discounted by how much can still change."""
    share = 0.5 + 0.5 * (1 - incomes_left(state) / ROUNDS)
    others = [g for g in state.factions.values() if g is not f and not g.dropped]
    total = 0.0
    for track, steps in enumerate(f.cult):
        if steps == 0:
            continue
        above = sum(1 for g in others if g.cult[track] > steps)
        equal = sum(1 for g in others if g.cult[track] == steps)
        places = CULT_MAJORITY[above : above + equal + 1]
        total += sum(places) / (equal + 1)
    return share * total


def relative(state: GameState, seat: int) -> float:
    """The seat's evaluation minus the strongest opponent's (0 before it has a faction).

    In the last round the final scoring as if the game ended now is the evaluation (cult
    majorities, networks, resources converted), so that ending the game is judged by the
    same measure as playing on."""
    mine = faction_of(state, seat)
    if mine is None:
        return 0.0
    if state.round >= ROUNDS and not state.finished:
        totals = {
            name: float(row["total"]) for name, row in tm.projected_final_scores(state).items()
        }
        values = {name: totals[name] for name in state.factions}
    else:
        values = {name: evaluate(state, f) for name, f in state.factions.items()}
    others = [v for name, v in values.items() if name != mine.name]
    return values[mine.name] - (max(others) if others else 0.0)


def _after(state: GameState, actor: str, command: str) -> GameState | None:
    try:
        return tm.apply_player_logged(state, actor, command)[0]
    except tm.RuleError:
        return None


def _scored(state: GameState, seat: int, commands: list[str], budget: Budget | None):
    actor = tm.actor_for_seat(state, seat)
    scored: list[tuple[float, str]] = []
    for command in commands:
        after = _after(state, actor, command)
        if budget is not None:
            budget.spend()
        scored.append((relative(after, seat) if after is not None else -1e9, command))
    return scored


def heuristic(state: GameState, seat: int, legal: list[str], rng: random.Random) -> str:
    if len(legal) == 1 or faction_of(state, seat) is None:
        return rng.choice(legal)  # the faction choice: any faction (the evaluation is blind)
    return best_by(_scored(state, seat, legal, None), rng)


def _greedy_step(state: GameState, rng: random.Random, budget: Budget) -> GameState | None:
    decisions = tm.waiting_for(state)
    if not decisions:
        return None
    decision = decisions[0]
    actor, seat = decision.actor, decision.seat
    budget.spend(LEGAL_UNITS)
    if rng.random() < EPSILON or faction_of(state, seat) is None:
        row = tm.random_legal_command(state, actor, rng, pass_rate=0.1)
        return None if row is None else _after(state, actor, row)
    legal = tm.legal_commands(state, actor)
    if not legal:
        return None
    best: tuple[float, GameState] | None = None
    for command in legal:
        after = _after(state, actor, command)
        budget.spend()
        if after is None:
            continue
        value = relative(after, seat)
        if best is None or value > best[0]:
            best = (value, after)
    return None if best is None else best[1]


def _free(command: str) -> bool:
    """A row of conversions and burns only: the turn goes on. Searched, it would win on the
    horizon alone (the opponents' next moves fall beyond the simulation), so the search
    leaves them to the one-ply evaluation."""
    return all(part.strip().split(" ")[0] in ("convert", "burn") for part in command.split("."))


def search(
    state: GameState, seat: int, legal: list[str], rng: random.Random, seconds: float
) -> str:
    """Flat Monte Carlo over the best candidates one ply ahead: each simulation plays on with
    every seat greedy on the evaluation (now and then random) until the bot has had its next
    decision and the others have answered, then judges the position."""
    if len(legal) == 1 or faction_of(state, seat) is None:
        return rng.choice(legal)
    budget = Budget.of(seconds, UNITS_PER_SECOND)
    scored = _scored(state, seat, legal, budget)
    scored.sort(key=lambda pair: -pair[0])
    if _free(scored[0][1]):
        return best_by(scored, rng)  # a conversion worth making: no need to look further
    # Only candidates close to the best one ply ahead: rollouts are noisy, and a clearly
    # worse move (an Alchemists' VP sold for a coin) must not win on noise.
    arms: list[Arm] = [
        Arm(command, prior)
        for prior, command in scored
        if prior >= scored[0][0] - PRIOR_MARGIN and not _free(command)
    ][:TOP_CANDIDATES]
    if len(arms) <= 1 or budget.exhausted():
        return best_by(scored, rng)
    actor = tm.actor_for_seat(state, seat)
    horizon = 2 * len(state.factions) + 2

    def simulate(command: str, sim_rng: random.Random) -> float:
        current = _after(state, actor, command)
        if current is None:
            return -1e9
        for _ in range(horizon):
            if current.finished or budget.exhausted():
                break
            following = _greedy_step(current, sim_rng, budget)
            if following is None:
                break
            current = following
        return relative(current, seat)

    return flat_monte_carlo(arms, simulate, budget, rng, exploration=3.0)


def choose(
    level: str, state: Any, seat: int, legal: list[str], rng: random.Random, seconds: float
) -> str:
    if level == "heuristic":
        return heuristic(state, seat, legal, rng)
    return search(state, seat, legal, rng, seconds)
