"""The bot arena: the search level against the random and the heuristic level, per game kind.

    .venv/bin/python bench/bot_arena.py --kind terra_mystica --games 100 --opponent heuristic

Two-player games; the search bot's seat rotates from game to game. A win is the best rank
(a shared best rank counts as the share); the report gives the win rate with its 95% Wilson
interval and the median and 95th percentile of each level's think time (CPU seconds of one
core per decision). Budgets are shorter than live ones by default (``--search-budget``): the
arena plays hundreds of games on a shared machine (docs/bots.md).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tm_site.settings.test")

# Decisions after which a game stops unfinished and ranks as it stands (the kind's result: VP):
# a safeguard only, both kinds' games end well before it.
MAX_DECISIONS = {"terra_mystica": 4000, "mythotopia": 1500}
# Search budgets in the arena (seconds of one core per decision; live games use 2 s): short, so
# that the 400 games of a run fit in a couple of hours of one core of a shared two-core machine.
# Mythotopia against the random level gets a quarter: the search bot alone empties the VP
# cards that end the game, so those games take three times as many decisions. Mythotopia
# against the heuristic level gets 0.2 s (a tenth of the live budget): its lines of four
# actions over five candidates need about 1200 work units, which 0.1 s does not give.
ARENA_SEARCH_BUDGET = {
    ("terra_mystica", "random"): 0.1,
    ("terra_mystica", "heuristic"): 0.1,
    ("mythotopia", "random"): 0.05,
    ("mythotopia", "heuristic"): 0.2,
}


def engines() -> dict:
    import django

    django.setup()  # the kinds' adapters mark their texts for translation
    from games.kinds.mythotopia import Mythotopia
    from games.kinds.terra_mystica.adapter import TerraMystica

    return {"terra_mystica": TerraMystica(), "mythotopia": Mythotopia()}


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = p + z * z / (2 * n)
    spread = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return ((centre - spread) / (1 + z * z / n), (centre + spread) / (1 + z * z / n))


def play(args: tuple[str, int, str, float, float, int]) -> dict:
    """One game: the search level in seat ``game % players + 1``, the opponent level elsewhere."""
    kind, game, opponent, search_budget, heuristic_budget, players = args
    from games.rules.bots import choose_command

    engine = engines()[kind]
    names = [f"bot{i}" for i in range(1, players + 1)]
    setup = engine.setup(players=names, options=[], seed=f"arena-{game}", requested=None)
    state = engine.new_state(setup)
    searcher = game % players + 1
    levels = {s: ("search" if s == searcher else opponent) for s in range(1, players + 1)}
    budgets = {"search": search_budget, "heuristic": heuristic_budget, "random": 0.0}
    times: dict[str, list[float]] = {"search": [], opponent: []}
    decisions = 0
    while not engine.is_finished(state) and decisions < MAX_DECISIONS[kind]:
        seat = engine.waiting_for(state)[0]["seat"]
        level = levels[seat]
        started = time.thread_time()
        command = choose_command(
            kind, engine, state, seat, level, game * 100_003 + decisions, budgets[level]
        )
        times[level].append(time.thread_time() - started)
        state, _ = engine.apply_for_seat(state, seat, command)
        decisions += 1
    result = engine.result(state)
    best = min(row["rank"] for row in result)
    winners = [row["seat"] for row in result if row["rank"] == best]
    return {
        "win": (1 / len(winners)) if searcher in winners else 0.0,
        "budget": search_budget,
        "finished": engine.is_finished(state),
        "decisions": decisions,
        "times": times,
        "scores": {levels[row["seat"]]: row["score"] for row in result},
    }


def percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def arena(
    kind: str,
    games: int,
    opponent: str,
    search_budget: float,
    heuristic_budget: float,
    jobs: int,
    players: int = 2,
    log: str = "",
) -> dict:
    work = [(kind, g, opponent, search_budget, heuristic_budget, players) for g in range(games)]
    started = time.monotonic()
    results = []
    pool = ProcessPoolExecutor(jobs) if jobs > 1 else None
    for result in pool.map(play, work) if pool else map(play, work):
        results.append(result)
        if log:  # one line per game, so a run cut short still counts what it played
            with open(log, "a") as out:
                out.write(json.dumps({"kind": kind, "opponent": opponent, **result}) + "\n")
    if pool:
        pool.shutdown()
    return summary(kind, opponent, results, time.monotonic() - started)


def _budget(results: list[dict]) -> str:
    return ", ".join(sorted({str(r["budget"]) for r in results if "budget" in r})) or "?"


def summary(kind: str, opponent: str, results: list[dict], wall_s: float) -> dict:
    games = len(results)
    wins = sum(r["win"] for r in results)
    low, high = wilson(wins, games)
    times: dict[str, list[float]] = {}
    for r in results:
        for level, spent in r["times"].items():
            times.setdefault(level, []).extend(spent)
    return {
        "kind": kind,
        "opponent": opponent,
        "games": games,
        "wins": wins,
        "rate": wins / games if games else 0.0,
        "ci": (low, high),
        "unfinished": sum(1 for r in results if not r["finished"]),
        "think": {
            level: (statistics.median(spent) if spent else 0.0, percentile(spent, 0.95))
            for level, spent in times.items()
        },
        "wall_s": wall_s,
        "budget": _budget(results),
    }


def report(row: dict) -> str:
    low, high = row["ci"]
    think = "; ".join(
        f"{level} think median {m * 1000:.0f} ms, p95 {p * 1000:.0f} ms"
        for level, (m, p) in sorted(row["think"].items())
    )
    return (
        f"{row['kind']} (search budget {row['budget']} s): search vs {row['opponent']}: {row['wins']:g}/{row['games']} won "
        f"= {100 * row['rate']:.1f}% (95% CI {100 * low:.1f}-{100 * high:.1f}%), "
        f"{row['unfinished']} unfinished; {think}; {row['wall_s']:.0f} s"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--kind", action="append", choices=["terra_mystica", "mythotopia"])
    parser.add_argument("--opponent", action="append", choices=["random", "heuristic"])
    parser.add_argument("--games", type=int, default=int(os.environ.get("ARENA_GAMES", 100)))
    parser.add_argument("--search-budget", type=float, default=None)
    parser.add_argument("--heuristic-budget", type=float, default=0.2)
    parser.add_argument("--jobs", type=int, default=int(os.environ.get("ARENA_JOBS", 1)))
    parser.add_argument("--log", default="", help="append one JSON line per game to this file")
    parser.add_argument("--summary", default="", help="only report the games of this log file")
    args = parser.parse_args()
    if args.summary:
        with open(args.summary) as lines:
            rows = [json.loads(line) for line in lines if line.strip()]
        for kind, opponent in sorted({(r["kind"], r["opponent"]) for r in rows}):
            mine = [r for r in rows if (r["kind"], r["opponent"]) == (kind, opponent)]
            print(report(summary(kind, opponent, mine, 0.0)))
        return
    print(f"Machine: {os.cpu_count()} cores, load {os.getloadavg()[0]:.1f}")
    for kind in args.kind or ["terra_mystica", "mythotopia"]:
        for opponent in args.opponent or ["random", "heuristic"]:
            row = arena(
                kind,
                args.games,
                opponent,
                args.search_budget or ARENA_SEARCH_BUDGET[kind, opponent],
                args.heuristic_budget,
                args.jobs,
                log=args.log,
            )
            print(report(row), flush=True)


if __name__ == "__main__":
    main()
