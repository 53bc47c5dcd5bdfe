"""Move submission through the REST API: latency by round and throughput with concurrent clients;
the worker's CPU time for a turn mail.

Runs on a throwaway copy of the configured database (PostgreSQL when DATABASE_URL names one),
so the figures include the whole request: authentication, the row lock, one engine ``apply``,
the log append and the snapshot write.
"""

from __future__ import annotations

import json
import logging
import os
import statistics
import tempfile
import threading
import time
from pathlib import Path
from typing import Any, cast

from django.conf import settings
from django.core.management.base import BaseCommand, CommandParser
from django.db import connection, connections
from django.test.utils import setup_test_environment, teardown_test_environment
from rest_framework.test import APIClient

from bench.http_load import site_command
from tm_site.env import email_settings

CORPUS = Path(settings.BASE_DIR) / "tests" / "fixtures" / "corpus" / "snellman"
LATENCY_GAME = "4pLeague_S60_D1L1_G1"
TARGET_MAIL_MS = 5.0  # issue 28: a turn mail's CPU in the worker


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


class Command(BaseCommand):
    help = "Benchmark move submission through the API (latency in round 1 vs round 6, moves/s)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--clients", type=int, default=4, help="Concurrent clients (one game each)."
        )
        parser.add_argument(
            "--moves", type=int, default=150, help="Moves per client in the throughput run."
        )
        parser.add_argument(
            "--mail-moves", type=int, default=120, help="Moves of the turn-mail run (0: none)."
        )

    def handle(self, *args, **options) -> None:
        setup_test_environment()
        # The benchmark measures moves, not password hashing of its throwaway accounts.
        settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
        db = connection.settings_dict
        old_name = db["NAME"]
        if connection.vendor == "sqlite":
            # A file, not the shared in-memory database, so that threads can write concurrently.
            db.setdefault("TEST", {})["NAME"] = str(Path(tempfile.mkdtemp()) / "bench.sqlite3")
        connection.creation.create_test_db(verbosity=0, autoclobber=True, serialize=False)
        try:
            self.stdout.write(f"bench_api on {connection.vendor}")
            self.latency()
            self.throughput(options["clients"], options["moves"])
            if options["mail_moves"]:
                self.turn_mails(options["mail_moves"])
        finally:
            connections.close_all()
            connection.creation.destroy_test_db(old_name, verbosity=0)
            teardown_test_environment()

    # --- helpers -----------------------------------------------------------------------------

    def _start(self, game_id: str, prefix: str) -> tuple[str, dict, list[tuple[int, str, str]]]:
        from accounts import services as accounts

        record = json.loads((CORPUS / f"{game_id}.json").read_text())
        clients = {}
        for name in record["players"]:
            api = APIClient()
            user = accounts.user_register(username=f"{prefix}{name}", password="bench-pass-phrase!")
            api.credentials(HTTP_AUTHORIZATION=f"Token {accounts.token_for(user)}")
            clients[name] = api
        first = clients[record["players"][0]]
        created = first.post(
            "/api/v1/games/",
            {
                "player_count": len(clients),
                "options": record["options"],
                "setup": {
                    "scoring_tiles": record["scoring_tiles"],
                    "removed_bonus_tiles": record["removed_bonus_tiles"],
                    "seat_order": [f"{prefix}{n}" for n in record["players"]],
                },
            },
            format="json",
        )
        url = f"/api/v1/games/{created.data['id']}"
        for name in record["players"][1:]:
            clients[name].post(f"{url}/join/", {}, format="json")
        owner = {f: clients[p] for f, p in record["faction_players"].items()}
        moves = []
        for row in record["rows"]:
            if row["kind"] == "comment":
                if row.get("tag") == "drop":
                    moves.append((row.get("round", 0), "drop", row["dropped_faction"]))
                continue
            if row["command"] == "setup":
                moves.append((0, row["faction"], f"setup {row['faction']}"))
            elif command := site_command(row["player_command"]):
                moves.append((row["round"], row["faction"], command))
        return url, {"owner": owner, "creator": first}, moves

    @staticmethod
    def _send(url: str, who: dict, move: tuple[int, str, str], number: int):
        _, faction, command = move
        if faction == "drop":
            return who["creator"].post(
                f"{url}/drop/", {"faction": command, "expected_move_number": number}, format="json"
            )
        return who["owner"][faction].post(
            f"{url}/moves/", {"command": command, "expected_move_number": number}, format="json"
        )

    # --- runs --------------------------------------------------------------------------------

    def latency(self) -> None:
        url, who, moves = self._start(LATENCY_GAME, "lat_")
        by_round: dict[int, list[float]] = {}
        for number, move in enumerate(moves):
            started = time.perf_counter()
            response = self._send(url, who, move, number)
            elapsed = (time.perf_counter() - started) * 1000
            if response.status_code != 201:
                self.stderr.write(
                    f"move {number + 1} {move}: {response.status_code} {response.content[:200]!r}"
                )
                return
            by_round.setdefault(move[0], []).append(elapsed)
        self.stdout.write(f"latency: {LATENCY_GAME}, {len(moves)} moves through POST /moves/")
        for rnd in sorted(by_round):
            values = by_round[rnd]
            self.stdout.write(
                f"  round {rnd}: {len(values):4d} moves  p50 {statistics.median(values):6.1f} ms"
                f"  p95 {percentile(values, 95):6.1f} ms"
            )

    def throughput(self, clients: int, moves_each: int) -> None:
        index = json.loads((CORPUS / "index.json").read_text())["games"]
        games = [self._start(g["game_id"], f"tp{i}_") for i, g in enumerate(index[:clients])]
        errors: list[str] = []
        done = [0] * clients
        barrier = threading.Barrier(clients)

        def run(i: int) -> None:
            url, who, moves = games[i]
            try:
                barrier.wait()
                for number, move in enumerate(moves[:moves_each]):
                    response = self._send(url, who, move, number)
                    if response.status_code != 201:
                        errors.append(f"client {i} move {number + 1}: {response.status_code}")
                        return
                    done[i] += 1
            finally:
                connections.close_all()

        threads = [threading.Thread(target=run, args=(i,)) for i in range(clients)]
        started = time.perf_counter()
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        elapsed = time.perf_counter() - started
        total = sum(done)
        self.stdout.write(
            f"throughput: {clients} concurrent clients, {total} moves in {elapsed:.2f} s = {total / elapsed:.0f} moves/s"
        )
        for error in errors:
            self.stderr.write(error)

    def turn_mails(self, count: int) -> None:
        """Every player has a confirmed address; after each move the move's outbox entry is
        run here as the Celery worker runs it (``outbox.tasks.entry_run`` through Celery's
        tracer, with its signals: the turn mails composed, stored and sent over SMTP to a local
        server), timed by this thread's CPU.

        On PostgreSQL the worker's connection comes from a pool as in production, and goes back
        to it after each task. The figure is the move entries' CPU over the mails they sent, the
        entries that send nothing included. The game's start (its "started" mails, built from
        the engine's first state) is given apart, and the figure of every entry over every mail
        beside it."""
        from celery import current_app
        from celery.app.trace import build_tracer
        from django.contrib.auth import get_user_model
        from django.db.models import Value
        from django.db.models.functions import Concat
        from django.template import Template
        from django.test import utils as test_utils

        from bench.mail_sink import mail_sink
        from outbox import services as outbox
        from outbox.models import Entry

        settings.DEBUG = False  # the worker's settings: no query log (manage.py's are dev's)
        # Nor the test environment's instrumented template rendering (a signal per template).
        engine_template: Any = Template
        instrumented = engine_template._render
        engine_template._render = cast(Any, test_utils._TestState).saved_data.template_render
        # The tracer's line per task ("succeeded in"), as a worker logging at INFO writes it,
        # to nowhere here.
        trace_log = logging.getLogger("celery.app.trace")
        sink = logging.StreamHandler(open(os.devnull, "w"))  # noqa: SIM115
        sink.setFormatter(
            logging.Formatter("[%(asctime)s: %(levelname)s/%(processName)s] %(message)s")
        )
        trace_log.addHandler(sink)
        trace_log.propagate, trace_log.level = False, logging.INFO
        task = current_app.tasks["outbox.tasks.entry_run"]
        run: Any = build_tracer(task.name, task, app=current_app, propagate=True)
        # The worker's connections as production's: from a pool, handed back after each task
        # (tm_site.celery), not a new PostgreSQL session for each (manage.py's settings have no
        # pool).
        pooled = connection.vendor == "postgresql" and not connection.settings_dict["OPTIONS"].get(
            "pool"
        )
        if pooled:
            connection.close()
            connection.settings_dict["OPTIONS"]["pool"] = {"min_size": 1, "max_size": 2}
        by_task: dict[str, list[tuple[float, int]]] = {}  # task: (CPU s, mails) an entry
        with mail_sink() as (url, counter):
            for name, value in email_settings(url).items():
                setattr(settings, name, value)
            # The work the earlier runs left waiting (their games' starts, the end of the latency
            # game, bot checks) is no turn mail: it runs first, untimed.
            earlier = list(
                Entry.objects.filter(status=Entry.Status.PENDING).values_list("pk", flat=True)
            )
            game, who, moves = self._start("4pLeague_S60_D1L1_G2", "mail_")
            get_user_model().objects.filter(username__startswith="mail_").update(
                email=Concat("username", Value("@example.invalid"))
            )
            publish = outbox.publish
            outbox.publish = lambda entry_id: None  # no broker here: this thread is the worker
            try:
                for pk in earlier:
                    outbox.entry_run(pk)
                for number, move in enumerate(moves[:count]):
                    response = self._send(game, who, move, number)
                    if response.status_code != 201:
                        self.stderr.write(f"mail run, move {number + 1}: {response.status_code}")
                        return
                    pending = Entry.objects.filter(status=Entry.Status.PENDING)
                    for pk, name in pending.values_list("pk", "task"):
                        # smtplib returns once the server has taken a mail: counted by then.
                        received = counter.received
                        started = time.thread_time()
                        run(f"bench-{pk}", (pk,), {})
                        cpu = time.thread_time() - started
                        by_task.setdefault(name, []).append((cpu, counter.received - received))
            finally:
                outbox.publish = publish
                engine_template._render = instrumented
                trace_log.removeHandler(sink)
                trace_log.propagate = True
                sink.stream.close()
                if pooled:
                    connection.close()
                    cast(Any, connection).close_pool()
                    del connection.settings_dict["OPTIONS"]["pool"]
        turns = by_task.pop("notifications.tasks.move_notify", [])
        others = [entry for entries in by_task.values() for entry in entries]
        per_mail = self._per_mail(turns)
        met = "met" if per_mail <= TARGET_MAIL_MS else "NOT met"
        self.stdout.write(
            f"turn mails: {len(turns)} moves' outbox entries run as the worker runs them, "
            f"{sum(m for _, m in turns)} mails sent over SMTP; worker CPU {per_mail:.2f} ms a mail "
            f"(median {statistics.median(c for c, _ in turns) * 1000:.2f} ms an entry) "
            f"[target <= {TARGET_MAIL_MS:g} ms a mail: {met}]"
        )
        self.stdout.write(
            f"  beside them: {len(others)} other entries ({', '.join(sorted(by_task))}) "
            f"{sum(m for _, m in others)} mails, {self._per_mail(others):.2f} ms a mail; "
            f"every entry over every mail: {self._per_mail(turns + others):.2f} ms a mail"
        )

    @staticmethod
    def _per_mail(entries: list[tuple[float, int]]) -> float:
        return sum(c for c, _ in entries) * 1000 / max(1, sum(m for _, m in entries))
