"""Random legal playouts of Mythotopia and the invariants checked after every action."""

from __future__ import annotations

from collections import Counter
from typing import Any

from games.rules.mythotopia import data
from games.rules.mythotopia.playout import kind_of, random_step, weight

__all__ = ["check_invariants", "kind_of", "random_step", "weight"]

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
    progress = state["progress_display"] + state["progress_stack"] + state.get("out_of_game", [])
    progress += state["turn"].get("philosopher", [])
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
        on_card = sum(1 for c in state["claimed"] if c.endswith(f"-scribe-{key}"))  # Scribe
        villages = seat["villages"] + buildings[(number, "village")] + on_card
        assert villages == supplies["villages"][colour]
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
