"""Random legal playouts of Mythotopia and the invariants checked after every action."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from games.rules.mythotopia import data
from games.rules.mythotopia.legal import accepted, candidates

# A random player picks a kind of action first, favouring those that move the game towards its
# end (otherwise cheap actions such as discards crowd them out), then one of its commands at
# random; every command comes from the engine's candidates and is played only if accepted.
WEIGHTS = {"end game": 1000, "build": 60, "patronage": 60, "end war": 40, "attack": 25, "sail": 25}
OTHER_WEIGHT = 2
LOW = {"discard", "remove", "reserve", "withdraw", "recall", "pass"}


def kind_of(command: str) -> str:
    words = command.split()
    return " ".join(words[:2]) if words[0] == "end" else words[0]


def weight(kind: str) -> int:
    return WEIGHTS.get(kind, 1 if kind in LOW else OTHER_WEIGHT)


def random_step(state: dict[str, Any], rng: random.Random) -> tuple[dict[str, Any], str]:
    seat = state["turn"]["seat"]
    by_kind: dict[str, list[str]] = {}
    for command in candidates(state, seat):
        by_kind.setdefault(kind_of(command), []).append(command)
    while by_kind:
        kinds = sorted(by_kind)
        kind = rng.choices(kinds, [weight(k) for k in kinds])[0]
        # Within a kind, longer commands are favoured: a build paying the extra gold for a
        # Guilded City or Roadside Inns token, an attack sending more armies.
        options = by_kind[kind]
        command = rng.choices(options, [len(c.split()) ** 2 for c in options])[0]
        result = accepted(state, seat, command)
        if result is not None:
            return result[0], command
        by_kind[kind].remove(command)
        if not by_kind[kind]:
            del by_kind[kind]
    raise AssertionError("no candidate accepted: 'pass' is always legal")


STARTING = sorted(data.starting_cards())
PROVINCES = sorted(data.provinces())
PROGRESS = sorted(data.progress_cards())
TOKENS = Counter({int(v): n for v, n in data.rules()["token_supply"].items()})


def check_invariants(state: dict[str, Any]) -> None:
    """Cards conserved, no negative count, every piece within its supply, tokens conserved."""
    rules = data.rules()
    supplies = rules["supplies"]
    armies: Counter[str] = Counter()
    buildings: Counter[tuple[int, str]] = Counter()
    mercenaries = castles = 0
    for place in state["provinces"].values():
        assert (place["owner"] is None) == (place["building"] is None)
        armies.update(place["armies"])
        assert all(n > 0 for n in place["armies"].values())
        mercenaries += sum(place["mercenaries"].values())
        castles += place["castle"]
        if place["owner"]:
            buildings[(place["owner"], place["building"])] += 1
    provinces = list(state["province_stack"])
    progress = state["progress_display"] + state["progress_stack"]
    for key, seat in state["seats"].items():
        number = int(key)
        cards = seat["deck"] + seat["hand"] + seat["discard"] + seat["reserve"]
        assert sorted(c for c in cards + seat["removed"] if c in STARTING) == STARTING, key
        provinces += [c for c in cards if c[0].isupper()]
        progress += [c for c in cards if c[0].islower() and c not in STARTING]
        for field in ("armies", "armies_general", "ships", "ships_general", "villages", "cities"):
            assert seat[field] >= 0, (key, field)
        ships = sum(s.get(key, 0) for s in state["ships"].values())
        total = seat["armies"] + seat["armies_general"] + armies[key]
        assert total == supplies["armies"]["total"]
        assert seat["ships"] + seat["ships_general"] + ships == supplies["ships"]["total"]
        assert seat["cities"] + buildings[(number, "city")] == supplies["cities"]
        colour = state["colours"][number - 1]
        assert seat["villages"] + buildings[(number, "village")] == supplies["villages"][colour]
    assert sorted(provinces) == PROVINCES, "province cards conserved"
    assert sorted(progress) == PROGRESS, "progress cards conserved"
    assert state["mercenaries"] >= 0
    assert state["mercenaries"] + mercenaries == supplies["mercenaries"]
    assert state["roads_left"] >= 0 and state["roads_left"] + len(state["roads"]) == 9
    assert state["castles_left"] >= 0
    assert state["castles_left"] + castles == supplies["castles"]
    tokens = Counter({int(v): n for v, n in state["token_supply"].items()})
    for values in state["vp_cards"].values():
        tokens.update(values)
    for seat in state["seats"].values():
        tokens.update(t["value"] for t in seat["tokens"])
    assert tokens == TOKENS, "VP tokens conserved"
    assert all(n >= 0 for n in state["token_supply"].values())
