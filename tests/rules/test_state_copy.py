"""A state's copy (legality tries every candidate on one) has every field and shares nothing.

The compiled build copies field by field by name: a field missing there would come back at
its default. These run on both builds (``bench/engine_compiled --test``).
"""

from __future__ import annotations

import contextlib
import dataclasses
import gc
import random

import pytest

from games.rules.core import RuleError
from games.rules.terra_mystica import apply, legal_commands, waiting_for
from games.rules.terra_mystica.engine import apply_in_place
from games.rules.terra_mystica.legal import candidate_rows
from games.rules.terra_mystica.notation import parse_row
from games.rules.terra_mystica.replay import replay_game
from games.rules.terra_mystica.state import FactionState, GameState, attributes
from games.rules.terra_mystica.watched import unwritten, watched

from . import fuzz
from .conftest import corpus_game, fuzz_games, random_play


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


def test_a_state_refuses_a_field_it_does_not_have_and_lists_its_fields_in_order():
    """The state classes keep their fields in slots (on both builds): a misspelled field is an
    error where it is written, not a new attribute no rule reads, and a state's attributes are
    exactly its fields, in their order, in a dict of their own."""
    state = replay_game(corpus_game("4pLeague_S60_D1L1_G3"), check=False).state
    f = next(iter(state.factions.values()))
    for obj in (state, f):
        with pytest.raises(AttributeError):
            obj.victory_points = 3  # type: ignore[union-attr]
        listed = attributes(obj)
        assert list(listed) == [field.name for field in dataclasses.fields(obj)]
        assert all(listed[name] is getattr(obj, name) for name in listed)
        listed["turn" if obj is state else "vp"] = -1
        assert getattr(obj, "turn" if obj is state else "vp") != -1


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
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        listed = 0
        for actor, command in moves:
            for waited in dict.fromkeys(d.actor for d in waiting_for(state)):
                listed += len(legal_commands(state, waited))
            state = apply(state, actor, command)
        gc.collect()
        # Only the engine's objects count: a thread an earlier test of this process left
        # running (a mail server's loop) may make garbage of its own meanwhile.
        engine_garbage = [type(o).__qualname__ for o in gc.garbage if _engine_object(o)]
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
        gc.enable()
    assert listed
    assert engine_garbage == []


def _engine_object(obj: object) -> bool:
    return type(obj).__module__.startswith("games.rules")


def _changed(value, n: int):
    """``value`` changed in place in a way ``restore`` must notice: an entry added, and the
    first one changed."""
    if isinstance(value, list):
        if value and isinstance(value[0], list | dict):  # (the test gives such lists one)
            value[0] = _changed(value[0], n)
            value.append(type(value[0])())  # the same kind of entry (a bridge, a record)
        else:
            value.append(f"unusual-{n}")
    elif isinstance(value, dict):
        for key, item in value.items():
            value[key] = _changed(item, n) if isinstance(item, list | dict) else f"unusual-{n}"
            break
        # An entry of the kind it holds (a list where a dict may hold lists).
        kind = next(iter(value.values()), [])
        value[f"unusual-{n}"] = type(kind)() if isinstance(kind, list | dict) else n
    return value


def _shared_containers(a, b) -> list[str]:
    """The containers ``a`` and ``b`` (states or factions) hold in common, at any depth."""
    shared = []

    def walk(x, y, path: str) -> None:
        if isinstance(x, list | dict) and x is y:
            shared.append(path)
        elif isinstance(x, list) and isinstance(y, list):
            for i, (u, v) in enumerate(zip(x, y, strict=False)):
                walk(u, v, f"{path}[{i}]")
        elif isinstance(x, dict) and isinstance(y, dict):
            for k in x.keys() & y.keys():
                walk(x[k], y[k], f"{path}[{k!r}]")

    for name, value in attributes(a).items():
        if name != "factions":
            walk(value, attributes(b)[name], name)
    return shared


