"""Helpers for the rules engine's tests: corpus games and scenario building."""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from games.rules.terra_mystica import (
    GameSetup,
    GameState,
    apply,
    legal_commands,
    new_game,
    waiting_for,
)
from games.rules.terra_mystica.replay import load_game_file, replay_game

CORPUS = Path(__file__).parents[1] / "fixtures" / "corpus"
CORPUS_GAMES = sorted(p for p in CORPUS.glob("*/*.json") if p.name != "index.json")
LEAGUE_OPTIONS = (
    "strict-leech",
    "strict-darkling-sh",
    "strict-chaosmagician-sh",
    "errata-cultist-power",
    "mini-expansion-1",
    "shipping-bonus",
    "temple-scoring-tile",
    "email-notify",
    "maintain-player-order",
    "variable-turn-order",
)


def corpus_game(name: str) -> dict:
    path = next(p for p in CORPUS_GAMES if p.stem == name)
    return load_game_file(path)


def state_after_line(game_name: str, line: int) -> GameState:
    """The state of a recorded game after its ledger line ``line`` (a real position)."""
    game = corpus_game(game_name)
    game = dict(game, rows=[r for r in game["rows"] if r["line"] <= line])
    return replay_game(game, check=False).state


def setup_game(
    factions: list[str], *, options=LEAGUE_OPTIONS, scoring=None, removed=None, after_setup=None
) -> GameState:
    """A new game with the factions chosen in seat order; ``after_setup`` maps a faction to the
    rows it sends right after being chosen (Fire & Ice: pick-color, the Ice Maidens' favor)."""
    n = len(factions)
    setup = GameSetup(
        player_count=n,
        options=tuple(options),
        scoring_tiles=tuple(
            scoring or ("SCORE5", "SCORE8", "SCORE4", "SCORE9", "SCORE6", "SCORE2")
        ),
        removed_bonus_tiles=tuple(
            removed or ("BON3", "BON4", "BON5", "BON6", "BON7", "BON8")[: 7 - n]
        ),
    )
    state = new_game(setup)
    for seat, name in enumerate(factions, start=1):
        state = apply(state, f"player{seat}", f"setup {name}")
        for row in (after_setup or {}).get(name, ()):
            state = apply(state, name, row)
    return state


def play(state: GameState, *moves: tuple[str, str]) -> GameState:
    for actor, row in moves:
        state = apply(state, actor, row)
    return state


def as_json(state: GameState) -> str:
    return json.dumps(state.to_json(), sort_keys=True)


@pytest.fixture
def as_json_text():
    return as_json


def start_round_one(
    dwellings: dict[str, list[str]],
    bonuses: dict[str, str],
    *,
    options=LEAGUE_OPTIONS,
    scoring=None,
    removed=None,
    after_setup=None,
) -> GameState:
    """Choose factions (in the dict's order), place their initial dwellings, take bonus tiles."""
    state = setup_game(
        list(dwellings),
        options=options,
        scoring=scoring,
        removed=removed,
        after_setup=after_setup,
    )
    todo = {name: list(hexes) for name, hexes in dwellings.items()}
    while state.phase == "initial-dwellings":
        name = state.setup_order[0][0]
        state = apply(state, name, f"build {todo[name].pop(0)}")
    while state.phase == "initial-bonus":
        name = state.setup_order[0][0]
        state = apply(state, name, f"pass {bonuses[name]}")
    assert state.round == 1 and state.phase == "play"
    return state


def fuzz_games(examples: int, **more: Any) -> Callable[[Callable[..., None]], Any]:
    """A hypothesis test over random games of every option family (``fuzz.make_game``'s
    ``family``, ``index`` and ``seed``, and the strategies in ``more``), reproducible."""
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    from . import fuzz

    def wrap(test: Callable[..., None]) -> Any:
        return settings(
            max_examples=examples,
            deadline=None,
            derandomize=True,
            suppress_health_check=[HealthCheck.too_slow],
        )(
            given(
                family=st.sampled_from(sorted(fuzz.FAMILIES)),
                index=st.integers(min_value=0, max_value=10_000),
                seed=st.integers(min_value=0, max_value=2**16),
                **more,
            )(test)
        )

    return wrap


def random_play(state: GameState, rng: random.Random) -> Iterator[GameState]:
    """The states of a game played on from ``state`` to its end, each move a legal row chosen
    at random (a pass seldom while there is something else to do)."""
    while not state.finished:
        yield state
        actor = rng.choice(sorted({d.actor for d in waiting_for(state)}))
        rows = legal_commands(state, actor)
        others = [r for r in rows if not r.startswith("pass")] or rows
        state = apply(state, actor, rng.choice(others if rng.random() < 0.95 else rows))
