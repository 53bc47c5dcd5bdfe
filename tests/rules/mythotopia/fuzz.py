"""Random legal games of Mythotopia at any scale: no stuck game, every listed command accepted,
the invariants kept, and the final scores recomputed independently of ``scoring.py``.

``run_fuzz(games, seed)`` plays ``games`` games (spread over 2, 3 and 4 players; three and four
players alternate with and without the start choice; the Citadel card comes with the drawn VP
cards, in about four games of ten) and returns the counts as a dict. From the command line:

    python -m tests.rules.mythotopia.fuzz --games 6000 --seed 0

The property test (``test_fuzz.py``) runs a few games in the test suite, and many with
``MYTHOTOPIA_FUZZ_GAMES`` set.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import django

# The platform's contract (the kind) translates its texts: outside pytest it needs settings.
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tm_site.settings.test")
django.setup()

from games.kinds.contract import RuleViolation  # noqa: E402
from games.kinds.mythotopia import Mythotopia  # noqa: E402
from games.rules import mythotopia  # noqa: E402
from games.rules.mythotopia.playout import random_step  # noqa: E402

from ..findings import Finding  # noqa: E402
from .playouts import check_invariants  # noqa: E402

# A random player can take a long time to empty a fourth VP card (3 two-player games of 6,000
# needed 9,312 to 11,887 actions: ships recalled about as often as sent out to the fourth sea);
# a game still running after this many actions is reported as unfinished.
MAX_ACTIONS = 20000
# Every listed command of every waiting seat is applied through the platform's contract at
# this interval of actions (and at every secret setup choice); the check is the costly part.
LEGAL_EVERY = 25
KIND = Mythotopia()
# What a controlled province is, from the seed: "Du kontrollierst ein Gebiet, wenn du dort
# entweder ein Dorf oder eine Stadt oder eine Zitadelle besitzt."
CONTROLLING = ("village", "city", "citadel")
VP_PER_PROVINCE = 3  # "Jedes Gebiet unter deiner Kontrolle bringt dir 3 Siegpunkte."


@dataclass
class Game:
    players: int
    seed: str
    options: tuple[str, ...]
    state: dict[str, Any] = field(default_factory=dict)
    actions: int = 0
    commands_checked: int = 0
    last: tuple[int, str] | None = None  # the seat and command of the last move


def family(index: int) -> tuple[int, tuple[str, ...]]:
    """The player count and options of the ``index``-th game."""
    players = (2, 3, 4)[index % 3]
    choice = players >= 3 and (index // 3) % 2 == 1
    return players, ("start-choice",) if choice else ()


def new_game(players: int, seed: str, options: tuple[str, ...]) -> Game:
    setup = mythotopia.make_setup([f"p{i}" for i in range(players)], seed, list(options))
    return Game(players, seed, options, mythotopia.new_state(setup))


def waiting_seats(state: dict[str, Any]) -> list[int]:
    return [w["seat"] for w in KIND.waiting_for(state)]


def check_waiting(game: Game) -> None:
    """The game waits for someone, the seat to act among them. That the acting seat has a
    legal command is proved by the random player, which plays only an accepted one; the other
    seats waited for (secret setup choices) are checked with their listed commands."""
    waiting = waiting_seats(game.state)
    if mythotopia.acting_seat(game.state) not in waiting:
        raise Finding("stuck", f"the game waits for {waiting}, not the seat to act")


def check_listed(game: Game) -> None:
    """Each waiting seat's listed commands are accepted through the platform's contract and
    keep the invariants; every other seat is offered nothing."""
    state = game.state
    waiting = waiting_seats(state)
    for seat in range(1, game.players + 1):
        listed = KIND.legal_commands(state, seat)
        if seat not in waiting:
            if listed:
                raise Finding("refused", f"seat {seat} not waited for is offered {listed[:3]}")
            continue
        if not listed:
            raise Finding("stuck", f"seat {seat} is waited for and offered nothing")
        for command in listed:
            try:
                after, rows = KIND.apply_for_seat(state, seat, command)
            except RuleViolation as exc:
                raise Finding("refused", f"seat {seat}: listed {command!r} refused: {exc}") from exc
            invariants(after, f"after listed {command!r}")
            if rows[0]["command"] != command:
                raise Finding("refused", f"{command!r} written as {rows[0]['command']!r}")
            game.commands_checked += 1


def invariants(state: dict[str, Any], where: str) -> None:
    try:
        check_invariants(state)
    except AssertionError as exc:
        raise Finding("invariant", f"{where}: {exc}") from exc


def province_count(state: dict[str, Any], seat: int) -> int:
    return sum(
        1
        for where in state["provinces"].values()
        if where["owner"] == seat and where["building"] in CONTROLLING
    )


def independent_scores(state: dict[str, Any]) -> dict[int, int]:
    """Final VP from the final state alone, from the seed: 3 per controlled province, plus the
    VP tokens taken ("Hast du ein SP-Plättchen erhalten, so kannst du dies unter keinen
    Umständen wieder verlieren")."""
    return {
        seat: VP_PER_PROVINCE * province_count(state, seat)
        + sum(int(token["value"]) for token in state["seats"][str(seat)]["tokens"])
        for seat in range(1, len(state["players"]) + 1)
    }


def independent_ranks(scores: dict[int, int], winner: int) -> dict[int, int]:
    """The player who ends the game wins; the others follow by VP, equal VP sharing a rank."""
    order = sorted(scores, key=lambda s: (s == winner, scores[s]), reverse=True)
    ranks: dict[int, int] = {}
    for index, seat in enumerate(order):
        previous = order[index - 1] if index else None
        same = previous is not None and previous != winner and scores[previous] == scores[seat]
        ranks[seat] = ranks[previous] if same and previous is not None else index + 1
    return ranks


def check_end(game: Game) -> None:
    """The end as the seed has it, and the engine's result equal to the recomputation."""
    state = game.state
    if not state["finished"]:
        raise Finding("unfinished", f"no end after {game.actions} actions")
    if state.get("start_choices") is not None or state.get("citadel_choices") is not None:
        raise Finding("score", "finished during a setup choice")
    if game.last is None or game.last[1] != "end game" or state["winner"] != game.last[0]:
        raise Finding("score", f"the winner {state['winner']} did not take End the Game")
    # "wenn auf mindestens 4 Siegpunktkarten keine Plättchen mehr liegen"
    empty = sum(1 for tokens in state["vp_cards"].values() if not tokens)
    if empty < 4:
        raise Finding("score", f"the game ended with {empty} empty VP cards")
    # Every war is resolved before the end is checked.
    for name, where in state["provinces"].items():
        if any(int(s) != where["owner"] for s in where["armies"]):
            raise Finding("score", f"a war is left in {name}")
    scores = independent_scores(state)
    winner = int(state["winner"])
    if any(scores[s] >= scores[winner] for s in scores if s != winner):
        raise Finding("score", f"the winner is not strictly ahead: {scores}")
    ranks = independent_ranks(scores, winner)
    for row in KIND.result(state):
        seat = row["seat"]
        if row["score"] != scores[seat] or row["rank"] != ranks[seat]:
            raise Finding(
                "score",
                f"seat {seat}: engine {row['score']} VP rank {row['rank']}, "
                f"recomputed {scores[seat]} VP rank {ranks[seat]}",
            )
        if sum(row["breakdown"].values()) != scores[seat]:
            raise Finding("score", f"seat {seat}: the breakdown does not add up")


def play_game(game: Game, rng: random.Random, legal_every: int = LEGAL_EVERY) -> Game:
    """Plays ``game`` to its end at random, checking every property; raises ``Finding``."""
    invariants(game.state, "setup")
    while not game.state["finished"]:
        if game.actions >= MAX_ACTIONS:
            break
        check_waiting(game)
        choosing = bool(mythotopia.choosers(game.state))
        if choosing or game.actions % legal_every == 0:
            check_listed(game)
        seat = mythotopia.acting_seat(game.state)
        try:
            game.state, command = random_step(game.state, rng)
        except AssertionError as exc:
            raise Finding("stuck", f"seat {seat}: {exc}") from exc
        game.last = (seat, command)
        game.actions += 1
        invariants(game.state, f"after {command!r}")
    check_end(game)
    return game


def run_fuzz(
    games: int, seed: int, legal_every: int = LEGAL_EVERY, progress: bool = False
) -> dict[str, Any]:
    """Plays ``games`` random games (from ``seed``) and counts what broke.

    Returns ``games``, ``by_players`` (games, with the start choice, with citadels, actions
    per player count), ``stuck``, ``refused``, ``invariant``, ``score``, ``unfinished``,
    ``commands_checked``, ``seconds`` and ``failures`` (the first 20, each with the game's
    player count, seed, options and the message: enough to replay it). ``progress`` prints a
    line to stderr every 100 games."""
    started = time.monotonic()
    counts: Counter[str] = Counter()
    by_players: dict[int, Counter[str]] = {n: Counter() for n in (2, 3, 4)}
    failures: list[dict[str, Any]] = []
    checked = 0
    for index in range(games):
        players, options = family(index)
        game = new_game(players, f"fuzz-{seed}-{index}", options)
        tally = by_players[players]
        tally["games"] += 1
        tally["start_choice"] += bool(options)
        tally["citadels"] += "citadel" in game.state["vp_cards"]
        try:
            play_game(game, random.Random(f"{seed}:{index}"), legal_every)
        except Finding as finding:
            counts[finding.kind] += 1
            tally[finding.kind] += 1
            if len(failures) < 20:
                failures.append(
                    {
                        "players": players,
                        "seed": game.seed,
                        "options": list(options),
                        "rng": f"{seed}:{index}",
                        "actions": game.actions,
                        "kind": finding.kind,
                        "message": str(finding),
                    }
                )
        tally["actions"] += game.actions
        checked += game.commands_checked
        if progress and (index + 1) % 100 == 0:
            print(f"{index + 1} games, findings {dict(counts)}", file=sys.stderr, flush=True)
    return {
        "games": games,
        "seed": seed,
        "by_players": {n: dict(c) for n, c in by_players.items()},
        **{k: counts[k] for k in ("stuck", "refused", "invariant", "score", "unfinished")},
        "commands_checked": checked,
        "seconds": round(time.monotonic() - started, 1),
        "failures": failures,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--legal-every", type=int, default=LEGAL_EVERY)
    args = parser.parse_args()
    report = run_fuzz(args.games, args.seed, args.legal_every, progress=True)
    print(json.dumps(report, indent=2))
    broken = sum(report[k] for k in ("stuck", "refused", "invariant", "score", "unfinished"))
    raise SystemExit(1 if broken else 0)


if __name__ == "__main__":
    main()
