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
