"""The Mythotopia kind keeps the platform's contract and hides each player's secrets."""

from __future__ import annotations

import pytest

from games.kinds.contract import GameEngine, RuleViolation
from games.kinds.mythotopia import Mythotopia


@pytest.fixture
def kind():
    return Mythotopia()


def test_it_keeps_the_contract_and_refuses_with_rule_violations(kind):
    assert isinstance(kind, GameEngine)
    setup = kind.setup(players=["a", "b", "c"], options=[], seed="k", requested=None)
    state = kind.new_state(setup)
    assert kind.load(kind.dump(state)) == state
    [waiting] = kind.waiting_for(state)
    assert (waiting["seat"], waiting["actor"], waiting["category"]) == (1, "red", "turn")
    with pytest.raises(RuleViolation, match="not blue's turn"):
        kind.apply_for_seat(state, 2, "pass")
    with pytest.raises(RuleViolation, match="no option"):
        kind.setup(players=["a", "b"], options=["x"], seed="k", requested=None)
    assert kind.legal_commands(state, 2) == [] and "pass" in kind.legal_commands(state, 1)


def test_draws_and_discards_reach_only_their_player(kind):
    state = kind.new_state(kind.setup(players=["a", "b"], options=[], seed="k", requested=None))
    card = state["seats"]["1"]["hand"][0]
    state, rows = kind.apply_for_seat(state, 1, f"discard {card}")
    state, more = kind.apply_for_seat(state, 1, "pass")
    rows += more
    assert rows[0]["discarded"] == [card] and len(rows[1]["drawn"]) == 1
    own = kind.ledger_view(rows, 1)
    other = kind.ledger_view(rows, 2)
    spectator = kind.ledger_view(rows, None)
    assert own == rows
    for seen in (other, spectator):
        assert all("drawn" not in r and "discarded" not in r for r in seen)
        assert seen[0]["command"] == "discard 1 card"
    assert kind.command_view("red", f"discard {card}", 1) == f"discard {card}"
    assert kind.command_view("red", f"discard {card}", 2) == "discard 1 card"
    assert kind.command_view("red", f"discard {card}", None) == "discard 1 card"


def test_a_dropped_seat_is_skipped_and_two_dropped_of_three_end_the_game(kind):
    state = kind.new_state(
        kind.setup(players=["a", "b", "c"], options=[], seed="k", requested=None)
    )
    state = kind.drop_seat(state, 1)
    assert kind.waiting_for(state)[0]["seat"] == 2
    state = kind.drop_seat(state, 3)
    assert kind.is_finished(state)
    ranks = {row["seat"]: row["rank"] for row in kind.result(state)}
    assert sorted(ranks.values())[0] == 1


def test_a_view_names_the_provisional_components(kind):
    state = kind.new_state(kind.setup(players=["a", "b"], options=[], seed="k", requested=None))
    view = kind.view(state, None)
    assert "provisional" in view["provisional_components"] and view["waiting_for"]
