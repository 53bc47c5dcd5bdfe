"""The checked replay's short way gives the answers of the replay row by row.

``replay_game`` first replays a game whole, comparing each row the engine writes with the
record's next one (``_replay_then_check``), and answers from there only when the game replays
exactly; at any difference it replays row by row (``_replay_row_by_row``), which says what and
where. The short way must never call a game exact that the long way does not.
"""

from __future__ import annotations

import copy
import json

import pytest

from games.rules.terra_mystica import replay

from .conftest import corpus_game

GAMES = ("4pLeague_S62_D1L1_G3", "4pLeague_S60_D1L1_G1", "4pLeague_S1_D1L1_G3")
MERGED = "4pLeague_S3_D1L1_G2"  # a player's row and an income row merged into one


def _answer(result: replay.ReplayResult) -> dict:
    """What a replay answers, but the time it took."""
    return {
        "exact": result.exact,
        "final_vp": result.final_vp,
        "expected_vp": result.expected_vp,
        "mismatch": result.first_mismatch.to_json() if result.first_mismatch else None,
        "rows_checked": result.rows_checked,
        "income_rows_folded": result.income_rows_folded,
        "empty_rows": result.empty_rows,
        "state": json.dumps(result.state.to_json(), sort_keys=True) if result.state else None,
    }


def _row_by_row(game: dict) -> dict:
    return _answered(lambda: replay._replay_row_by_row(game, True, 0.0))


def _replayed(game: dict) -> dict:
    return _answered(lambda: replay.replay_game(game))


def _answered(replaying) -> dict:
    """The answer, or the error raised (a record the comparison cannot read)."""
    try:
        return _answer(replaying())
    except Exception as e:
        return {"raises": repr(e)}


@pytest.mark.parametrize("name", [*GAMES, MERGED])
def test_an_exact_game_is_answered_by_the_short_way_as_row_by_row(name):
    game = corpus_game(name)
    short = replay._replay_then_check(game)
    assert short is not None
    assert _answer(short) == _row_by_row(game)
    assert short.rows_checked == sum(1 for r in game["rows"] if r["kind"] == "command")


def _set(path: tuple, value):
    def change(row: dict) -> None:
        held = row
        for key in path[:-1]:
            held = held[key]
        held[path[-1]] = value(held[path[-1]]) if callable(value) else value

    return change


def _drop_key(path: tuple):
    def change(row: dict) -> None:
        held = row
        for key in path[:-1]:
            held = held[key]
        del held[path[-1]]

    return change


# Changes to one command row of the record: every field the comparison reads, written wrong
# or written differently (equal values of another type or order), and rows the replay row by
# row folds or finds empty.
CHANGES = {
    "faction": _set(("faction",), "nomads_"),
    "faction None": _set(("faction",), None),
    "faction as number": _set(("faction",), 3),
    "VP": _set(("after", "VP"), lambda v: v + 1),
    "VP as float": _set(("after", "VP"), float),
    "C as text": _set(("after", "C"), str),
    "W missing": _drop_key(("after", "W")),
    "P": _set(("after", "P"), lambda v: v + 1),
    "PW bowl III": _set(("after", "PW"), lambda v: [v[0], v[1], v[2] + 1]),
    "PW two bowls": _set(("after", "PW"), lambda v: v[:2]),
    "PW as tuple": _set(("after", "PW"), tuple),
    "AIR": _set(("after", "cult", "AIR"), lambda v: v + 1),
    "FIRE missing": _drop_key(("after", "cult", "FIRE")),
    "a fifth track": _set(("after", "cult", "SHIP"), 0),
    "tracks reversed": _set(("after", "cult"), lambda v: dict(reversed(list(v.items())))),
    "an offer more": lambda row: row.update(leech_offers=[*row.get("leech_offers", []), 1]),
    "offers None": _set(("leech_offers",), None),
    "command": _set(("command",), lambda v: v + " "),
    "command as number": _set(("command",), 3),
    "origin None": _set(("origin",), None),
    "origin player": _set(("origin",), "player"),
    "origin mixed": _set(("origin",), "mixed"),
    "no player command": _set(("player_command",), "  "),
    # Not the row the engine writes here, for the replay row by row, which folds ours.
    "a player's command": lambda row: row.update(origin="player", command="build A1"),
}


@pytest.mark.parametrize("change", CHANGES)
@pytest.mark.parametrize("origin", ["player", "engine"])
def test_a_changed_row_is_answered_as_row_by_row(change, origin):
    game = corpus_game(GAMES[0])
    rows = [r for r in game["rows"] if r["kind"] == "command" and r["origin"] == origin]
    changed_rows = [rows[len(rows) // 3], rows[-1]]
    if origin == "engine":  # and an income row
        changed_rows.append(next(r for r in rows if r["command"].endswith("_income_for_faction")))
    for row in changed_rows:
        tampered = copy.deepcopy(game)
        changed = next(r for r in tampered["rows"] if r["line"] == row["line"])
        CHANGES[change](changed)
        assert _replayed(tampered) == _row_by_row(tampered), row["line"]


@pytest.mark.parametrize("change", CHANGES)
def test_a_changed_merged_row_is_answered_as_row_by_row(change):
    game = corpus_game(MERGED)
    tampered = copy.deepcopy(game)
    changed = next(r for r in tampered["rows"] if r.get("origin") == "mixed")
    CHANGES[change](changed)
    assert _replayed(tampered) == _row_by_row(tampered)


@pytest.mark.parametrize(
    "cut",
    [
        "a command row removed",
        "a command row doubled",
        "the last rows removed",
        "a row more at the end",
    ],
)
def test_rows_missing_or_more_are_answered_as_row_by_row(cut):
    game = corpus_game(GAMES[1])
    rows = game["rows"]
    at = next(i for i, r in enumerate(rows) if r["kind"] == "command" and r["line"] > 200)
    if cut == "a command row removed":
        rows = rows[:at] + rows[at + 1 :]
    elif cut == "a command row doubled":
        rows = [*rows[: at + 1], dict(rows[at]), *rows[at + 1 :]]
    elif cut == "the last rows removed":
        rows = rows[:-3]
    else:  # a row we do not write: the last command row again
        last = next(r for r in reversed(rows) if r["kind"] == "command")
        rows = [*rows, dict(last, line=last["line"] + 1)]
    tampered = dict(game, rows=rows)
    assert _replayed(tampered) == _row_by_row(tampered)
