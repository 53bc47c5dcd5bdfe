"""A state's copy (legality tries every candidate on one) has every field and shares nothing.

The compiled build copies field by field by name: a field missing there would come back at
its default. These run on both builds (``bench/engine_compiled --test``).
"""

from __future__ import annotations

import dataclasses
import gc

from games.rules.terra_mystica import apply, legal_commands, waiting_for
from games.rules.terra_mystica.replay import replay_game
from games.rules.terra_mystica.state import FactionState, GameState, attributes

from .conftest import corpus_game


def _unusual(value, n: int):
    """A value of the same kind as ``value`` that no field holds by default."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return 1000 + n
    if isinstance(value, str) or value is None:
        return f"unusual-{n}"
    return value


def _with_unusual_scalars(obj):
    for n, field in enumerate(dataclasses.fields(obj)):
        value = getattr(obj, field.name)
        if not isinstance(value, list | dict) and field.name not in ("setup", "merchants"):
            setattr(obj, field.name, _unusual(value, n))
    return obj


def _containers(obj) -> dict[str, object]:
    return {k: v for k, v in attributes(obj).items() if isinstance(v, list | dict) and v}


def test_a_copy_has_every_field_of_a_state_mid_game_and_shares_no_container():
    game = corpus_game("4pLeague_S60_D1L1_G3")
    prefix = dict(game, rows=game["rows"][: len(game["rows"]) // 2])
    state = replay_game(prefix, check=False).state
    for f in state.factions.values():
        _with_unusual_scalars(f)
    _with_unusual_scalars(state)

    copy = state.copy()

    assert copy == state
    assert attributes(copy.factions[next(iter(state.factions))]) == attributes(
        next(iter(state.factions.values()))
    )
    pairs: list[tuple[GameState | FactionState, GameState | FactionState]] = [(state, copy)]
    pairs += [(f, copy.factions[name]) for name, f in state.factions.items()]
    for original, copied in pairs:
        for name, value in _containers(original).items():
            assert getattr(copied, name) is not value, name
    # Changing the copy leaves the original as it was.
    before = state.to_json()
    f = next(iter(copy.factions.values()))
    f.locations.append("Z99")
    f.vp += 5
    copy.building["Z99"] = "D"
    assert state.to_json() == before


def test_listing_legal_moves_and_applying_them_leaves_no_cyclic_garbage():
    """Every copy a legality trial or a move makes is freed as soon as it is done with: none
    waits in a reference cycle for the garbage collector (the compiled build once left a
    cycle holding a whole state after each row that settled a turn's entitlements)."""
    game = corpus_game("4pLeague_S1_D1L1_G3")
    half = len(game["rows"]) // 2
    state = replay_game(dict(game, rows=game["rows"][:half]), check=False).state
    moves = [
        (row["faction"], row["player_command"])
        for row in game["rows"][half:]
        if row["kind"] != "comment" and row["origin"] != "engine"
    ][:40]
    gc.collect()
    gc.disable()
    try:
        listed = 0
        for actor, command in moves:
            for waited in dict.fromkeys(d.actor for d in waiting_for(state)):
                listed += len(legal_commands(state, waited))
            state = apply(state, actor, command)
        unreachable = gc.collect()
    finally:
        gc.enable()
    assert listed
    assert unreachable == 0
