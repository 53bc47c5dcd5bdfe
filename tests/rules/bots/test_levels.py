"""Every level plays legal commands from the first decision on, the same ones for the same seed."""

from __future__ import annotations

import pytest

from games.rules.bots import choose_command

from .test_api import ENGINES, new_game

# Small budgets keep the tests fast; the levels work the same at any budget.
BUDGET: dict[str, float | None] = {"heuristic": None, "search": 0.02, "random": None}


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


def test_terra_mystica_bots_play_the_expansions_on_another_map():
    """Fire & Ice factions, Merchants of the Seas and a map other than the original one: the
    bots only ever play what the engine lists, so every faction and option is theirs."""
    from games.rules.terra_mystica import ORIGINAL_MAP_ID, available_maps

    engine = ENGINES["terra_mystica"]()
    other = next(m["id"] for m in available_maps() if m["id"] != ORIGINAL_MAP_ID)
    options = ["fire-and-ice-factions/variable_v5", "merchants-of-the-seas"]
    setup = engine.setup(
        players=["a", "b", "c"], options=options, seed="expansions", requested={"map_id": other}
    )
    state = engine.new_state(setup)
    levels = {1: "search", 2: "heuristic", 3: "random"}
    for move in range(30):
        seat = engine.waiting_for(state)[0]["seat"]
        level = levels[seat]
        command = choose_command(
            "terra_mystica", engine, state, seat, level, move, BUDGET.get(level)
        )
        assert command in engine.legal_commands(state, seat)
        state, _ = engine.apply_for_seat(state, seat, command)
    assert engine.round(state) >= 1  # past the faction choices and the first dwellings


def test_two_mythotopia_bots_play_their_game_to_its_end():
    """Neither holds the game back short of its end: VP cards get emptied and the seat ahead
    ends the game (two bots used to stall it for ever)."""
    engine, state, chosen = play_some("mythotopia", {1: "heuristic", 2: "heuristic"}, 800, "end")
    assert engine.is_finished(state), len(chosen)
    assert state["winner"] in (1, 2)
