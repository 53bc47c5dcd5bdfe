"""Differential check of the Fire & Ice factions against terra.snellman.net's engine.

Random games are played with our engine (every decision a random legal row, building and
upgrading preferred to passing), each with one Fire & Ice faction beside base factions, 2 to
5 players, printed and revised Shapeshifters; the rows are fed to the reference engine
(``bench/snellman_replay.pl``, the public jsnell/terra-mystica sources kept outside the
project) and its final VP, errors and end are compared with ours.

    TM_REFERENCE_SRC=/path/to/terra-mystica/src python -m bench.fire_and_ice_oracle 0 100

With ``--auction`` every game starts with a faction auction (even seeds the printed one,
odd seeds the fast one) over all Fire & Ice boards beside the base game's.

With a third argument (a directory), the games that agree are written there as fixtures
(``write_fixture``: the corpus schema, or for auction games our moves with the reference's
values after every row); tests/rules replays them row by row.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path

from games.rules.terra_mystica.engine import new_game
from games.rules.terra_mystica.legal import random_legal_command
from games.rules.terra_mystica.player import apply_player_logged
from games.rules.terra_mystica.reference_ledger import (
    first_difference_at,
    from_first_pass,
    ledger_values,
    normalized,
)
from games.rules.terra_mystica.replay import replay_game
from games.rules.terra_mystica.setup import DEFAULT_OPTIONS, random_setup
from games.rules.terra_mystica.views import waiting_for

from .fire_and_ice_corpus import corpus_game
from .snellman_reference import HARNESS, reference_source

GROUPS = {
    "ice": ("icemaidens", "yetis"),
    "volcano": ("acolytes", "dragonlords"),
    "variable": ("shapeshifters", "riverwalkers"),
    "variable_v5": ("shapeshifters", "riverwalkers"),
}


AUCTIONS = ("faction-auction", "fast-auction")
REFERENCE_START_VP = 20
# Every Fire & Ice board, so that the auction's draw can offer them.
ALL_FACTION_OPTIONS = tuple(
    f"fire-and-ice-factions/{g}" for g in ("ice", "volcano", "variable", "variable_v5")
)


# Maps for varied games: the original, both Fire & Ice sides, Fjords and Lakes (the reference
# gets their terrain rows; its map variants of starting VP are Yucata's and left out).
VARIED_MAPS = (
    "126fe960806d587c78546b30f1a90853b1ada468",
    "95a66999127893f5925a5f591d54f8bcb9a670e6",
    "be8f6ebf549404d015547152d5f2a1906ae8dd90",
    "2afadc63f4d81e850b7c16fb21a1dcd29658c392",
    "fdb13a13cd48b7a3c3525f27e4628ff6905aa5b1",
)
# Options a varied game may leave out, one in four each (the Cultists' errata among them).
DROPPABLE = ("errata-cultist-power", "mini-expansion-1", "shipping-bonus", "temple-scoring-tile")
MAP_TERRAIN = {
    k: v["terrain"]
    for k, v in json.loads(
        (
            Path(__file__).resolve().parents[1] / "games/rules/terra_mystica/data/maps.json"
        ).read_text()
    )["maps"].items()
}


def varied_options(rng: random.Random) -> tuple[tuple[str, ...], str]:
    """Default options with some left out and some added, and a map."""
    options = [o for o in DEFAULT_OPTIONS if not (o in DROPPABLE and rng.random() < 0.25)]
    for extra in ("variable-turn-order", "fire-and-ice-final-scoring"):
        if rng.random() < 0.5:
            options.append(extra)
    return tuple(options), rng.choice(VARIED_MAPS)


def random_game(seed: int, auction: str | None = None, varied: bool = False) -> dict:
    """A random game with one Fire & Ice faction (or, with an auction, the factions the
    auction's draw offers), as reference rows and our final VP.

    The reference has no auction: it gets the auction's outcome, the factions set up in
    their turn-order positions, each followed by its own setup steps; VP are compared
    it starts every faction at 20 VP, so the faction's first line there begins with a VP
    adjustment to 40 - bid (``-17vp``, allowed by its option ``loose-adjust-resource``).
    While the factions place their first dwellings the reference writes a line that begins
    with an adjustment into whichever row is open, so auction games are compared from the
    first bonus card taken on (``from_first_pass``); the values carry every row before."""
    rng = random.Random(seed)
    group = sorted(GROUPS)[seed % len(GROUPS)]
    faction = GROUPS[group][seed // len(GROUPS) % len(GROUPS[group])]
    players = 2 + seed // 8 % 4  # every count for every faction and option
    defaults, map_id = DEFAULT_OPTIONS, VARIED_MAPS[0]
    if varied:
        defaults, map_id = varied_options(random.Random(f"varied-{seed}"))
    options: tuple[str, ...] = (*defaults, f"fire-and-ice-factions/{group}")
    if auction:
        revision = "variable_v5" if seed % 2 else "variable"
        fi = [o for o in ALL_FACTION_OPTIONS if not o.startswith("fire-and-ice-factions/var")]
        options = (*defaults, *fi, f"fire-and-ice-factions/{revision}", auction)
    setup = random_setup(
        f"fire-and-ice-{seed}", players, options, [f"p{i}" for i in range(1, 6)][:players], map_id
    )
    state = new_game(setup)
    moves: list[list[str]] = []
    ledger: list[dict] = []
    rows = [f"player-count {players}", *(f"option {o}" for o in options if o not in AUCTIONS)]
    rows += [f"final-scoring {tile}" for tile in setup.final_scoring_tiles]
    rows.append("score " + ",".join(setup.scoring_tiles))
    rows += [f"delete {tile}" for tile in setup.removed_bonus_tiles]
    if auction:
        rows.append("option loose-adjust-resource")
    adjustments: dict[str, str] = {}

    def faction_rows(actor: str, row: str) -> list[str]:
        subs = [sub for sub in row.split(". ") if sub]
        if actor in adjustments:
            subs.insert(0, adjustments.pop(actor))
        return [f"{actor}: {sub}" for sub in subs]

    # During the auction: each faction's reference rows and our ledger rows, until it ends.
    held_rows: dict[str, list[str]] = {}
    held_ledger: dict[str, list[dict]] = {}
    all_unlocked_at: int | None = None  # our ledger's length when the last colour was freed
    while not state.finished:
        actor = rng.choice(waiting_for(state)).actor
        if actor.startswith("player") and not state.factions and not auction:
            row: str | None = f"setup {faction}"
        else:
            row = random_legal_command(state, actor, rng, pass_rate=0.05)
        if row is None:
            raise RuntimeError(f"game {seed}: no legal row for {actor}")
        in_auction = state.phase == "faction-auction"
        state, produced = apply_player_logged(state, actor, row)
        moves.append([actor, row])
        values = [ledger_values(r) for r in produced if not r.is_comment]
        if in_auction:
            for v in values:
                held_ledger.setdefault(v["faction"], []).append(v)
            if not actor.startswith("player"):
                held_rows.setdefault(actor, []).append(row)
            if state.phase != "faction-auction":
                positions = state.auction["positions"]
                for name in sorted(positions, key=positions.__getitem__):
                    rows.append(f"setup {name}")
                    delta = state.factions[name].vp_source["start"] - REFERENCE_START_VP
                    if delta:
                        adjustments[name] = f"{'+' if delta > 0 else '-'}{abs(delta)}vp"
                    for held in held_rows.get(name, []):
                        rows += faction_rows(name, held)
                    ledger += held_ledger.get(name, [])
            continue
        ledger += values
        walkers = state.factions.get("riverwalkers")
        if walkers and len(walkers.unlocked) == 6 and all_unlocked_at is None:
            all_unlocked_at = len(ledger)
        if actor.startswith("player"):
            rows.append(row)
        else:
            rows += faction_rows(actor, row)
    return {
        "game_id": f"fire-and-ice-{'auction-' if auction else ''}{seed}",
        "player_count": players,
        "rows": rows,
        "base_map": None if map_id == VARIED_MAPS[0] else MAP_TERRAIN[map_id].split(),
        "map_id": map_id,
        "options": list(options),
        "all_unlocked_at": all_unlocked_at,
        "faction": faction if not auction else ",".join(sorted(state.factions)),
        "option": auction if auction else group,
        "auction": auction,
        "vp": {f.name: f.vp for f in state.factions.values()},
        "setup": setup.to_json(),
        "moves": moves,
        "ledger": ledger,
    }


def write_fixture(directory: Path, result: dict) -> str | None:
    """Write an agreeing game as a fixture; returns why it was kept out (None: written).

    A game without an auction becomes a game of the corpus schema (the reference's ledger,
    every row, ``fire_and_ice_corpus.py``), kept only if ``replay_game`` replays it exactly.
    The reference has no auction, so an auction game keeps our moves (the auction's bids
    first) and the reference's values after every row, compared as the oracle compares."""
    path = directory / f"{result['game_id']}.json"
    if not result["auction"]:
        record = corpus_game(
            {**result, "reference_vp": result["reference"]["vp"]},
            result["reference_full_ledger"],
        )
        replayed = replay_game(record)
        if not replayed.exact:
            mismatch = replayed.first_mismatch
            return mismatch.describe() if mismatch else "not exact"
        path.write_text(
            "{\n"
            + ",\n".join(
                f"{json.dumps(k)}: {json.dumps(v, sort_keys=True)}"
                for k, v in record.items()
                if k != "rows"
            )
            + ',\n"rows": [\n'
            + ",\n".join(json.dumps(r, sort_keys=True) for r in record["rows"])
            + "\n]}\n"
        )
        return None
    fixture = {
        "game_id": result["game_id"],
        "auction": result["auction"],
        "factions": sorted(result["vp"]),
        "setup": result["setup"],
        "moves": result["moves"],
        "reference_final_vp": result["reference"]["vp"],
        "reference_ledger": result["reference_ledger"],
    }
    path.write_text(json.dumps(fixture, indent=0, sort_keys=True) + "\n")
    return None


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
            env={**os.environ, "TM_LEDGER": "1", "TM_FULL_LEDGER": "1"},
        )
    by_id = {g["game_id"]: g for g in games}
    out = []
    for line in done.stdout.splitlines():
        if line.startswith("{"):
            result = json.loads(line)
            game = by_id[result["game_id"]]
            theirs = result.pop("ledger", [])
            full = result.pop("full_ledger", [])
            ours = game["ledger"]
            if game["auction"]:
                ours, theirs = from_first_pass(ours), from_first_pass(theirs)
            found = first_difference_at(ours, theirs)
            difference = found[1] if found else None
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
                    "reference_full_ledger": full,
                    "agrees": agrees,
                    "difference": difference,
                    "difference_at": found[0] if found else None,
                }
            )
    return out


