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

from .search import Budget, Line, best_by, best_line, deepen

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
WIDEN_TO = 16  # candidates searched at most when the budget allows
WIDEN_STEP = 2  # candidates added at a time


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


def _free(command: str) -> bool:
    """A row of conversions and burns only: the turn goes on. Searched, it would win on the
    horizon alone (the opponents' next moves fall beyond the simulation), so the search
    leaves them to the one-ply evaluation."""
    return all(part.strip().split(" ")[0] in ("convert", "burn") for part in command.split("."))


def _judged(before: GameState, seat: int, command: str, after: GameState) -> float:
    """The evaluation of a command for the search: a pass is not credited with what its
    bonus tile pays on passing (VP, the coins on the tile taken), which a later pass earns
    just as well, so that the search passes when no action is worth more, not as soon as the
    pass pays best."""
    value = relative(after, seat)
    if command.split(" ", 1)[0] != "pass":
        return value
    old, new = faction_of(before, seat), faction_of(after, seat)
    if old is None or new is None or after.finished or after.round != before.round:
        return value  # the pass ended the round: its VP include the round's end
    mid = min(1.0, incomes_left(before) / 3)
    coin = mid * MID_RATES["c"] + (1 - mid) * FINAL_RATES["c"]
    return value - (new.vp - old.vp) - max(0, new.c - old.c) * coin


def _greedy_line_step(state: GameState, seat: int, budget: Budget) -> GameState | None:
    """The next decision of the game, made greedily on the evaluation by whoever decides it."""
    decisions = tm.waiting_for(state)
    if not decisions:
        return None
    decision = decisions[0]
    if faction_of(state, decision.seat) is None:
        return None  # a faction still to choose: beyond what the evaluation judges
    budget.spend(LEGAL_UNITS)
    best: tuple[float, GameState] | None = None
    for command in tm.legal_commands(state, decision.actor):
        after = _after(state, decision.actor, command)
        budget.spend()
        if after is None:
            continue
        value = _judged(state, decision.seat, command, after)
        if best is None or value > best[0]:
            best = (value, after)
    return None if best is None else best[1]


def search(
    state: GameState, seat: int, legal: list[str], rng: random.Random, seconds: float
) -> str:
    """Lookahead over the best candidates one ply ahead: each is played on, one decision at a
    time and every seat greedy on the evaluation, until every seat has answered and the bot
    has decided again (deepening level by level while the budget lasts); the candidate whose
    line ends best wins. Budget left over widens the search to the next candidates."""
    if len(legal) == 1 or faction_of(state, seat) is None:
        return rng.choice(legal)
    budget = Budget.of(seconds, UNITS_PER_SECOND)
    actor = tm.actor_for_seat(state, seat)
    scored = []
    for command in legal:
        after = _after(state, actor, command)
        budget.spend()
        scored.append((_judged(state, seat, command, after) if after else -1e9, command))
    scored.sort(key=lambda pair: -pair[0])
    if _free(scored[0][1]):
        return best_by(scored, rng)  # a conversion worth making: no need to look further
    candidates = [(prior, command) for prior, command in scored if not _free(command)]
    depth = 2 * len(state.factions)

    def line(prior: float, command: str) -> Line[GameState] | None:
        after = _after(state, actor, command)
        return None if after is None else Line(command, prior, after, [prior])

    def step(current: GameState) -> GameState | None:
        return None if current.finished else _greedy_line_step(current, seat, budget)

    def value(current: GameState) -> float:
        return relative(current, seat)

    # Only candidates close to the best one ply ahead first: a clearly worse move (an
    # Alchemists' VP sold for a coin) rarely wins on a greedy line.
    first = [c for c in candidates if c[0] >= scored[0][0] - PRIOR_MARGIN][:TOP_CANDIDATES]
    lines = [x for x in (line(*c) for c in first) if x is not None]
    if len(lines) <= 1 or budget.exhausted():
        return best_by(scored, rng)
    reached = deepen(lines, step, value, budget, depth)
    if reached == 0:
        return best_by(scored, rng)
    # Progressive widening: the next candidates, in the order of their prior, a few at a
    # time, each kept only if its line reaches the same depth within the budget.
    rest = candidates[len(first) :][: WIDEN_TO - len(first)]
    while rest and not budget.exhausted():
        batch, rest = rest[:WIDEN_STEP], rest[WIDEN_STEP:]
        more = [x for x in (line(*c) for c in batch) if x is not None]
        if more and deepen(more, step, value, budget, reached) >= reached:
            lines += more
    return best_line(lines, reached)


def choose(
    level: str, state: Any, seat: int, legal: list[str], rng: random.Random, seconds: float
) -> str:
    if level == "heuristic":
        return heuristic(state, seat, legal, rng)
    return search(state, seat, legal, rng, seconds)
