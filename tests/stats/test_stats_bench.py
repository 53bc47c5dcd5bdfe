"""The statistics bench runs end to end on a small history (make bench runs 100,000 games)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_bench_stats_rebuilds_then_counts_games_one_by_one():
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "tm_site.settings.test"}
    out = subprocess.run(
        [
            sys.executable,
            "manage.py",
            "bench_stats",
            "--games",
            "200",
            "--players",
            "20",
            "--more",
            "3",
        ],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    ).stdout
    assert re.search(r"full rebuild of 200 games on \w+ .*: [\d.]+ s", out), out
    assert re.search(r"one more game .*: median [\d.]+ ms, max [\d.]+ ms over 3 games", out), out
