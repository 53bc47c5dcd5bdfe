"""terra.snellman.net's engine beside ours: corpus games as its command rows, and its timings.

The reference engine is the public jsnell/terra-mystica repository (Perl), kept outside this
project; ``bench/snellman_replay.pl`` loads it from the path given and calls its
``evaluate_game``. This module only writes the input it reads and collects what it prints.
"""

from __future__ import annotations

import json
import os
import subprocess
import tempfile
from pathlib import Path

HARNESS = Path(__file__).with_name("snellman_replay.pl")
ORIGINAL_MAP = "126fe960806d587c78546b30f1a90853b1ada468"


def command_rows(game: dict) -> list[str]:
    """The game as the rows the reference engine reads (the site's stored game text): options,
    round scoring tiles, removed bonus tiles, the faction picks, then every player-typed
    subcommand on a row of its own, in ledger order (so its input cleaner reorders nothing), and
    ``drop-faction`` where a player left. Income, final scoring and the other engine-written
    rows are left for the engine to produce."""
    rows = [f"option {option}" for option in game["options"]]
    for tile in game.get("final_scoring_tiles") or []:
        rows.append(f"final-scoring {tile}")
    rows.append("score " + ",".join(game["scoring_tiles"]))
    rows.extend(f"delete {tile}" for tile in game["removed_bonus_tiles"])
    for row in game["rows"]:
        if row["kind"] == "comment":
            if row.get("tag") == "drop":
                rows.append(f"drop-faction {row['dropped_faction']}")
            continue
        if row["origin"] == "engine":
            if row["command"] == "setup":
                rows.append(f"setup {row['faction']}")
            continue
        for sub in row["player_command"].split("."):
            if sub.strip():
                rows.append(f"{row['faction']}: {sub.strip()}")
    return rows


def reference_input(game: dict) -> dict:
    base_map = None
    if game.get("map_id") not in (None, ORIGINAL_MAP) and game.get("map_terrain"):
        base_map = game["map_terrain"].split()
    return {"game_id": game["game_id"], "rows": command_rows(game), "base_map": base_map}


def reference_source() -> str | None:
    """The reference's src directory from TM_REFERENCE_SRC, if it holds the engine."""
    path = os.environ.get("TM_REFERENCE_SRC", "")
    return path if path and (Path(path) / "tracker.pm").is_file() else None


def run_reference(src: str, games: list[dict], repeat: int) -> dict[str, dict]:
    """Replay ``games`` through the reference ``repeat`` times each, in one Perl process (its
    modules loaded once, as a server would). Returns game_id -> {"seconds", "vp", "finished",
    "errors", "exact"} where exact means every faction's final VP equals the corpus."""
    with tempfile.TemporaryDirectory(prefix="tm-reference-") as tmp:
        paths = []
        for game in games:
            path = Path(tmp) / f"{game['game_id']}.json"
            path.write_text(json.dumps(reference_input(game)))
            paths.append(str(path))
        done = subprocess.run(
            ["perl", str(HARNESS), src, str(repeat), *paths],
            capture_output=True,
            text=True,
            cwd=tmp,
            check=False,
        )
    if done.returncode != 0:
        raise RuntimeError(f"the reference harness failed: {done.stderr.strip()[-2000:]}")
    results = {}
    for line in done.stdout.splitlines():
        if not line.startswith("{"):
            continue
        result = json.loads(line)
        game = next(g for g in games if g["game_id"] == result["game_id"])
        result["exact"] = not result["errors"] and all(
            result["vp"].get(f) == vp for f, vp in game["final_vp"].items()
        )
        results[result["game_id"]] = result
    return results
