"""Scenario test: the optional start choice (MY-03), a secret choice before the first turn."""

from __future__ import annotations

import pytest

from games.kinds.mythotopia import Mythotopia
from games.rules import mythotopia
from games.rules.core import RuleError


def test_the_start_choice_is_offered_to_three_and_four_players_only():
    # "Optional start choice (3-4 players only, not 2)".
    with pytest.raises(RuleError, match="3 or 4 players"):
        mythotopia.make_setup(["a", "b"], "s", ["start-choice"])
    with pytest.raises(RuleError, match="no option"):
        mythotopia.make_setup(["a", "b", "c"], "s", ["free-castles"])
    assert "start-choice" in [o.name for o in Mythotopia.info.options]


def test_one_more_province_each_then_one_returned_secretly_to_the_stack():
    # "deal one more card each (4p 7, 3p 9), put villages on all of them; ... all players
    # simultaneously and secretly choose province cards to discard, reveal, remove those
    # villages and put the cards back onto the province stack" (one card: provisional).
    state = mythotopia.new_state(mythotopia.make_setup(["a", "b", "c"], "7", ["start-choice"]))
    owned = {
        s: sorted(p for p, d in state["provinces"].items() if d["owner"] == s) for s in (1, 2, 3)
    }
    assert all(len(p) == 9 for p in owned.values())
    assert all(not seat["hand"] for seat in state["seats"].values())
    assert mythotopia.legal_commands(state, 1) == [f"return {p}" for p in owned[1]]
    with pytest.raises(RuleError, match="return 1 of your provinces"):
        mythotopia.apply(state, "red", f"return {owned[2][0]}")
    villages = state["seats"]["1"]["villages"]
    colours = state["colours"]
    after, rows = mythotopia.apply(state, colours[0], f"return {owned[1][0]}")
    assert mythotopia.view(after, 1)["my_start_choice"] == [owned[1][0]]
    assert owned[1][0] not in str(Mythotopia().ledger_view(rows, 2))
    assert Mythotopia().command_view(colours[0], f"return {owned[1][0]}", 2) == (
        "return (secret choice)"
    )
    # All at once: the third player need not wait for the second.
    assert mythotopia.choosers(after) == [2, 3]
    after, _ = mythotopia.apply(after, colours[2], f"return {owned[3][0]}")
    assert mythotopia.legal_commands(after, 3) == []
    done, rows = mythotopia.apply(after, colours[1], f"return {owned[2][0]}")
    assert "provinces returned" in rows[0]["text"]
    for seat in (1, 2, 3):
        province = owned[seat][0]
        assert done["provinces"][province]["owner"] is None
        assert province in done["province_stack"][-3:]
        assert len(done["seats"][str(seat)]["hand"]) == 5
    assert done["seats"]["1"]["villages"] == villages + 1
    assert done["turn"]["seat"] == 1
