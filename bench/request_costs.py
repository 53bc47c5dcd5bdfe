"""What each kind of request costs the production stack, and what a game and a page cost to keep.

The inputs of the capacity plan in docs/scaling.md: for a game in the middle of play, each
request is sent ``repeat`` times one after the other (one client, keep-alive) and the stack's
CPU (web workers, Celery worker, beat), PostgreSQL's CPU and the latency are read per request;
then pages keep WebSockets open (the memory of the web workers and of Redis per open page), and
PostgreSQL says how many bytes a move and a game's snapshot take.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from urllib.parse import urlsplit

from bench.http_load import Client, create_game, percentile

Write = Callable[[str], None]


def play_first_moves(base: str, record: dict, tokens: dict[str, str], names: list[str], count: int):
    """A game of ``record`` with its first ``count`` moves played (the middle of round 2 at
    about 120); the game and the tokens' clients by username."""
    game = create_game(base, record, names, tokens)
    clients = {name: Client(base, tokens[name]) for name in names}
    for index, (name, command) in enumerate(game.moves[:count]):
        status, body = clients[name].call(
            "POST", f"{game.url}/moves/", {"command": command, "expected_move_number": index}
        )
        if status != 201:
            raise RuntimeError(f"move {index + 1} {command!r}: {status} {body}")
    return game, clients


def _timed(call: Callable[[], int], repeat: int, stack) -> dict:
    latencies, statuses = [], set()
    cpu0, db0 = stack.cpu_seconds(), stack.database_cpu_seconds()
    for _ in range(repeat):
        started = time.perf_counter()
        statuses.add(call())
        latencies.append(time.perf_counter() - started)
    return {
        "p50": percentile(latencies, 50) * 1000,
        "p95": percentile(latencies, 95) * 1000,
        "cpu": (stack.cpu_seconds() - cpu0) * 1000 / repeat,
        "db": (stack.database_cpu_seconds() - db0) * 1000 / repeat,
        "statuses": sorted(statuses),
    }


def read_costs(base: str, game, clients: dict[str, Client], stack, repeat: int) -> list[tuple]:
    """(label, figures) for the reads a player's page and an API client make."""
    player = clients[game.seats[0]]
    status, state = player.call("GET", f"{game.url}/state/")
    waiting = {d.get("seat") for d in state.get("waiting_for", [])} if status == 200 else set()
    on_turn = next(
        (clients[name] for position, name in enumerate(game.seats, 1) if position in waiting),
        player,
    )
    visitor = Client(base)
    page = f"/games/{game.url.rsplit('/', 1)[1]}/"
    reads = [
        ("game state, GET /state/ (a player)", player, f"{game.url}/state/"),
        ("legal moves, GET /legal/ (the player on turn)", on_turn, f"{game.url}/legal/"),
        ("game, GET /api/v1/games/{id}/", player, f"{game.url}/"),
        ("the last 50 moves, GET /moves/?after=70", player, f"{game.url}/moves/?after=70"),
        ("games list, GET /api/v1/games/", player, "/api/v1/games/"),
        ("game page, GET /games/{id}/ (a visitor)", visitor, page),
    ]
    return [(label, _timed(_get(client, path), repeat, stack)) for label, client, path in reads]


def _get(client: Client, path: str) -> Callable[[], int]:
    return lambda: client.call("GET", path)[0]


def socket_costs(base: str, game, stack, redis_url: str, sockets: int) -> dict:
    """Open ``sockets`` pages (WebSockets) on the game; memory of the web workers and Redis
    per open page, and how long the hello takes."""
    import redis
    from websockets.sync.client import connect
    from websockets.typing import Origin

    store = redis.Redis.from_url(redis_url)
    rss0, mem0 = stack.rss_bytes(), int(store.info("memory")["used_memory"])
    host = urlsplit(base).netloc
    game_id = game.url.rsplit("/", 1)[1]
    opened, hello = [], []
    try:
        for _ in range(sockets):
            started = time.perf_counter()
            socket = connect(
                f"ws://{host}/ws/games/{game_id}/",
                origin=Origin(f"http://{host}"),
                open_timeout=30.0,
            )
            socket.recv(timeout=30)  # the hello
            hello.append(time.perf_counter() - started)
            opened.append(socket)
        time.sleep(1.0)
        rss1, mem1 = stack.rss_bytes(), int(store.info("memory")["used_memory"])
    finally:
        for socket in opened:
            socket.close()
    return {
        "sockets": len(opened),
        "rss_kb": (rss1 - rss0) / 1024 / max(1, len(opened)),
        "redis_b": (mem1 - mem0) / max(1, len(opened)),
        "hello_p50": statistics.median(hello) * 1000 if hello else float("nan"),
    }


def storage(database_url: str) -> dict:
    """Bytes PostgreSQL keeps per move (the log only grows: table, indexes and TOAST over the
    rows) and per game's snapshot (its live row, compressed; each move's UPDATE leaves a dead
    version that vacuum reclaims)."""
    import psycopg

    with psycopg.connect(database_url) as conn:
        moves, move_bytes = conn.execute(
            "SELECT count(*), pg_total_relation_size('games_move') FROM games_move"
        ).fetchone() or (0, 0)
        snapshots, snapshot_bytes = conn.execute(
            "SELECT count(*), coalesce(avg(pg_column_size(s.*)), 0) FROM games_statesnapshot s"
        ).fetchone() or (0, 0)
    return {
        "moves": moves,
        "per_move": move_bytes / max(1, moves),
        "snapshots": snapshots,
        "per_snapshot": float(snapshot_bytes),
    }


def report(
    base: str,
    record: dict,
    tokens: dict[str, str],
    names: list[str],
    stack,
    write: Write,
    repeat: int = 100,
    sockets: int = 200,
) -> None:
    game, clients = play_first_moves(base, record, tokens, names, 120)
    write(
        f"  what each request costs, game {record['game_id']} after 120 moves, {repeat} requests "
        "of each one after the other (CPU: the stack's processes; PG: its PostgreSQL backends):"
    )
    write(
        "    request                                              p50 ms  p95 ms  CPU ms  PG ms  status"
    )
    for label, r in read_costs(base, game, clients, stack, repeat):
        write(
            f"    {label:<52} {r['p50']:6.1f}  {r['p95']:6.1f}  {r['cpu']:6.2f}  "
            f"{r['db']:5.2f}  {','.join(map(str, r['statuses']))}"
        )
    s = socket_costs(base, game, stack, stack.redis_url, sockets)
    write(
        f"  {s['sockets']} game pages open at once (WebSockets): {s['rss_kb']:.0f} kB of the web "
        f"workers' memory and {s['redis_b']:.0f} bytes of Redis's per page; connect and hello "
        f"p50 {s['hello_p50']:.1f} ms"
    )
    st = storage(stack.database_url)
    write(
        f"  PostgreSQL keeps {st['per_move']:.0f} bytes per move ({st['moves']} moves, with "
        f"indexes and TOAST) and {st['per_snapshot'] / 1024:.1f} kB per game's snapshot "
        f"(its live row, compressed; {st['snapshots']} games)"
    )
