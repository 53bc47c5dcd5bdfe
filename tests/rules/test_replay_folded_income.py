"""Ledgers where terra.snellman.net folds a faction's income row into a row still open
(issue 12): the replay reads them and still compares every row the record has."""

from __future__ import annotations

import copy

from games.rules.terra_mystica.replay import load_game_file, replay_game

GAME = "tests/fixtures/corpus/snellman/4pLeague_S62_D1L1_G3.json"


def _income_rows(game: dict) -> list[int]:
    return [
        i
        for i, r in enumerate(game["rows"])
        if r["kind"] == "command" and r["command"] == "other_income_for_faction"
    ]


def test_the_record_as_written_replays_exactly_without_folding():
    result = replay_game(load_game_file(GAME))
    assert result.exact and result.income_rows_folded == 0


def test_a_missing_income_row_of_a_later_faction_is_read_as_folded():
    game = load_game_file(GAME)
    full = replay_game(copy.deepcopy(game))
    # The second income row of round 1, then the first of round 3 (the next row after
    # it is another faction's income row, resp. a player's row).
    drop = {_income_rows(game)[1], _income_rows(game)[-1]}
    game["rows"] = [r for i, r in enumerate(game["rows"]) if i not in drop]
    result = replay_game(game)
    assert result.exact, result.first_mismatch
    assert result.income_rows_folded == 2
    assert result.rows_checked == full.rows_checked - 2
    assert result.final_vp == full.final_vp


def test_a_wrong_value_after_a_folded_row_is_still_found():
    game = load_game_file(GAME)
    rows = _income_rows(game)
    nxt = rows[1] + 1
    game["rows"][nxt] = copy.deepcopy(game["rows"][nxt])
    game["rows"][nxt]["after"]["C"] += 1
    game["rows"].pop(rows[1])
    result = replay_game(game)
    assert not result.exact and result.first_mismatch.field == "C"


def _with_empty_row(game: dict) -> tuple[dict, int]:
    """The record with the row the site sometimes leaves empty: the last player still in a
    round gets a row without a command, right after the others' last pass."""
    rows = game["rows"]
    factions = set(game["factions"])
    passed: set[str] = set()
    for i, r in enumerate(rows):
        if r["kind"] != "command" or r["origin"] != "player":
            continue
        if r["command"].startswith("pass"):
            passed.add(r["faction"])
            if len(passed) == len(factions) - 1:
                (last,) = factions - passed
                before = next(
                    x for x in reversed(rows[:i]) if x.get("faction") == last and "after" in x
                )
                empty = {
                    **copy.deepcopy(before),
                    "line": r["line"],
                    "origin": "player",
                    "command": "",
                    "subcommands": [],
                    "player_command": "",
                    "delta": dict.fromkeys(before["delta"], 0),
                    "leech_offers": [],
                }
                game["rows"] = [*rows[: i + 1], empty, *rows[i + 1 :]]
                return game, i + 1
    raise AssertionError("no round with a last player")


def test_an_empty_row_for_the_last_player_in_the_round_is_read():
    game, _ = _with_empty_row(load_game_file(GAME))
    result = replay_game(game)
    assert result.exact, result.first_mismatch
    assert result.empty_rows == 1


def test_a_wrong_value_in_an_empty_row_is_found():
    game, at = _with_empty_row(load_game_file(GAME))
    game["rows"][at]["after"]["C"] += 1
    result = replay_game(game)
    assert not result.exact and result.first_mismatch.field == "C"


def test_the_import_skips_an_empty_row():
    from games.kinds.terra_mystica.notation import corpus_entries

    plain = corpus_entries(load_game_file(GAME))
    game, _ = _with_empty_row(load_game_file(GAME))
    assert corpus_entries(game).entries == plain.entries


def test_only_an_income_row_of_ours_is_read_as_folded():
    """A player's row the record writes otherwise than we do is compared, not folded: only
    our income rows are (whatever the record's command says)."""
    game = load_game_file(GAME)
    at = next(
        i
        for i, r in enumerate(game["rows"])
        if r["kind"] == "command" and r["origin"] == "player" and r["command"].startswith("build")
    )
    game["rows"][at] = copy.deepcopy(game["rows"][at])
    game["rows"][at]["command"] = game["rows"][at]["command"].upper()
    result = replay_game(copy.deepcopy(game))
    assert result.exact and result.income_rows_folded == 0, result.first_mismatch
    game["rows"][at]["after"]["C"] += 1
    result = replay_game(game)
    assert not result.exact and result.income_rows_folded == 0
    assert (result.first_mismatch.line, result.first_mismatch.field) == (
        game["rows"][at]["line"],
        "C",
    )
