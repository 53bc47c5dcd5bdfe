"""Replay recorded terra.snellman.net games and check every ledger row against the engine."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from games.rules.terra_mystica.replay import ReplayResult, replay_game


class Command(BaseCommand):
    help = (
        "Replay game files of the corpus schema (terra.snellman.net ledgers converted to JSON). "
        "Prints 'exact' or the first mismatch per game; exits 0 only if every game is exact."
    )

    def add_arguments(self, parser) -> None:
        parser.add_argument(
            "files", nargs="+", help="game JSON files (index.json files are skipped)"
        )
        parser.add_argument(
            "--summary", action="store_true", help="end with one line 'N/M games exact'"
        )
        parser.add_argument("--json", action="store_true", help="print the results as JSON")

    def handle(self, *args, **options) -> None:
        results: list[ReplayResult] = []
        for name in options["files"]:
            path = Path(name)
            if path.name == "index.json":
                continue
            try:
                game = json.loads(path.read_text())
                game["rows"]
            except (OSError, ValueError, KeyError, TypeError) as e:
                raise CommandError(f"{name}: not a game file of the corpus schema ({e})") from e
            result = replay_game(game)
            results.append(result)
            if not options["json"]:
                mismatch = result.first_mismatch
                verdict = "exact" if result.exact or mismatch is None else mismatch.describe()
                if result.income_rows_folded:
                    verdict += f" ({result.income_rows_folded} income rows folded by the site)"
                if result.empty_rows:
                    verdict += f" ({result.empty_rows} empty rows of the site read)"
                self.stdout.write(f"{result.game_id}: {verdict}")
        exact = sum(r.exact for r in results)
        if options["json"]:
            self.stdout.write(
                json.dumps(
                    {
                        "games": [r.to_json() for r in results],
                        "exact": exact,
                        "total": len(results),
                    },
                    indent=1,
                )
            )
        elif options["summary"]:
            self.stdout.write(f"{exact}/{len(results)} games exact")
        if exact != len(results):
            sys.exit(1)