def test_restore_sets_back_every_field_and_shares_no_container():
    """``GameState.restore`` (how a legality trial, applied in place, is undone) brings back
    every field of the state and of each faction, whatever changed: scalars, containers
    changed in place (an entry added, one changed, nested ones too) or replaced."""
    game = corpus_game("4pLeague_S60_D1L1_G3")
    prefix = dict(game, rows=game["rows"][: len(game["rows"]) // 2])
    pristine = replay_game(prefix, check=False).state
    # Every list of containers holds one (changed below, and one of its kind added).
    pristine.setup_order = [["witches", "dwelling"]]
    pristine.bridges = [["A1", "A2", "witches"]]
    pristine.river_links = {"r1": ["A1", "A2"]}
    pristine.auction = {"offered": ["witches"], "bids": {"witches": 3}}
    pristine.merchants = {"canals": [["A1", "A2"]], "factions": {}}
    before = pristine.to_json()
    live = pristine.copy()
    live.restore(pristine)  # nothing changed: nothing to do
    assert live.to_json() == before

    for f in live.factions.values():
        _with_unusual_scalars(f)
        for n, (name, value) in enumerate(attributes(f).items()):
            if isinstance(value, list | dict):
                setattr(f, name, _changed(value, n))
    _with_unusual_scalars(live)
    for n, (name, value) in enumerate(attributes(live).items()):
        if isinstance(value, list | dict) and name != "factions":
            setattr(live, name, _changed(value, n))
    live.blocked = ["ACT1", "ACT2"]  # a container replaced, not changed in place
    assert live.to_json() != before

    live.restore(pristine)

    assert live.to_json() == before
    assert pristine.to_json() == before
    assert not _shared_containers(live, pristine)
    for name, f in live.factions.items():
        assert not _shared_containers(f, pristine.factions[name]), name


# Every way a dict is written in place (``watched.py`` must see each one).
DICT_WRITES = {
    "d[k] = v": lambda d: d.__setitem__("unusual", 1),
    "d[k] = v, same value": lambda d: d.__setitem__(*next(iter(d.items()))),
    "del d[k]": lambda d: d.__delitem__(next(iter(d))),
    "d.pop(k)": lambda d: d.pop(next(iter(d))),
    "d.pop(k, default)": lambda d: d.pop(next(iter(d)), None),
    "d.popitem()": lambda d: d.popitem(),
    "d.setdefault(k, v)": lambda d: d.setdefault("unusual", 1),
    "d.update(other)": lambda d: d.update({"unusual": 1}),
    "d.update(k=v)": lambda d: d.update(unusual=1),
    "d |= other": lambda d: d.__ior__({"unusual": 1}),
    "d.clear()": lambda d: d.clear(),
}


def test_a_watched_dict_knows_every_write():
    """``restore`` leaves a watched dict nobody wrote as it is: every method of dict that
    writes must mark it written."""
    for name, write in DICT_WRITES.items():
        d = watched({"a": 1, "b": 2})
        assert unwritten(d)
        assert d == {"a": 1, "b": 2} and dict(d) == {"a": 1, "b": 2}
        write(d)
        assert not unwritten(d), name
        assert isinstance(d, dict)
    d = watched({"a": 1})
    for read in (d.get("a"), d["a"], "a" in d, list(d.items()), dict(d), len(d), d.copy()):
        assert read
    assert unwritten(d)


def test_restore_of_a_watched_state_sets_back_every_dict_written_in_any_way():
    """A state whose dicts are watched (as ``legal.Trials`` watches its scratch state) is
    restored whatever way a trial wrote its dicts, and its factions' dicts."""
    game = corpus_game("4pLeague_S60_D1L1_G3")
    prefix = dict(game, rows=game["rows"][: len(game["rows"]) // 2])
    pristine = replay_game(prefix, check=False).state
    before = pristine.to_json()
    live = pristine.copy()
    live.watch(busy="")  # every faction's dicts watched
    assert all(unwritten(f.buildings) for f in live.factions.values())
    live.restore(pristine)
    assert live.to_json() == before
    for name, write in DICT_WRITES.items():
        for owner in [live, *live.factions.values()]:
            written = [v for v in attributes(owner).values() if unwritten(v) and v]
            assert written
            for value in written:
                write(value)
            assert not any(unwritten(v) for v in written), name
            assert live.to_json() != before or "same value" in name
            live.restore(pristine)
            assert live.to_json() == before, name
            assert not _shared_containers(live, pristine)
            for fname, f in live.factions.items():
                assert not _shared_containers(f, pristine.factions[fname]), name
    # A dict replaced by a plain one is set back too.
    live.owner = {}
    live.factions[next(iter(live.factions))].vp_source = {}
    live.restore(pristine)
    assert live.to_json() == before


@fuzz_games(6)
@pytest.mark.parametrize("watch", [False, True], ids=["plain", "watched"])
def test_every_row_tried_in_place_and_restored_leaves_the_state_as_it_was(
    family, index, seed, watch
):
    """What ``legal.Trials`` relies on: any candidate row (the whole moves of every kind,
    passes that end a round included) applied to a state in place, accepted or refused, is
    undone by ``restore``, trial after trial on the same state, its dicts watched (as the
    trials' scratch state is) or not."""
    rng = random.Random(seed)
    moves = 0
    for moves, state in enumerate(random_play(fuzz.make_game(family, index, seed).state, rng)):
        if moves % 9:
            continue
        before = state.to_json()
        live = state.copy()
        for actor in sorted({d.actor for d in waiting_for(state)}):
            if watch:
                live.watch(actor)  # as the trials of the actor's rows watch it
            for row in candidate_rows(state, actor):
                with contextlib.suppress(RuleError):
                    apply_in_place(live, actor, parse_row(row))
                live.restore(state)
                assert live.to_json() == before, (actor, row)
                assert not _shared_containers(live, state), (actor, row)
    assert moves > 20
