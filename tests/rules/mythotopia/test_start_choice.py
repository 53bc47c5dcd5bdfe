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


def test_one_more_province_each_then_two_returned_secretly_to_the_stack():
    # Seed: "wählen alle Spieler gleichzeitig und geheim zwei ihrer Gebietskarten aus, die sie
    # abwerfen wollen. Dann werden diese Karten aufgedeckt und die Dörfer werden aus den
    # entsprechenden Gebieten entfernt. Die abgeworfenen Karten werden zurück auf den Stapel der
    # übrig gebliebenen Gebietskarten gelegt."
    state = mythotopia.new_state(mythotopia.make_setup(["a", "b", "c"], "7", ["start-choice"]))
    assert "citadel" not in state["vp_cards"]
    owned = {
        s: sorted(p for p, d in state["provinces"].items() if d["owner"] == s) for s in (1, 2, 3)
    }
    assert all(len(p) == 9 for p in owned.values())
    assert all(not seat["hand"] for seat in state["seats"].values())
    listed = mythotopia.legal_commands(state, 1)
    assert len(listed) == 36  # every pair of the nine provinces
    assert f"return {owned[1][0]} {owned[1][8]}" in listed
    with pytest.raises(RuleError, match="return 2 of your provinces"):
        mythotopia.apply(state, "red", f"return {owned[1][0]}")
    with pytest.raises(RuleError, match="return 2 of your provinces"):
        mythotopia.apply(state, "red", f"return {owned[2][0]} {owned[2][1]}")
    villages = state["seats"]["1"]["villages"]
    colours = state["colours"]
    mine = f"{owned[1][0]} {owned[1][1]}"
    after, rows = mythotopia.apply(state, colours[0], f"return {mine}")
    assert mythotopia.view(after, 1)["my_start_choice"] == owned[1][:2]
    assert owned[1][0] not in str(Mythotopia().ledger_view(rows, 2))
    assert Mythotopia().command_view(colours[0], f"return {mine}", 2) == "return (secret choice)"
    # All at once: the third player need not wait for the second.
    assert mythotopia.choosers(after) == [2, 3]
    after, _ = mythotopia.apply(after, colours[2], f"return {owned[3][0]} {owned[3][1]}")
    assert mythotopia.legal_commands(after, 3) == []
    done, rows = mythotopia.apply(after, colours[1], f"return {owned[2][0]} {owned[2][1]}")
    assert "provinces returned" in rows[0]["text"]
    for seat in (1, 2, 3):
        for province in owned[seat][:2]:
            assert done["provinces"][province]["owner"] is None
            assert province in done["province_stack"][-6:]
        assert len(done["seats"][str(seat)]["hand"]) == 5
        assert sum(d["owner"] == seat for d in done["provinces"].values()) == 7
    assert done["seats"]["1"]["villages"] == villages + 2
    assert done["turn"]["seat"] == 1
    # The last choice drew every first hand: each player sees only their own in the ledger.
    blue_hand = done["seats"]["2"]["hand"]
    assert Mythotopia().ledger_view(rows, 2)[0]["drawn"] == blue_hand
    assert Mythotopia().ledger_view(rows, 1)[0]["drawn"] == done["seats"]["1"]["hand"]
    assert "drawn" not in Mythotopia().ledger_view(rows, None)[0]


def test_with_the_citadel_card_the_citadels_are_chosen_after_the_start_choice_then_hands():
    # Seed: after the start choice "Sollten Zitadellen im Spiel sein, entscheiden die Spieler
    # jetzt ... wo sie ihre Zitadelle platzieren möchten"; the hands only afterwards ("Jeder
    # Spieler zieht 5 Karten", under "Startspieler und Startkarten").
    games = (
        mythotopia.new_state(mythotopia.make_setup(["a", "b", "c"], str(s), ["start-choice"]))
        for s in range(60)
    )
    state = next(g for g in games if "citadel" in g["vp_cards"])
    for seat in (1, 2, 3):
        state, _ = mythotopia.apply(
            state, state["colours"][seat - 1], mythotopia.legal_commands(state, seat)[0]
        )
    assert state["start_choices"] is None and state["citadel_choices"] == {}
    assert all(not seat["hand"] for seat in state["seats"].values())
    assert all(c.startswith("citadel ") for c in mythotopia.legal_commands(state, 2))
    for seat in (1, 2, 3):
        state, _ = mythotopia.apply(
            state, state["colours"][seat - 1], mythotopia.legal_commands(state, seat)[0]
        )
    assert [len(seat["hand"]) for seat in state["seats"].values()] == [5, 5, 5]
    assert "pass" in mythotopia.legal_commands(state, 1)