# The verdicts of a run at scale, in this order.
VERDICTS = (
    "agree row by row",
    "same end, another row placement",
    "explained reference error",
    "unexplained",
)
SHAPESHIFTERS_DECLINED = (
    "reference without errata-cultist-power: no power for the Shapeshifters when all decline"
)
RIVERWALKERS_UNLOCKED = "reference: a seventh unlock asked of the Riverwalkers"


def explanation(result: dict) -> str | None:
    """A reference error known and decided by the rulebook (docs/rules-engine.md, "Fire &
    Ice factions") that happens in our game at or before the first differing row, or, when
    the reference stops at an error, before that error (a row written elsewhere, such as an
    income row folded into another, may come first and change nothing)."""
    at = result["difference_at"]
    if at is None and not result["reference"]["errors"]:
        return None
    ours = result["ledger"]
    if result["auction"]:
        ours = from_first_pass(ours)
    rows = normalized(ours)
    at = len(rows) if at is None else at
    if result["reference"]["errors"]:
        at = max(at, len(result["reference_ledger"]))
    if "errata-cultist-power" not in result["options"]:
        for row in rows[: at + 1]:
            if row["faction"] == "shapeshifters" and "[all opponents declined" in row["commands"]:
                return SHAPESHIFTERS_DECLINED
    unlocked = result["all_unlocked_at"]
    if unlocked is not None:
        offset = len(result["ledger"]) - len(ours)
        if len(normalized(ours[: max(unlocked - offset, 0)])) - 1 <= at:
            return RIVERWALKERS_UNLOCKED
    return None


