"""The checked replay's shortcuts give the answers of the long way.

``replay_game`` reads the record by its own key strings, asks ``compare_row`` of a game with a
difference and keeps one ``Game`` and ledger for all of a game's rows; none of it may change
what a player or the corpus check would see (``test_replay_in_order`` holds the short way's
comparison to ``compare_row``).
"""

from __future__ import annotations

import json

import pytest

from games.rules.terra_mystica import replay
from games.rules.terra_mystica.context import Game
from games.rules.terra_mystica.engine import apply_in_place, drop_faction_in_place, new_game
from games.rules.terra_mystica.ledger import LedgerRow
from games.rules.terra_mystica.notation import parse_row

from .conftest import corpus_game

GAMES = ("4pLeague_S62_D1L1_G3", "4pLeague_S60_D1L1_G1", "4pLeague_S1_D1L1_G3")


def _as_ours(row: dict) -> LedgerRow:
    """Our row with the record row's values (what a replay that agrees writes)."""
    after = row["after"]
    offers = {f"faction{i}": n for i, n in enumerate(row.get("leech_offers") or [])}
    return LedgerRow(
        row["faction"],
        row["command"],
        after["VP"],
        after["C"],
        after["W"],
        after["P"],
        (after["PW"][0], after["PW"][1], after["PW"][2]),
        (
            after["cult"]["FIRE"],
            after["cult"]["WATER"],
            after["cult"]["EARTH"],
            after["cult"]["AIR"],
        ),
        None,
        offers,
    )


def _alterations(after: dict) -> list[dict]:
    """Records of the same row that differ, or are written differently (as JSON can), field
    by field."""
    out = []
    for key in ("VP", "C", "W", "P"):
        for value in (after[key] + 1, float(after[key]), None, str(after[key])):
            out.append({**after, key: value})
        out.append({k: v for k, v in after.items() if k != key})
    pw = after["PW"]
    for value in ([pw[0], pw[1]], [*pw, 0], [pw[0] + 1, pw[1], pw[2]], None):
        out.append({**after, "PW": value})
    cult = after["cult"]
    out.append({**after, "cult": dict(reversed(list(cult.items())))})  # another order
    out.append({**after, "cult": {k: v for k, v in cult.items() if k != "AIR"}})
    out.append({**after, "cult": {**cult, "SHIP": 0}})
    for track in cult:
        out.append({**after, "cult": {**cult, track: cult[track] + 1}})
    out.append({**after, "cult": {**cult, "WATER": None}})
    out.append({**after, "cult": list(cult.values())})
    return out


@pytest.mark.parametrize("name", GAMES)
def test_the_keys_read_are_the_records_own_strings(name):
    """The checked replay looks the record's fields up by the record's own key objects (found
    by identity): equal to the literals, each the object the record's rows hold."""
    record = corpus_game(name)["rows"]
    rows = [r for r in record if r["kind"] == "command"]
    keys = replay.record_keys(record)
    assert keys == replay.COMPARED_KEYS
    held = {k: k for k in (*rows[0], *rows[0]["after"], *rows[0]["after"]["cult"])}
    assert all(key is held[key] for key in keys if key in held)
    assert sum(key in held for key in keys) >= 14  # all but the offers, absent from some rows


@pytest.mark.parametrize("name", GAMES)
def test_compare_row_finds_every_altered_value_and_nothing_on_equal_ones(name):
    """compare_row, which the replay row by row asks of every row, reports a value written
    wrong and passes one written differently but equal (20.0 for 20, another track order)."""
    rows = [r for r in corpus_game(name)["rows"] if r["kind"] == "command"]
    assert len(rows) > 200
    for row in rows:
        got = _as_ours(row)
        assert replay.compare_row(row, got) is None
        for after in _alterations(row["after"]):
            altered = {**row, "after": after}
            try:
                report = replay.compare_row(altered, got)
            except (KeyError, TypeError):
                report = "unreadable"
            if report is None:
                # Written differently, equal values.
                assert json.dumps(after) != json.dumps(row["after"])
                assert after == row["after"] or after["cult"] == row["after"]["cult"]
        for offers in ([*row.get("leech_offers", []), 1], [2]):
            if sorted(offers) != sorted(row.get("leech_offers") or []):
                assert replay.compare_row({**row, "leech_offers": offers}, got) is not None


@pytest.mark.parametrize("name", GAMES)
def test_one_game_kept_for_every_row_writes_what_a_game_per_row_writes(name):
    record = corpus_game(name)
    setup = replay.setup_from_record(record)
    per_row, kept = new_game(setup), new_game(setup)
    seats = {faction: i + 1 for i, faction in enumerate(record["factions"])}
    game = Game(kept)
    written = 0
    for row, kind in zip(record["rows"], replay.row_kinds(record["rows"]), strict=True):
        if kind == replay.DROP:
            a = drop_faction_in_place(per_row, row["dropped_faction"])
            b = drop_faction_in_place(kept, row["dropped_faction"], game=game)
        elif kind in (replay.SETUP, replay.PLAYER):
            actor, text = (
                (f"player{seats[row['faction']]}", f"setup {row['faction']}")
                if kind == replay.SETUP
                else (row["faction"], row["player_command"])
            )
            a = apply_in_place(per_row, actor, parse_row(text, answer_offers_first=False))
            b = apply_in_place(kept, actor, parse_row(text, answer_offers_first=False), game=game)
        else:
            continue
        assert [r.to_json() for r in b] == [r.to_json() for r in a], row["line"]
        written += len(a)
    assert written > 300
    assert json.dumps(kept.to_json(), sort_keys=True) == json.dumps(
        per_row.to_json(), sort_keys=True
    )


def test_a_rows_delta_is_measured_from_its_snapshot_and_a_comment_has_none():
    """The snapshot is six ints for every row (a comment's are zeros): a row's delta is worked
    out from them, whatever their values, and a comment's delta is empty."""
    row = LedgerRow("witches", "build E5", 20, 5, 3, 1, (2, 4, 1), (1, 0, 2, 0))
    assert row.before == (0, 0, 0, 0, 0, 0)
    assert row.delta == {"VP": 20, "C": 5, "W": 3, "P": 1, "PW": 6, "CULT": 3}
    row = LedgerRow(
        "witches", "build E5", 20, 5, 3, 1, (2, 4, 1), (1, 0, 2, 0), None, {}, (18, 7, 4, 0, 6, 3)
    )
    assert row.delta == {"VP": 2, "C": -2, "W": -1, "P": 1, "PW": 0, "CULT": 0}
    comment = LedgerRow(None, "Round 1, turn 1")
    assert (comment.delta, comment.to_json()) == ({}, {"comment": "Round 1, turn 1"})


def test_row_kinds_reads_a_tag_of_another_type_as_not_that_tag():
    """A record's origin or command of another type than a string is not "engine" or
    "setup", on either build (no TypeError from a typed read)."""
    rows = [
        {"kind": "command", "origin": None, "faction": "witches", "player_command": "build E5"},
        {"kind": "command", "origin": "engine", "faction": "witches", "command": None},
        {"kind": "comment", "text": "Round 1, turn 1", "tag": None},
    ]
    assert replay.kinds_and_empty(rows) == ([replay.PLAYER, replay.ENGINE, replay.COMMENT], False)
    rows.append({**rows[0], "player_command": " ", "command": ""})
    assert replay.row_kinds(rows)[-1] == replay.EMPTY and replay.kinds_and_empty(rows)[1]
