"""One client over HTTP on several checkouts at once, each move sent to every one in turn.

On a machine shared with other work, runs one after the other differ by more than a change
does (docs/scaling.md, "One client over HTTP: where a move's wall time goes"). Here every
checkout's production stack (bench/stack.py, each with its own database and redis-server)
runs at the same time; one client plays the same recorded games on each, sending each move to
every stack in turn (the order reversed every other move), so that each move meets the same
load on every side. Printed: each side's p50/p95/mean, and the median and mean of the per-move
differences to the first side, and each side's CPU a move (its stack's, its PostgreSQL
backends') over the same minutes.

    DATABASE_URL=postgres://... python -m bench.side_by_side before=../base after=. --games 2
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from contextlib import ExitStack
from pathlib import Path

from bench.http_load import (
    STACK_ENV,
    Client,
    check,
    corpus_games,
    create_game,
    load_average,
    percentile,
    register,
)
from bench.stack import production_stack


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("sides", nargs="+", help="NAME=CHECKOUT, the first is the reference")
    parser.add_argument("--games", type=int, default=2, help="recorded games, played whole")
    parser.add_argument(
        "--settle", type=float, default=20, help="seconds between the stacks' start and the moves"
    )
    args = parser.parse_args()
    sides = [tuple(side.split("=", 1)) for side in args.sides]
    with ExitStack() as context:
        stacks = {
            name: context.enter_context(
                production_stack(
                    os.environ["DATABASE_URL"],
                    extra_env=dict(STACK_ENV),
                    root=Path(path).resolve(),
                    database=f"tm_perf_side_{name}_{os.getpid()}",
                )
            )
            for name, path in sides
        }
        # A stack's processes spend their first seconds importing and connecting (more CPU a
        # second than a move's); the last one started would carry more of it into the moves.
        time.sleep(args.settle)
        print(f"started {time.strftime('%H:%M:%S', time.gmtime())} UTC, load {load_average()}")
        latencies: dict[str, list[float]] = {name: [] for name in stacks}
        # CPU seconds of each stack (web workers, Celery worker, beat) and of its PostgreSQL
        # backends while the moves were played, the same minutes for every side.
        cpu = {name: [0.0, 0.0] for name in stacks}
        order = list(stacks)
        for number, record in enumerate(corpus_games()[1 : 1 + args.games]):
            names = [f"side{number}_{i}" for i in range(4)]
            games = {}
            for name, stack in stacks.items():
                tokens = register(stack.base, names)
                game = create_game(stack.base, record, names, tokens)
                games[name] = (game, tokens, {n: Client(stack.base, tokens[n]) for n in names})
            before = {n: (st.cpu_seconds(), st.database_cpu_seconds()) for n, st in stacks.items()}
            for index, (player, command) in enumerate(games[order[0]][0].moves):
                for name in order if index % 2 == 0 else order[::-1]:
                    game, _, clients = games[name]
                    started = time.perf_counter()
                    status, body = clients[player].call(
                        "POST",
                        f"{game.url}/moves/",
                        {"command": command, "expected_move_number": index},
                    )
                    latencies[name].append((time.perf_counter() - started) * 1000)
                    if status != 201:
                        raise SystemExit(f"{name}: move {index + 1} {command!r}: {status} {body}")
            for name, stack in stacks.items():
                cpu[name][0] += stack.cpu_seconds() - before[name][0]
                cpu[name][1] += stack.database_cpu_seconds() - before[name][1]
            for name, (game, tokens, _) in games.items():
                if not check(stacks[name].base, game, tokens):
                    raise SystemExit(f"{name}: {record['game_id']} did not end as recorded")
        print(f"ended {time.strftime('%H:%M:%S', time.gmtime())} UTC, load {load_average()}")
        reference = latencies[order[0]]
        for name, values in latencies.items():
            differences = [a - b for a, b in zip(values, reference, strict=True)]
            print(
                f"  {name}: {len(values)} moves, p50 {percentile(values, 50):.2f} ms, "
                f"p95 {percentile(values, 95):.2f} ms, mean {statistics.mean(values):.2f} ms; "
                f"against {order[0]} move by move: median {statistics.median(differences):+.2f} "
                f"ms, mean {statistics.mean(differences):+.2f} ms; CPU a move: stack "
                f"{cpu[name][0] * 1000 / len(values):.2f} ms, PostgreSQL "
                f"{cpu[name][1] * 1000 / len(values):.2f} ms"
            )


if __name__ == "__main__":
    main()
