"""rebuild_ledger: the rows of a log recomputed with the rules as they are now."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from games.models import Move
from tests.notifications.tables import Table

pytestmark = pytest.mark.django_db


def test_rows_recorded_under_old_rules_are_recomputed_and_a_second_run_changes_nothing():
    table = Table()
    table.play(30)
    moves = list(Move.objects.filter(game_id=table.game_id).order_by("number"))
    right = {m.pk: m.ledger for m in moves}
    stale = moves[20]
    Move.objects.filter(pk=stale.pk).update(ledger=[{"stale": True}])
    out = StringIO()
    call_command("rebuild_ledger", str(table.game_id), stdout=out)
    assert "1 games replayed, 1 moves' ledger rows changed." in out.getvalue()
    assert {m.pk: m.ledger for m in Move.objects.filter(game_id=table.game_id)} == right
    out = StringIO()
    call_command("rebuild_ledger", stdout=out)
    assert "0 moves' ledger rows changed" in out.getvalue()


def test_a_log_the_rules_refuse_is_named_and_left_alone():
    table = Table()
    table.play(30)
    broken = Move.objects.filter(game_id=table.game_id).order_by("number")[25]
    Move.objects.filter(pk=broken.pk).update(command="build Z99")
    before = list(Move.objects.filter(game_id=table.game_id).values_list("ledger", flat=True))
    with pytest.raises(CommandError, match=f"Move {broken.number} .*build Z99"):
        call_command("rebuild_ledger", str(table.game_id), stdout=StringIO())
    after = list(Move.objects.filter(game_id=table.game_id).values_list("ledger", flat=True))
    assert after == before
