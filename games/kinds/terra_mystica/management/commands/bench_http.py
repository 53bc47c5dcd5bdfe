"""Moves over HTTP on the production stack: one client's latency, then the load curve.

Starts deploy/serve (gunicorn with uvicorn workers, a Celery worker, one beat) on free ports with
a fresh PostgreSQL database on the server DATABASE_URL names and a redis-server of its own
(bench/stack.py), then plays recorded games through the API (bench/http_load.py).
"""

from __future__ import annotations

import os
from contextlib import ExitStack

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser

from bench import request_costs
from bench.http_load import STACK_ENV, add_paced_arguments, load_average, parse_rates, run
from bench.mail_sink import mail_sink
from bench.stack import production_stack
from games.rules.terra_mystica.compiled import build_name


class Command(BaseCommand):
    help = "Play recorded games through the API of the production stack: p50/p95 and moves/s."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--players", default="8,32,100,200", help="the load curve (players at once)"
        )
        parser.add_argument("--max-moves", type=int, default=0, help="cut each game (0: whole)")
        parser.add_argument(
            "--no-costs",
            action="store_true",
            help="skip what each kind of request, an open page and a move cost",
        )
        parser.add_argument(
            "--web-workers",
            type=int,
            default=0,
            help="default: deploy/serve's (the cores, at least 2)",
        )
        parser.add_argument("--celery-concurrency", type=int, default=0)
        parser.add_argument("--no-one-client", action="store_true")
        parser.add_argument(
            "--mail",
            action="store_true",
            help="players confirm their addresses: turn mails are composed and sent to an SMTP "
            "server of the benchmark's own",
        )
        add_paced_arguments(parser)

    def handle(self, *args, **options) -> None:
        database_url = os.environ.get("DATABASE_URL", "")
        if not database_url.startswith(("postgres://", "postgresql://")):
            raise CommandError(
                "bench_http runs the production stack on PostgreSQL: set DATABASE_URL"
            )
        curve = [int(p) for p in options["players"].split(",") if p.strip()]
        workers = options["web_workers"] or max(os.cpu_count() or 1, 2)  # deploy/serve's default
        celery = options["celery_concurrency"] or (os.cpu_count() or 1)
        self.stdout.write("HTTP benchmark on the production stack (deploy/serve)")
        self.stdout.write(
            f"  {os.cpu_count()} cores; {workers} web workers of {settings.HTTP_THREADS} "
            f"threads, a Celery worker of {celery} processes, one beat; own PostgreSQL database "
            f"and redis-server; engine {build_name()}; load average at the start {load_average()}"
        )
        with ExitStack() as context:
            env = dict(STACK_ENV)
            counter = None
            if options["mail"]:
                env["EMAIL_URL"], counter = context.enter_context(mail_sink())
            stack = context.enter_context(
                production_stack(
                    database_url, web_workers=workers, celery_concurrency=celery, extra_env=env
                )
            )

            def registered() -> None:
                if counter is not None:
                    confirmed = stack.confirm_addresses()
                    self.stdout.write(f"  {confirmed} players confirmed their addresses")

            run(
                stack.base,
                curve,
                options["max_moves"],
                not options["no_one_client"],
                self.stdout.write,
                stack.cpu_seconds,
                registered,
                rates=parse_rates(options["rate"]),
                paced_players=options["paced_players"],
                schedule=options["schedule"],
                db_cpu=stack.database_cpu_seconds,
                roles=stack.cpu_by_role,
                costs=None
                if options["no_costs"]
                else lambda records, tokens, names: request_costs.report(
                    stack.base, records[1], tokens, names, stack, self.stdout.write
                ),
            )
            if counter is not None:
                self.stdout.write(f"  mails received by the SMTP server: {counter.received}")