def verdict(result: dict) -> tuple[str, str]:
    """How the reference's replay of one game compares with ours, and why."""
    if result["agrees"]:
        return VERDICTS[0], ""
    reference = result["reference"]
    if reference["finished"] and not reference["errors"] and reference["vp"] == result["vp"]:
        return VERDICTS[1], result["difference"] or ""
    why = explanation(result)
    if why:
        return VERDICTS[2], why
    return VERDICTS[3], f"{reference['errors'][:1]} {result['difference']}"


def scale_game(seed: int) -> dict:
    """The ``seed``-th game of a run at scale: one in five with an auction (printed and fast
    alternating), the others one Fire & Ice faction beside base factions, every option and
    map (``varied_options``)."""
    if seed % 5 == 4:
        return random_game(seed, AUCTIONS[seed // 5 % 2], varied=True)
    return random_game(seed, varied=True)


def run_verdicts(src: str, start: int, count: int, chunk: int = 25) -> int:
    """Plays and replays ``count`` games from ``start`` in chunks, printing each game's
    verdict as it comes and a table at the end; returns the number of unexplained games."""
    table: dict[str, Counter[str]] = {}
    reasons: Counter[str] = Counter()
    rows = compared = 0
    for first in range(start, start + count, chunk):
        games = [scale_game(seed) for seed in range(first, min(first + chunk, start + count))]
        for r in compare(src, games):
            name, why = verdict(r)
            keys = [r["auction"] or f"{r['faction']} ({r['option']})", "all"]
            for key in keys:
                table.setdefault(key, Counter())[name] += 1
            if name in VERDICTS[2:]:
                reasons[why if name == VERDICTS[2] else "unexplained"] += 1
            rows += len(r["rows"])
            compared += len(r["ledger"])
            print(json.dumps({"game_id": r["game_id"], "verdict": name, "why": why}), flush=True)
    print(f"\n{count} games from seed {start}: {rows} command rows, {compared} ledger rows")
    print("| games | " + " | ".join(VERDICTS) + " |")
    print("|---|" + "---|" * len(VERDICTS))
    for key in sorted(table, key=lambda k: (k == "all", k)):
        t = table[key]
        print(f"| {key} ({sum(t.values())}) | " + " | ".join(str(t[v]) for v in VERDICTS) + " |")
    for why, n in reasons.most_common():
        print(f"{n}: {why}")
    return table.get("all", Counter())[VERDICTS[3]]


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("start", type=int)
    parser.add_argument("count", type=int)
    parser.add_argument("directory", nargs="?", help="write the agreeing games as fixtures")
    parser.add_argument("--auction", action="store_true")
    parser.add_argument(
        "--verdicts",
        action="store_true",
        help="every faction, option and map, auctions among them; a verdict per game",
    )
    args = parser.parse_args(argv)
    src = reference_source()
    if src is None:
        print(
            "terra.snellman.net's engine is not given (REFERENCE_GIT or TM_REFERENCE_SRC): "
            "nothing to compare with, the oracle is skipped"
        )
        return 0 if args.verdicts else 2
    if args.verdicts:
        return 1 if run_verdicts(src, args.start, args.count) else 0
    start, count, auction = args.start, args.count, args.auction
    games = [
        random_game(seed, AUCTIONS[seed % 2] if auction else None)
        for seed in range(start, start + count)
    ]
    results = compare(src, games)
    if args.directory:
        directory = Path(args.directory)
        directory.mkdir(parents=True, exist_ok=True)
        for r in results:
            if r["agrees"]:
                kept_out = write_fixture(directory, r)
                if kept_out:
                    print(r["game_id"], "agrees but is kept out of the fixtures:", kept_out)
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
        keys = [f"{r['faction']} ({r['option']})"]
        if r["auction"]:
            keys = [f"{r['auction']} games", *(f"{f} (in an auction)" for f in r["vp"])]
        for key in keys:
            tally = by_faction.setdefault(key, [0, 0])
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
