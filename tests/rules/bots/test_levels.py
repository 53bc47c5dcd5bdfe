"""Every level plays legal commands from the first decision on, the same ones for the same seed."""

from __future__ import annotations

import pytest

from games.rules.bots import choose_command

from .test_api import ENGINES, new_game

# Small budgets keep the tests fast; the levels work the same at any budget.
BUDGET = {"heuristic": None, "search": 0.02}


def play_some(kind: str, levels: dict[int, str], decisions: int, seed: str = "levels"):
    """The first ``decisions`` decisions of a game, each checked legal when chosen."""
    engine, state = new_game(kind, seed=seed)
    chosen = []
    for move in range(decisions):
        if engine.is_finished(state):
            break
        seat = engine.waiting_for(state)[0]["seat"]
        level = levels[seat]
        command = choose_command(kind, engine, state, seat, level, move, BUDGET[level])
        assert command in engine.legal_commands(state, seat), (move, level, command)
        chosen.append(command)
        state, _ = engine.apply_for_seat(state, seat, command)
    return engine, state, chosen


@pytest.mark.parametrize("kind", list(ENGINES))
def test_heuristic_and_search_play_legal_commands(kind):
    *_, chosen = play_some(kind, {1: "heuristic", 2: "search"}, 40)
    assert len(chosen) == 40


@pytest.mark.parametrize("kind", list(ENGINES))
@pytest.mark.parametrize("level", ["heuristic", "search"])
def test_same_seed_same_command(kind, level):
    engine, state, _ = play_some(kind, {1: "heuristic", 2: "heuristic"}, 16)
    seat = engine.waiting_for(state)[0]["seat"]
    first = choose_command(kind, engine, state, seat, level, 7, BUDGET[level])
    assert all(
        choose_command(kind, engine, state, seat, level, 7, BUDGET[level]) == first
        for _ in range(2)
    )


@pytest.mark.parametrize("level", ["heuristic", "search"])
def test_mythotopia_bot_ends_the_game_it_would_win(level):
    """Four VP cards empty and the most VP: ending the game at once wins it."""
    engine, state, _ = play_some("mythotopia", {1: "heuristic", 2: "heuristic"}, 4)
    seat = engine.waiting_for(state)[0]["seat"]
    assert state["turn"]["actions"] == 0
    for card in sorted(state["vp_cards"])[:4]:
        state["vp_cards"][card] = []
    state["seats"][str(seat)]["tokens"].append({"card": "spoils", "value": 30})
    assert "end game" in engine.legal_commands(state, seat)
    assert choose_command("mythotopia", engine, state, seat, level, 1, BUDGET[level]) == "end game"
