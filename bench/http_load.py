"""Recorded games played through the REST API, as players would: one client, then N at once.

Each player is a thread with its own persistent HTTP connection and token. A game's moves are
sent in the corpus's order, each by the player whose faction made it (POST
/api/v1/games/{id}/moves/ with expected_move_number), so within a game one player acts at a
time, as on the site, while the games run side by side. At the end every game's state
(GET /state/) is compared with the corpus's final VP.

    python -m bench.http_load --url http://127.0.0.1:8000 --players 8,32
    python manage.py bench_http            # starts deploy/serve itself (bench/stack.py)

The site must accept many registrations and writes from one address: start it with
THROTTLE_REGISTER and THROTTLE_WRITES raised (bench_http does).
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import statistics
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

from bench.stack import machine_busy

CORPUS = Path(__file__).resolve().parents[1] / "tests" / "fixtures" / "corpus"
PASSWORD = "bench-pass-phrase-4711!"
# Limits the benchmark's stack runs with: every player comes from one address.
STACK_ENV = {"THROTTLE_REGISTER": "1000000/hour", "THROTTLE_WRITES": "1000000/min"}


def percentile(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def load_average() -> str:
    try:
        return " ".join(Path("/proc/loadavg").read_text().split()[:3])
    except OSError:
        return "unknown"


class Client:
    """One persistent HTTP/1.1 connection, reopened if the server closed it."""

    def __init__(self, base: str, token: str = "") -> None:
        parts = urlsplit(base)
        self.host, self.port = parts.hostname or "127.0.0.1", parts.port or 80
        self.token = token
        self.conn: http.client.HTTPConnection | None = None

    def call(self, method: str, path: str, body: dict | None = None) -> tuple[int, dict]:
        headers = {"Accept": "application/json"}
        if body is not None:
            headers["Content-Type"] = "application/json"
        if self.token:
            headers["Authorization"] = f"Token {self.token}"
        data = json.dumps(body).encode() if body is not None else None
        for attempt in (1, 2):
            if self.conn is None:
                self.conn = http.client.HTTPConnection(self.host, self.port, timeout=120)
            try:
                self.conn.request(method, path, data, headers)
                response = self.conn.getresponse()
                raw = response.read()
                break
            except (http.client.HTTPException, ConnectionError):
                self.conn.close()
                self.conn = None
                if attempt == 2:
                    raise
        try:
            payload = json.loads(raw) if raw else {}
        except ValueError:
            payload = {"body": raw[:200].decode(errors="replace")}
        return response.status, payload


def site_command(player_command: str) -> str:
    """A ledger row as the site takes it: without ``wait``, which terra.snellman.net recorded
    but which changes nothing, so the site refuses it (docs/api.md, "Playing"). "" when nothing
    is left."""
    subcommands = [s.strip() for s in player_command.split(".") if s.strip()]
    return ". ".join(s for s in subcommands if s.lower() != "wait")


def corpus_games() -> list[dict]:
    """4-player corpus games without a dropped player (a drop needs staff through the API)."""
    games = []
    for path in sorted(CORPUS.glob("*/*.json")):
        if path.name == "index.json":
            continue
        game = json.loads(path.read_text())
        if len(game["factions"]) == 4 and not game["dropped_factions"]:
            games.append(game)
    return games


def register(base: str, names: list[str], threads: int = 4) -> dict[str, str]:
    """Register the players (in ``threads`` parallel clients); username -> token."""
    tokens: dict[str, str] = {}
    errors: list[str] = []
    todo = list(names)
    lock = threading.Lock()

    def work() -> None:
        client = Client(base)
        while True:
            with lock:
                if not todo:
                    return
                name = todo.pop()
            status, body = client.call(
                "POST",
                "/api/v1/auth/register/",
                {"username": name, "password": PASSWORD, "email": f"{name}@example.invalid"},
            )
            if status != 201:
                errors.append(f"register {name}: {status} {body}")
                continue
            tokens[name] = body["token"]

    pool = [threading.Thread(target=work) for _ in range(threads)]
    for t in pool:
        t.start()
    for t in pool:
        t.join()
    if errors:
        raise RuntimeError("; ".join(errors[:5]))
    return tokens


@dataclass
class Game:
    record: dict
    url: str
    seats: list[str]  # our usernames in the corpus's seat order
    moves: list[tuple[str, str]]  # (username, command)
    rows: list[int]  # the corpus row of each move
    cursor: int = 0
    failed: str = ""
    latencies: list[float] = field(default_factory=list)
    cond: threading.Condition = field(default_factory=threading.Condition)


def create_game(base: str, record: dict, seats: list[str], tokens: dict[str, str]) -> Game:
    creator = Client(base, tokens[seats[0]])
    status, body = creator.call(
        "POST",
        "/api/v1/games/",
        {
            "player_count": 4,
            "options": record["options"],
            "name": f"bench {record['game_id']}",
            "setup": {
                "scoring_tiles": record["scoring_tiles"],
                "removed_bonus_tiles": record["removed_bonus_tiles"],
                "seat_order": seats,
            },
        },
    )
    if status != 201:
        raise RuntimeError(f"create game: {status} {body}")
    url = f"/api/v1/games/{body['id']}"
    for name in seats[1:]:
        status, body = Client(base, tokens[name]).call("POST", f"{url}/join/", {})
        if status not in (200, 201):
            raise RuntimeError(f"join: {status} {body}")
    by_player = dict(zip(record["players"], seats, strict=True))
    owner = {f: by_player[p] for f, p in record["faction_players"].items()}
    moves, rows = [], []
    for position, row in enumerate(record["rows"]):
        if row["kind"] != "command":
            continue
        if row["origin"] == "engine":
            if row["command"] == "setup":
                moves.append((owner[row["faction"]], f"setup {row['faction']}"))
                rows.append(position)
        elif command := site_command(row["player_command"]):
            moves.append((owner[row["faction"]], command))
            rows.append(position)
    return Game(record, url, seats, moves, rows)


def expected_vp(game: Game, played: int) -> dict[str, int]:
    """Each faction's VP in the corpus's ledger once ``played`` moves are in: the last row of
    each faction before the next player's move (income and scoring rows the engine writes by
    itself included); the final VP after the last move."""
    if played >= len(game.moves):
        return dict(game.record["final_vp"])
    vp: dict[str, int] = {}
    for row in game.record["rows"][: game.rows[played]]:
        if row["kind"] == "command":
            vp[row["faction"]] = row["after"]["VP"]
    return vp


def play(base: str, games: list[Game], tokens: dict[str, str], max_moves: int = 0) -> float:
    """Every player of every game in a thread of its own; returns the elapsed seconds."""
    players = [(game, name) for game in games for name in game.seats]
    barrier = threading.Barrier(len(players) + 1)

    def run(game: Game, name: str) -> None:
        client = Client(base, tokens[name])
        mine = [i for i, (who, _) in enumerate(game.moves) if who == name]
        if max_moves:
            mine = [i for i in mine if i < max_moves]
        barrier.wait()
        for index in mine:
            with game.cond:
                while game.cursor < index and not game.failed:
                    game.cond.wait()
                if game.failed:
                    return
            started = time.perf_counter()
            try:
                status, body = client.call(
                    "POST",
                    f"{game.url}/moves/",
                    {"command": game.moves[index][1], "expected_move_number": index},
                )
            except Exception as error:  # any failure is an error of the run
                status, body = 0, {"error": repr(error)}
            elapsed = time.perf_counter() - started
            with game.cond:
                if status == 201:
                    game.latencies.append(elapsed)
                    game.cursor = index + 1
                else:
                    game.failed = f"move {index + 1} {game.moves[index][1]!r}: {status} {body}"
                game.cond.notify_all()
            if status != 201:
                return

    threads = [threading.Thread(target=run, args=p, daemon=True) for p in players]
    for t in threads:
        t.start()
    barrier.wait()
    started = time.perf_counter()
    for t in threads:
        t.join()
    return time.perf_counter() - started


def send_times(
    games: int, rate: float, moves: int, schedule: str, seed: int = 1
) -> list[list[float]]:
    """Each game's planned send times (seconds from the start) for ``moves`` moves each: one
    stream of ``rate`` moves/s for the whole site, its moves dealt to the games in turn. The
    stream's gaps are exponential (``schedule="poisson"``: arrivals at random, as from many
    independent players) or all 1 / rate (``"fixed"``); every game ends at about the same time,
    so the offered rate holds to the end."""
    generator = random.Random(seed)
    plans: list[list[float]] = [[] for _ in range(games)]
    at = 0.0
    for index in range(games * moves):
        at += 1 / rate if schedule == "fixed" else generator.expovariate(rate)
        plans[index % games].append(at)
    return plans


def play_paced(
    base: str,
    games: list[Game],
    tokens: dict[str, str],
    rate: float,
    max_moves: int = 0,
    schedule: str = "poisson",
) -> tuple[float, list[float]]:
    """Open loop: each game's moves are sent at planned times (``send_times``), by the player
    whose move it is, on that player's own connection; a move whose game still waits for the
    previous answer is sent as soon as that answer arrives (one move in flight per game, as
    the rules demand) and its delay is recorded. Latency runs from the send. Returns the
    elapsed seconds and the delays behind plan."""
    counts = [min(max_moves or len(g.moves), len(g.moves)) for g in games]
    plans = send_times(len(games), rate, max(counts), schedule)
    delays: list[float] = []
    lock = threading.Lock()
    barrier = threading.Barrier(len(games) + 1)
    start = [0.0]

    def run(game: Game, plan: list[float], count: int) -> None:
        clients = {name: Client(base, tokens[name]) for name in game.seats}
        barrier.wait()
        for index in range(count):
            wait = start[0] + plan[index] - time.perf_counter()
            if wait > 0:
                time.sleep(wait)
            name, command = game.moves[index]
            sent = time.perf_counter()
            try:
                status, body = clients[name].call(
                    "POST",
                    f"{game.url}/moves/",
                    {"command": command, "expected_move_number": index},
                )
            except Exception as error:  # any failure is an error of the run
                status, body = 0, {"error": repr(error)}
            if status != 201:
                game.failed = f"move {index + 1} {command!r}: {status} {body}"
                return
            game.latencies.append(time.perf_counter() - sent)
            game.cursor = index + 1
            with lock:
                delays.append(max(0.0, sent - start[0] - plan[index]))

    threads = [
        threading.Thread(target=run, args=(g, p, c), daemon=True)
        for g, p, c in zip(games, plans, counts, strict=True)
    ]
    for t in threads:
        t.start()
    start[0] = time.perf_counter() + 0.05
    barrier.wait()
    for t in threads:
        t.join()
    return time.perf_counter() - start[0], delays


def check(base: str, game: Game, tokens: dict[str, str], played: int | None = None) -> bool:
    """Every faction's VP on the site equals the corpus's after the moves played (a whole
    game: finished, with the corpus's final VP)."""
    played = len(game.moves) if played is None else played
    status, state = Client(base, tokens[game.seats[0]]).call("GET", f"{game.url}/state/")
    if status != 200 or (played >= len(game.moves) and not state.get("finished")):
        return False
    factions = state.get("factions", {})
    expected = expected_vp(game, played)
    return bool(expected) and all(factions.get(f, {}).get("VP") == v for f, v in expected.items())


def one_client(
    base: str, record: dict, tokens: dict[str, str], names: list[str], stack_cpu=None, db_cpu=None
) -> dict:
    """One game whose moves all come from one thread, one after the other."""
    game = create_game(base, record, names, tokens)
    clients = {name: Client(base, tokens[name]) for name in names}
    latencies = []
    error = ""
    cpu0, db0 = stack_cpu() if stack_cpu else 0.0, db_cpu() if db_cpu else 0.0
    started = time.perf_counter()
    for index, (name, command) in enumerate(game.moves):
        t0 = time.perf_counter()
        status, body = clients[name].call(
            "POST", f"{game.url}/moves/", {"command": command, "expected_move_number": index}
        )
        latencies.append(time.perf_counter() - t0)
        if status != 201:
            error = f"move {index + 1} {command!r}: {status} {body}"
            break
    elapsed = time.perf_counter() - started
    cpu1, db1 = stack_cpu() if stack_cpu else 0.0, db_cpu() if db_cpu else 0.0
    return {
        "cpu_ms": (cpu1 - cpu0) * 1000 / len(latencies) if stack_cpu and latencies else None,
        "db_ms": (db1 - db0) * 1000 / len(latencies) if db_cpu and latencies else None,
        "game": record["game_id"],
        "moves": len(latencies) - (1 if error else 0),
        "p50": percentile(latencies, 50) * 1000,
        "p95": percentile(latencies, 95) * 1000,
        "mean": statistics.mean(latencies) * 1000 if latencies else float("nan"),
        "moves_per_s": len(latencies) / elapsed if elapsed else 0.0,
        "error": error,
        "exact": not error and check(base, game, tokens),
        "load": load_average(),
    }


def load_point(
    base: str,
    players: int,
    records: list[dict],
    tokens: dict[str, str],
    names: list[str],
    max_moves: int = 0,
    stack_cpu=None,
    rate: float = 0.0,
    schedule: str = "poisson",
    db_cpu=None,
    roles=None,
) -> dict:
    """N players at once: closed loop (each move sent as soon as its player's turn comes), or,
    with ``rate``, open loop (moves sent at planned times, ``play_paced``)."""
    count = max(1, players // 4)
    games = [
        create_game(base, records[i % len(records)], names[4 * i : 4 * i + 4], tokens)
        for i in range(count)
    ]
    cpu0, (busy0, total0) = stack_cpu() if stack_cpu else 0.0, machine_busy()
    db0, client0 = db_cpu() if db_cpu else 0.0, time.process_time()
    roles0 = roles() if roles else {}
    delays: list[float] = []
    if rate:
        elapsed, delays = play_paced(base, games, tokens, rate, max_moves, schedule)
    else:
        elapsed = play(base, games, tokens, max_moves)
    cpu1, (busy1, total1) = stack_cpu() if stack_cpu else 0.0, machine_busy()
    db1, client1 = db_cpu() if db_cpu else 0.0, time.process_time()
    roles1 = roles() if roles else {}
    latencies = [x for g in games for x in g.latencies]
    errors = [g.failed for g in games if g.failed]
    exact = sum(check(base, g, tokens, min(max_moves or len(g.moves), len(g.moves))) for g in games)
    return {
        "players": 4 * count,
        "games": count,
        "moves": len(latencies),
        "seconds": elapsed,
        "moves_per_s": len(latencies) / elapsed if elapsed else 0.0,
        "p50": percentile(latencies, 50) * 1000,
        "p95": percentile(latencies, 95) * 1000,
        "errors": errors,
        "exact": exact,
        "cpu_ms": (cpu1 - cpu0) * 1000 / len(latencies) if stack_cpu and latencies else None,
        "db_ms": (db1 - db0) * 1000 / len(latencies) if db_cpu and latencies else None,
        "client_ms": (client1 - client0) * 1000 / max(1, len(latencies)),
        "roles_ms": {
            role: (roles1[role] - roles0.get(role, 0.0)) * 1000 / max(1, len(latencies))
            for role in roles1
        },
        "busy": 100 * (busy1 - busy0) / max(1, total1 - total0),
        "load": load_average(),
        # Open loop: moves sent more than 1 ms behind plan (their game's previous move was
        # still being answered), and the 95th percentile of that delay.
        "late": sum(d > 0.001 for d in delays),
        "delay_p95": percentile(delays, 95) * 1000,
    }


def run(
    base: str,
    curve: list[int],
    max_moves: int,
    one: bool,
    write,
    stack_cpu=None,
    registered: Callable[[], None] | None = None,
    rates: list[float] | None = None,
    paced_players: int = 200,
    schedule: str = "poisson",
    db_cpu=None,
    costs: Callable[[list[dict], dict[str, str], list[str]], None] | None = None,
    roles: Callable[[], dict[str, float]] | None = None,
) -> None:
    """The one client, ``costs`` (given the corpus games, the tokens and four players of its
    own), the closed-loop curve (``curve``: players at once), then the open-loop points
    (``rates``: total moves/s offered by ``paced_players`` players)."""
    records = corpus_games()
    rates = rates or []
    needed = max([4, *curve, *([paced_players] if rates else [])])
    needed += -needed % 4
    prefix = f"b{os.getpid() % 100000}_{int(time.time()) % 100000}_"
    names = [f"{prefix}{i}" for i in range(needed + (4 if one else 0) + (4 if costs else 0))]
    started = time.perf_counter()
    tokens = register(base, names)
    write(
        f"  registered {len(names)} players in {time.perf_counter() - started:.1f} s "
        "(4 at a time, the production password hasher)"
    )
    if registered is not None:
        registered()
    if one:
        r = one_client(base, records[0], tokens, names[needed : needed + 4], stack_cpu, db_cpu)
        cpu = "" if r["cpu_ms"] is None else f", {r['cpu_ms']:.1f} ms of the stack's CPU a move"
        if r["db_ms"] is not None:
            cpu += f" and {r['db_ms']:.1f} ms of PostgreSQL's"
        write(
            f"  one client, game {r['game']}, {r['moves']} moves one after the other: "
            f"p50 {r['p50']:.1f} ms, p95 {r['p95']:.1f} ms, mean {r['mean']:.1f} ms, "
            f"{r['moves_per_s']:.1f} moves/s{cpu}; final state {'exact' if r['exact'] else 'NOT exact'}"
            f"; load average after {r['load']}"
        )
        if r["error"]:
            write(f"    error: {r['error']}")
        write(
            f"    one client: p50 {r['p50']:.1f} ms {_target(r['p50'] <= 8, '<= 8 ms')}, "
            f"p95 {r['p95']:.1f} ms {_target(r['p95'] <= 15, '<= 15 ms')}"
        )
    if costs is not None:
        costs(records, tokens, names[-4:])
    if not curve and not rates:
        return
    cut = (
        f", the first {max_moves} moves of each game, its VP then checked against the ledger"
        if max_moves
        else ", whole games"
    )
    if stack_cpu:
        write(
            "  CPU ms/move: the web workers', Celery worker's and beat's CPU time over the moves "
            "(PostgreSQL, Redis and this client not included); PG ms/move: the CPU time of "
            "the PostgreSQL backends serving the stack's database; client ms/move: this load "
            "client's own CPU time (it runs on the same cores); machine busy: all cores, "
            "everything running on the machine"
        )
    header = (
        "    players  games   moves  seconds  moves/s   p50 ms   p95 ms  errors  exact  "
        "CPU ms/move  PG ms/move  client ms/move  machine busy  load average after"
    )
    if curve:
        write(
            "  saturation, closed loop (4 players a game, every player a thread with its own "
            f"connection, each move sent the moment its player's turn comes, no thinking "
            f"time: the most the site does, and how long a move waits then{cut}):"
        )
        write(header)
    best = 0.0
    for players in curve:
        r = load_point(
            base, players, records, tokens, names, max_moves, stack_cpu, db_cpu=db_cpu, roles=roles
        )
        _write_point(write, r)
        best = max(best, r["moves_per_s"])
    if curve:
        write(
            f"    closed loop: at most {best:.1f} moves/s over the curve "
            f"{_target(best >= 250, '>= 250 moves/s')}"
        )
    for rate in rates:
        write(
            f"  paced, open loop at {rate:g} moves/s offered ({paced_players} players, 4 a game, "
            f"one {schedule} stream of moves dealt to the games in turn, each sent at its "
            "planned time by the player on turn on their own connection, one move in flight per "
            "game; latency from the send; players thinking between moves, as on an "
            f"asynchronous site{cut}):"
        )
        write(header + "  sent late (p95 delay)")
        r = load_point(
            base,
            paced_players,
            records,
            tokens,
            names,
            max_moves,
            stack_cpu,
            rate,
            schedule,
            db_cpu,
            roles,
        )
        _write_point(write, r, f"  {r['late']} ({r['delay_p95']:.0f} ms)")
        if paced_players == 200 and rate == 100:
            write(
                f"    200 players paced at 100 moves/s: p95 {r['p95']:.1f} ms "
                f"{_target(r['p95'] <= 50 and not r['errors'], '<= 50 ms')}"
            )


def _target(met: bool, what: str) -> str:
    """Issue 28's target beside a figure."""
    return f"[target {what}: {'met' if met else 'NOT met'}]"


def _write_point(write, r: dict, tail: str = "") -> None:
    cpu = "n/a" if r["cpu_ms"] is None else f"{r['cpu_ms']:.1f}"
    db = "n/a" if r["db_ms"] is None else f"{r['db_ms']:.1f}"
    exact = f"{r['exact']}/{r['games']}"
    write(
        f"    {r['players']:7d}  {r['games']:5d}  {r['moves']:6d}  {r['seconds']:7.1f}  "
        f"{r['moves_per_s']:7.1f}  {r['p50']:7.1f}  {r['p95']:7.1f}  {len(r['errors']):6d}  "
        f"{exact:>5}  {cpu:>11}  {db:>10}  {r['client_ms']:14.1f}  {r['busy']:11.0f}%  "
        f"{r['load']}{tail}"
    )
    if r.get("roles_ms"):
        split = ", ".join(f"{role} {ms:.2f}" for role, ms in r["roles_ms"].items())
        write(f"      CPU ms/move by process: {split}")
    for error in r["errors"][:3]:
        write(f"      error: {error}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--url", required=True, help="base URL of a running site")
    parser.add_argument("--players", default="8,32", help="comma-separated curve, e.g. 8,32,100")
    parser.add_argument("--max-moves", type=int, default=0, help="cut each game (0: whole)")
    parser.add_argument("--no-one-client", action="store_true")
    add_paced_arguments(parser)
    args = parser.parse_args(argv)
    curve = [int(p) for p in args.players.split(",") if p.strip()]
    run(
        args.url,
        curve,
        args.max_moves,
        not args.no_one_client,
        print,
        rates=parse_rates(args.rate),
        paced_players=args.paced_players,
        schedule=args.schedule,
    )


def add_paced_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--rate", default="", help="open-loop points: total moves/s offered, e.g. 60 or 30,60"
    )
    parser.add_argument("--paced-players", type=int, default=200, help="players of those points")
    parser.add_argument("--schedule", choices=["poisson", "fixed"], default="poisson")


def parse_rates(text: str) -> list[float]:
    return [float(r) for r in text.split(",") if r.strip()]


if __name__ == "__main__":
    main()
