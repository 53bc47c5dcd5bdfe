"""import_game, export_game and load_demo."""

from __future__ import annotations

import json
import re
from io import StringIO

import pytest
from django.core import mail
from django.core.management import CommandError, call_command

from games.models import Game
from leagues.models import LeagueGame
from ratings.models import PlayerRating
from tests.conftest import CORPUS, load_corpus_game

pytestmark = pytest.mark.django_db


def test_import_game_makes_a_finished_game_with_the_recorded_scores():
    out = StringIO()
    call_command("import_game", str(CORPUS / "4pLeague_S64_D1L1_G5.json"), stdout=out)
    game = Game.objects.get()
    record = load_corpus_game("4pLeague_S64_D1L1_G5")
    assert game.status == "finished"
    assert {s.faction: s.final_vp for s in game.seats.all()} == record["final_vp"]
    assert {s.faction for s in game.seats.filter(dropped=True)} == {"cultists", "darklings"}
    assert "finished" in out.getvalue()


def test_export_then_import_gives_the_same_final_scores(tmp_path):
    call_command("import_game", str(CORPUS / "4pLeague_S60_D1L1_G1.json"), stdout=StringIO())
    original = Game.objects.get()
    text = StringIO()
    call_command("export_game", str(original.pk), stdout=text)
    path = tmp_path / "game.txt"
    path.write_text(text.getvalue())
    with pytest.raises(CommandError, match="already have accounts here"):
        call_command("import_game", str(path), stdout=StringIO())
    call_command("import_game", str(path), "--attach-existing", stdout=StringIO())
    copy = Game.objects.exclude(pk=original.pk).get()
    assert copy.status == "finished"
    assert {s.faction: s.final_vp for s in copy.seats.all()} == {
        s.faction: s.final_vp for s in original.seats.all()
    }


def test_import_reports_the_first_illegal_move(tmp_path):
    call_command("import_game", str(CORPUS / "4pLeague_S60_D1L1_G1.json"), stdout=StringIO())
    text = StringIO()
    call_command("export_game", str(Game.objects.get().pk), stdout=text)
    path = tmp_path / "bad.txt"
    path.write_text(text.getvalue().replace("darklings: build C1", "darklings: fly to the moon"))
    with pytest.raises(CommandError, match=r"Entry 12 \(darklings: fly to the moon\)"):
        call_command("import_game", str(path), "--attach-existing", stdout=StringIO())
    assert Game.objects.count() == 1


# Committed for real: the demo's background work runs when its transaction commits.
@pytest.mark.django_db(transaction=True)
def test_load_demo_creates_players_and_a_game_in_progress():
    # The number of recorded moves `make run` loads.
    out = StringIO()
    call_command("load_demo", stdout=out)
    demo = Game.objects.get(name="Demo: league game in progress")
    assert demo.status == "running"
    assert demo.move_count == 60
    # The demo's own mails are counted, not printed or sent one by one.
    told = re.search(r"(\d+) mails about the demo games", out.getvalue())
    assert told and int(told.group(1)) > 0
    assert mail.outbox == []
    assert Game.objects.filter(status="open").count() == 1
    # Three recorded games finished with their real scores, and rated.
    finished = Game.objects.filter(status="finished")
    assert finished.count() == 3
    seats = finished.get(name="4pLeague_S60_D1L1_G2").seats.all()
    assert sorted(s.final_vp for s in seats) == [129, 150, 152, 157]
    assert PlayerRating.objects.count() > 0
    # A three-player league season with its games created.
    league_games = LeagueGame.objects.all()
    assert league_games.count() == 3 and {lg.game.player_count for lg in league_games} == {3}
    count = Game.objects.count()
    call_command("load_demo", stdout=StringIO())  # idempotent
    assert Game.objects.count() == count


def test_a_faction_auction_game_imports_and_exports(tmp_path):
    # A game of the auction fixtures (checked against the reference) as a game file.
    fixture = sorted((CORPUS.parents[1] / "fire_and_ice_auction").glob("*.json"))[0]
    game = json.loads(fixture.read_text())
    setup = game["setup"]
    lines = [f"option {o}" for o in setup["options"]]
    lines.append("scoring " + ",".join(setup["scoring_tiles"]))
    lines += [f"remove {t}" for t in setup["removed_bonus_tiles"]]
    lines.append("auction " + ",".join(setup["auction_factions"]))
    lines += [f"player {p}" for p in setup["players"]]
    lines += [f"{actor}: {row}" for actor, row in game["moves"]]
    path = tmp_path / "auction.txt"
    path.write_text("\n".join(lines) + "\n")
    call_command("import_game", str(path), stdout=StringIO())
    original = Game.objects.get()
    assert original.status == "finished"
    final = {s.faction: s.final_vp for s in original.seats.all()}
    assert final == game["reference_final_vp"]
    text = StringIO()
    call_command("export_game", str(original.pk), stdout=text)
    assert f"auction {','.join(setup['auction_factions'])}" in text.getvalue()
    again = tmp_path / "again.txt"
    again.write_text(text.getvalue())
    call_command("import_game", str(again), "--attach-existing", stdout=StringIO())
    copy = Game.objects.exclude(pk=original.pk).get()
    assert {s.faction: s.final_vp for s in copy.seats.all()} == final
