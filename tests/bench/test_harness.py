"""The benchmark harnesses' inputs: what they send is what the corpus recorded.

No timings are asserted; the reference engine's replay runs only where its sources are.
"""

from __future__ import annotations

import itertools
import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from bench.http_load import corpus_games, send_times, site_command
from bench.snellman_reference import command_rows, run_reference

CORPUS = Path(__file__).resolve().parents[1] / "fixtures" / "corpus"
# Where a git directory of jsnell/terra-mystica lies on this machine, if anywhere.
REFERENCE_GIT = Path(os.environ["REFERENCE_GIT"]) if os.environ.get("REFERENCE_GIT") else None


def game(game_id: str) -> dict:
    return json.loads((CORPUS / "snellman" / f"{game_id}.json").read_text())


def test_the_reference_rows_are_the_setup_then_every_typed_subcommand_in_ledger_order():
    record = game("4pLeague_S60_D1L1_G1")
    rows = command_rows(record)
    options = [f"option {o}" for o in record["options"]]
    assert rows[: len(options)] == options
    assert rows[len(options)] == "score " + ",".join(record["scoring_tiles"])
    assert [r for r in rows if r.startswith("setup ")] == [f"setup {f}" for f in record["factions"]]
    typed = [
        f"{row['faction']}: {part.strip()}"
        for row in record["rows"]
        if row["kind"] == "command" and row["origin"] != "engine"
        for part in row["player_command"].split(".")
        if part.strip()
    ]
    assert [r for r in rows if ": " in r] == typed
    assert "other_income_for_faction" not in " ".join(rows)


def test_a_dropped_player_leaves_the_reference_game_where_the_ledger_says():
    record = game("4pLeague_S64_D1L1_G3")
    assert "drop-faction witches" in command_rows(record)


def test_the_site_gets_each_row_without_wait():
    assert site_command("wait") == ""
    assert site_command("burn 3. action act2") == "burn 3. action act2"
    assert site_command("Leech 1 from nomads. wait") == "Leech 1 from nomads"


def test_the_load_test_plays_four_player_games_without_drops():
    games = corpus_games()
    assert len(games) >= 50
    assert all(len(g["factions"]) == 4 and not g["dropped_factions"] for g in games)


def reference_runnable() -> bool:
    """The reference's git directory and the Perl modules it needs are here."""
    if shutil.which("perl") is None or REFERENCE_GIT is None or not REFERENCE_GIT.is_dir():
        return False
    modules = ["-MMoose", "-MJSON", "-MClone", "-MMath::Random::MT", "-MMethod::Signatures::Simple"]
    return subprocess.run(["perl", *modules, "-e", "1"], capture_output=True).returncode == 0


@pytest.mark.slow
@pytest.mark.skipif(
    not reference_runnable(),
    reason="terra.snellman.net's engine (jsnell/terra-mystica and its Perl modules) is absent",
)
def test_the_reference_engine_replays_corpus_games_to_their_final_vp(tmp_path):
    archive = subprocess.run(
        ["git", "--git-dir", str(REFERENCE_GIT), "archive", "HEAD", "src"],
        capture_output=True,
        check=True,
    ).stdout
    subprocess.run(["tar", "-x", "-C", str(tmp_path)], input=archive, check=True)
    records = [game("4pLeague_S60_D1L1_G1"), game("4pLeague_S64_D1L1_G3")]
    results = run_reference(str(tmp_path / "src"), records, 1)
    assert {g: r["exact"] for g, r in results.items()} == {
        "4pLeague_S60_D1L1_G1": True,
        "4pLeague_S64_D1L1_G3": True,
    }


def test_the_paced_load_offers_the_asked_rate_across_the_games():
    for schedule in ("fixed", "poisson"):
        plans = send_times(games=50, rate=60.0, moves=40, schedule=schedule)
        assert len(plans) == 50 and all(len(p) == 40 for p in plans)
        assert all(a < b for p in plans for a, b in itertools.pairwise(p))
        sends = sorted(t for p in plans for t in p)
        within = [t for t in sends if t < 30.0]  # the first 30 s: about 1,800 moves
        assert abs(len(within) / 30.0 - 60.0) < 6.0
        assert abs(sends[-1] - 2000 / 60.0) < 3.0  # the rate holds to the last move
