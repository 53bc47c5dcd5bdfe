"""The rules' acceptance test: every recorded real game replays exactly, row by row."""

from __future__ import annotations

import copy
import json

import pytest
from django.core.management import call_command

from games.rules.terra_mystica.replay import replay_game

from .conftest import CORPUS_GAMES, corpus_game


@pytest.mark.parametrize("path", CORPUS_GAMES, ids=lambda p: p.stem)
def test_recorded_game_replays_exactly(path):
    game = json.loads(path.read_text())
    result = replay_game(game)
    assert result.first_mismatch is None, result.first_mismatch.describe()
    # Every command row was compared: VP, C, W, P, the three bowls, the four cults, leech offers.
    assert result.rows_checked == sum(1 for r in game["rows"] if r["kind"] == "command")
    assert result.final_vp == game["final_vp"]


def test_corpus_holds_all_league_games_and_the_further_games():
    names = {p.parent.name for p in CORPUS_GAMES}
    assert names == {"snellman", "more"}
    assert sum(p.parent.name == "snellman" for p in CORPUS_GAMES) == 49
    assert sum(p.parent.name == "more" for p in CORPUS_GAMES) == 11


@pytest.mark.parametrize("field", ["VP", "C", "W", "P"])
def test_a_wrong_recorded_value_is_reported_at_its_row(field):
    game = corpus_game("4pLeague_S62_D1L1_G3")
    tampered = copy.deepcopy(game)
    row = next(r for r in tampered["rows"] if r["kind"] == "command" and r["line"] > 150)
    row["after"][field] += 1
    result = replay_game(tampered)
    assert not result.exact
    assert result.first_mismatch.line == row["line"]
    assert result.first_mismatch.field == field


def _tamper_pw(after: dict, row: dict) -> None:
    after["PW"][2] += 1


def _tamper_cult(after: dict, row: dict) -> None:
    after["cult"]["AIR"] += 1


def _drop_a_cult(after: dict, row: dict) -> None:
    del after["cult"]["WATER"]


def _add_an_offer(after: dict, row: dict) -> None:
    row["leech_offers"] = [*row.get("leech_offers", []), 1]


# The replay answers a matching row without building compare_row's report; every field it
# reads must still stop the replay at the row that differs, with compare_row's report.
@pytest.mark.parametrize(
    ("tamper", "field"),
    [
        (_tamper_pw, "PW"),
        (_tamper_cult, "cult"),
        (_drop_a_cult, "cult"),
        (_add_an_offer, "leech_offers"),
    ],
)
@pytest.mark.parametrize("with_offers", [False, True])
def test_every_compared_field_is_reported_at_its_row(tamper, field, with_offers):
    tampered = copy.deepcopy(corpus_game("4pLeague_S62_D1L1_G3"))
    row = next(
        r
        for r in tampered["rows"]
        if r["kind"] == "command"
        and r["origin"] == "player"
        and r["line"] > 150
        and bool(r.get("leech_offers")) == with_offers
    )
    tamper(row["after"], row)
    result = replay_game(tampered)
    assert not result.exact
    assert result.first_mismatch.line == row["line"]
    assert result.first_mismatch.field == field


def test_a_wrong_final_score_is_reported():
    game = copy.deepcopy(corpus_game("4pLeague_S60_D1L1_G1"))
    game["final_vp"]["engineers"] += 1
    result = replay_game(game)
    assert not result.exact
    assert result.first_mismatch.field == "final_vp"


def test_replay_command_reports_exact_games_and_a_summary(capsys):
    paths = [str(p) for p in CORPUS_GAMES[:2]]
    call_command("replay_snellman", *paths, "--summary")
    out = capsys.readouterr().out.splitlines()
    assert out[-1] == "2/2 games exact"
    assert all(line.endswith(": exact") for line in out[:-1])


def test_replay_command_json_output_and_failing_exit_status(tmp_path, capsys):
    game = copy.deepcopy(corpus_game("4pLeague_S60_D1L1_G1"))
    row = next(r for r in game["rows"] if r["kind"] == "command" and r["line"] > 100)
    row["after"]["C"] += 5
    bad = tmp_path / "tampered.json"
    bad.write_text(json.dumps(game))
    good = str(next(p for p in CORPUS_GAMES if p.stem == "4pLeague_S60_D1L1_G2"))
    with pytest.raises(SystemExit) as exit_info:
        call_command("replay_snellman", good, str(bad), "--json")
    assert exit_info.value.code == 1
    report = json.loads(capsys.readouterr().out)
    assert report["exact"] == 1 and report["total"] == 2
    first, second = report["games"]
    assert set(first) == {
        "game_id",
        "exact",
        "final_vp",
        "expected_vp",
        "first_mismatch",
        "replay_seconds",
    }
    assert first["exact"] and first["first_mismatch"] is None
    assert not second["exact"]
    assert second["first_mismatch"]["line"] == row["line"]
    assert second["first_mismatch"]["field"] == "C"
    assert second["first_mismatch"]["expected"] == row["after"]["C"]
