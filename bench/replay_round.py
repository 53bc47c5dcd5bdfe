"""One round of the checked corpus replay, for instruction counts (docs/scaling.md).

    valgrind --tool=callgrind --toggle-collect=functools_reduce \\
        .venv/bin/python bench/replay_round.py

Only the round is counted: it runs inside ``functools.reduce`` (the only call of it), after a
whole warm-up round, with the parse caches emptied and a full collection just before it, so
that whether the collector's older generations run inside the round does not depend on what
the rounds before left. Every game must replay exactly; ``--games N`` takes the first N.
"""

from __future__ import annotations

import argparse
import functools
import gc
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from games.rules.terra_mystica.notation import forget_parsed_rows  # noqa: E402
from games.rules.terra_mystica.replay import replay_game  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=0, help="the first N games (0: all)")
    args = parser.parse_args()
    corpus = ROOT / "tests" / "fixtures" / "corpus"
    paths = sorted(p for p in corpus.glob("*/*.json") if p.name != "index.json")
    games = [json.loads(p.read_text()) for p in paths]
    if args.games:
        games = games[: args.games]

    def replay_all(exact: int, game: dict) -> int:
        return exact + replay_game(game).exact

    forget_parsed_rows()
    for game in games:  # a warm-up round, not counted
        replay_game(game)
    forget_parsed_rows()
    gc.collect()
    exact = functools.reduce(replay_all, games, 0)
    if exact != len(games):
        sys.exit(f"{len(games) - exact} of {len(games)} games did not replay exactly")
    print(f"{exact}/{len(games)} games exact")


if __name__ == "__main__":
    main()
