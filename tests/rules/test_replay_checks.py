"""The checked replay's shortcuts give the answers of the long way.

``replay_game`` answers a matching row with ``matches`` (typed reads, no report built) and
keeps one ``Game`` and ledger for all of a game's rows; both must change nothing a player or
the corpus check would see.
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
def test_matches_answers_as_compare_row_on_every_row_and_its_alterations(name):
    record = corpus_game(name)["rows"]
    rows = [r for r in record if r["kind"] == "command"]
    assert len(rows) > 200
    # The keys matches reads, as the record's own strings (replay_game passes them): equal
    # to the literals, each the object the record's rows hold.
    keys = replay.record_keys(record)
    assert keys == replay.MATCHED_KEYS
    held = {k: k for k in (*rows[0], *rows[0]["after"], *rows[0]["after"]["cult"])}
    assert all(key is held[key] for key in keys if key in held)
    for row in rows:
        got = _as_ours(row)
        assert replay.matches(row, got)
        assert replay.matches(row, got, keys)
        assert replay.compare_row(row, got) is None
        for after in _alterations(row["after"]):
            altered = {**row, "after": after}
            assert replay.matches(altered, got, keys) == replay.matches(altered, got)
            try:
                report = replay.compare_row(altered, got)
            except (KeyError, TypeError):
                report = "unreadable"
            # A row matches only when compare_row finds nothing; what compare_row reports
            # never matches (it decides whenever matches says no).
            if replay.matches(altered, got):
                assert report is None, (row["line"], after)
            elif report is None:
                # Written differently, equal values (20.0 for 20, another order of tracks).
                assert json.dumps(after) != json.dumps(row["after"])
        for offers in ([*row.get("leech_offers", []), 1], [], [2]):
            altered = {**row, "leech_offers": offers}
            report = replay.compare_row(altered, got)
            assert replay.matches(altered, got) == (report is None), (row["line"], offers)
            assert replay.matches(altered, got, keys) == (report is None), (row["line"], offers)


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


@pytest.mark.parametrize("name", GAMES)
def test_matches_answers_as_compare_row_for_other_names_and_tags(name):
    """The faction, origin and command are read as strings: a value of another type, or
    another string, never matches where compare_row would report (nor the other way)."""
    rows = [r for r in corpus_game(name)["rows"] if r["kind"] == "command"]
    engine = next(r for r in rows if r["origin"] == "engine")
    player = next(r for r in rows if r["origin"] == "player")
    for row in (engine, player):
        got = _as_ours(row)
        for field, values in (
            ("faction", (None, 3, "nomads" if row["faction"] != "nomads" else "witches")),
            ("origin", (None, 3, "player", "engine")),
            ("command", (None, 3, row["command"] + " ")),
        ):
            for value in values:
                altered = {**row, field: value}
                try:
                    report = replay.compare_row(altered, got)
                except TypeError:
                    report = "unreadable"
                assert replay.matches(altered, got) == (report is None), (field, value)
                assert replay.matches(altered, got, replay.record_keys([altered])) == (
                    report is None
                ), (field, value)


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
