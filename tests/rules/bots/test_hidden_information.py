"""A Mythotopia bot decides from its seat's view alone: a whole game against a spy that refuses
every other look at the state."""

from __future__ import annotations

import random

import pytest

from games.kinds.mythotopia import Mythotopia
from games.rules.bots import choose_command
from games.rules.mythotopia.playout import random_step


class Peeked(AssertionError):
    pass


class SealedState:
    """A state nobody may open: every attribute, item, iteration, copy or pickle raises."""

    __slots__ = ()

    def _refuse(self, *args, **kwargs):
        raise Peeked("the bot looked at the state beyond its view")

    __getattr__ = __getitem__ = __iter__ = __len__ = __contains__ = _refuse
    __deepcopy__ = __copy__ = __reduce__ = __reduce_ex__ = __getstate__ = _refuse


class SpyEngine:
    """The engine as the bot of ``seat`` may use it: that seat's view and legal commands of
    the sealed state, nothing else."""

    def __init__(self, engine: Mythotopia, state, seat: int) -> None:
        self._engine, self._state, self._seat = engine, state, seat
        self.sealed = SealedState()
        self.looks = 0

    def _opened(self, state, seat):
        if state is not self.sealed or seat != self._seat:
            raise Peeked(f"asked about seat {seat} or about a state of its own")
        self.looks += 1
        return self._state

    def view(self, state, seat):
        return self._engine.view(self._opened(state, seat), seat)

    def legal_commands(self, state, seat):
        return self._engine.legal_commands(self._opened(state, seat), seat)

    def __getattr__(self, name):
        raise Peeked(f"the bot called engine.{name}")


def test_the_bot_plays_a_whole_game_from_its_view_alone():
    """The search level (the heuristic one reads the same view, once per decision)."""
    level = "search"
    engine = Mythotopia()
    state = engine.new_state(
        engine.setup(players=["bot", "p"], options=[], seed="spy", requested=None)
    )
    rng = random.Random(5)
    bot_moves = 0
    for step in range(6000):
        if engine.is_finished(state):
            break
        seat = engine.waiting_for(state)[0]["seat"]
        if seat == 1:
            spy = SpyEngine(engine, state, 1)
            command = choose_command("mythotopia", spy, spy.sealed, 1, level, step, 0.003)
            assert spy.looks >= 1
            state, _ = engine.apply_for_seat(state, 1, command)
            bot_moves += 1
        else:
            state, _ = random_step(state, rng)
    assert engine.is_finished(state) and bot_moves > 20
    with pytest.raises(Peeked):
        choose_command("mythotopia", SpyEngine(engine, state, 2), SealedState(), 2, level, 0)
