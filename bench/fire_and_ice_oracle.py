"""Differential check of the Fire & Ice factions against terra.snellman.net's engine.

Random games are played with our engine (every decision a random legal row, building and
upgrading preferred to passing), each with one Fire & Ice faction beside base factions, 2 to
5 players, printed and revised Shapeshifters; the rows are fed to the reference engine
(``bench/snellman_replay.pl``, the public jsnell/terra-mystica sources kept outside the
project) and its final VP, errors and end are compared with ours.

    TM_REFERENCE_SRC=/path/to/terra-mystica/src python -m bench.fire_and_ice_oracle 0 100

With a third argument (a directory), the games that agree are written there as fixtures:
the setup, every row with its actor, and the reference's final VP (tests/rules replays them).
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import tempfile
from pathlib import Path

from games.rules.terra_mystica.engine import new_game
from games.rules.terra_mystica.legal import random_legal_command
from games.rules.terra_mystica.player import apply_player_logged
from games.rules.terra_mystica.reference_ledger import (
    first_row_difference,
    ledger_values,
    normalized,
)
from games.rules.terra_mystica.setup import DEFAULT_OPTIONS, random_setup
from games.rules.terra_mystica.views import waiting_for

from .snellman_reference import HARNESS, reference_source

GROUPS = {
    "ice": ("icemaidens", "yetis"),
    "volcano": ("acolytes", "dragonlords"),
    "variable": ("shapeshifters", "riverwalkers"),
    "variable_v5": ("shapeshifters", "riverwalkers"),
}


def random_game(seed: int) -> dict:
    """A random game with one Fire & Ice faction, as reference rows and our final VP."""
    rng = random.Random(seed)
    group = sorted(GROUPS)[seed % len(GROUPS)]
    faction = GROUPS[group][seed // len(GROUPS) % len(GROUPS[group])]
    players = 2 + seed // 8 % 4  # every count for every faction and option
    options = (*DEFAULT_OPTIONS, f"fire-and-ice-factions/{group}")
    setup = random_setup(
        f"fire-and-ice-{seed}", players, options, [f"p{i}" for i in range(1, 6)][:players]
    )
    state = new_game(setup)
    moves: list[list[str]] = []
    ledger: list[dict] = []
    rows = [f"player-count {players}", *(f"option {o}" for o in options)]
    rows.append("score " + ",".join(setup.scoring_tiles))
    rows += [f"delete {tile}" for tile in setup.removed_bonus_tiles]
    while not state.finished:
        actor = rng.choice(waiting_for(state)).actor
        if actor.startswith("player") and not state.factions:
            row: str | None = f"setup {faction}"
        else:
            row = random_legal_command(state, actor, rng, pass_rate=0.05)
        if row is None:
            raise RuntimeError(f"game {seed}: no legal row for {actor}")
        state, produced = apply_player_logged(state, actor, row)
        ledger += [ledger_values(r) for r in produced if not r.is_comment]
        moves.append([actor, row])
        if actor.startswith("player"):
            rows.append(row)
        else:
            rows += [f"{actor}: {sub}" for sub in row.split(". ") if sub]
    return {
        "game_id": f"fire-and-ice-{seed}",
        "player_count": players,
        "rows": rows,
        "base_map": None,
        "faction": faction,
        "option": group,
        "vp": {f.name: f.vp for f in state.factions.values()},
        "setup": setup.to_json(),
        "moves": moves,
        "ledger": ledger,
    }


def write_fixture(directory: Path, result: dict) -> None:
    fixture = {
        "game_id": result["game_id"],
        "faction": result["faction"],
        "option": f"fire-and-ice-factions/{result['option']}",
        "setup": result["setup"],
        "moves": result["moves"],
        "reference_final_vp": result["reference"]["vp"],
        "reference_ledger": result["reference_ledger"],
    }
    path = directory / f"{result['game_id']}.json"
    path.write_text(json.dumps(fixture, indent=0, sort_keys=True) + "\n")


def compare(src: str, games: list[dict]) -> list[dict]:
    """Each game with the reference's final VP, its errors and whether all agrees."""
    with tempfile.TemporaryDirectory(prefix="tm-oracle-") as tmp:
        paths = []
        for game in games:
            path = Path(tmp) / f"{game['game_id']}.json"
            path.write_text(json.dumps(game))
            paths.append(str(path))
        done = subprocess.run(
            ["perl", str(HARNESS), src, "1", *paths],
            capture_output=True,
            text=True,
            cwd=tmp,
            check=True,
            env={**os.environ, "TM_LEDGER": "1"},
        )
    by_id = {g["game_id"]: g for g in games}
    out = []
    for line in done.stdout.splitlines():
        if line.startswith("{"):
            result = json.loads(line)
            game = by_id[result["game_id"]]
            theirs = result.pop("ledger", [])
            difference = first_row_difference(game["ledger"], theirs)
            agrees = (
                result["finished"]
                and not result["errors"]
                and result["vp"] == game["vp"]
                and difference is None
            )
            out.append(
                {
                    **game,
                    "reference": result,
                    "reference_ledger": normalized(theirs),
                    "agrees": agrees,
                    "difference": difference,
                }
            )
    return out


def main(argv: list[str]) -> int:
    src = reference_source()
    if src is None:
        print("set TM_REFERENCE_SRC to the reference's src directory", file=sys.stderr)
        return 2
    start, count = int(argv[0]), int(argv[1])
    results = compare(src, [random_game(seed) for seed in range(start, start + count)])
    if len(argv) > 2:
        directory = Path(argv[2])
        directory.mkdir(parents=True, exist_ok=True)
        for r in results:
            if r["agrees"]:
                write_fixture(directory, r)
    for r in results:
        if not r["agrees"]:
            print(
                r["game_id"],
                r["faction"],
                r["option"],
                r["reference"]["errors"][:1],
                r["difference"],
            )
    agreeing = sum(r["agrees"] for r in results)
    by_faction: dict[str, list[int]] = {}
    for r in results:
        tally = by_faction.setdefault(f"{r['faction']} ({r['option']})", [0, 0])
        tally[0] += r["agrees"]
        tally[1] += 1
    for name, (ok, n) in sorted(by_faction.items()):
        print(f"{name}: {ok}/{n}")
    rows = sum(len(r["rows"]) for r in results)
    compared = sum(len(r["ledger"]) for r in results)
    print(
        f"{agreeing}/{len(results)} games agree on every ledger row and final VP "
        f"({rows} command rows, {compared} ledger rows compared)"
    )
    return 0 if agreeing == len(results) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
