"""The expansion's part of the state (plain JSON in ``GameState.merchants``) and its data.

``GameState.merchants`` holds ``canals`` (pairs of river hexes a canal joins) and, per
faction, a record made by ``new_faction_state``:

- ``dock``: hex of the dock marker (None until placed), ``shipyard``: hex or None
- ``ships``: hexes of the faction's ships on the map (river hexes; a land hex while the
  ship waits there to trade), at most three; the rest are in the supply
- ``markers``: trade markers left (15), ``traded``: hexes holding one of its markers
- ``place``: ships gained and still to be placed; ``place_at_shipyard``: of these, how
  many must go beside the shipyard (its one-time bonus)
- ``sailed``: where the ships moved in this move action ended; ``trades``: buildings to
  trade with, ``resolved``: trades done in this move action, ``replace``: ships to put back
  on the map after the trades; ``trading``: trades have begun (no more sailing)
- ``sh_build``: a stronghold trade of this move action has allowed its one dwelling
- ``sh_hex``: the hex the spades of this move action's stronghold trades transform, until
  it is the home terrain ("" before the first transformation; None, or absent in games
  stored before it, outside such an action)
- ``spade_not_on``: a terrain the spades of this stronghold trade may not transform
- ``sandstorm_ship``: the Nomads' sandstorm hex beside a ship, to be built on with it
- ``fav13``: one-time choices of favor tile FAV13 still to make
"""

from __future__ import annotations

from functools import cache

from ..board import base_map_id
from ..data import merchants_data
from ..setup import GameSetup
from ..state import FactionState, GameState


def new_merchants_state(setup: GameSetup) -> dict:
    entry = merchants_data()["canals"].get(base_map_id(setup.map_id), {"canals": []})
    return {"canals": [list(c["joins"]) for c in entry["canals"]], "factions": {}}


def new_faction_state(s: GameState, f: FactionState) -> None:
    assert s.merchants is not None
    s.merchants["factions"][f.name] = {
        "dock": None,
        "shipyard": None,
        "ships": [],
        "markers": limit("trade_markers"),
        "traded": [],
        "place": 0,
        "place_at_shipyard": 0,
        "sailed": [],
        "trades": [],
        "resolved": [],
        "replace": 0,
        "trading": False,
        "fav13": 0,
        "sh_build": False,
        "sh_hex": None,
        "spade_not_on": None,
        "sandstorm_ship": None,
    }
    f.buildings["SY"] = 0
    f.keys += merchants_data()["faction_rules"]["extra_keys"].get(f.name, 0)


def of(s: GameState, f: FactionState) -> dict:
    """The faction's part of the expansion's state."""
    assert s.merchants is not None
    return s.merchants["factions"][f.name]


def limit(name: str) -> int:
    return merchants_data()["limits"][name]["value"]


def refusal(faction: str) -> str | None:
    """Why a faction cannot play with the expansion (None: it can)."""
    return merchants_data()["refused_factions"].get(faction)


def faction_rule(rule: str, faction: str, default=None):
    """A faction's special rule of the expansion (data/merchants.json, faction_rules)."""
    table = merchants_data()["faction_rules"][rule]
    if isinstance(table, list):
        return faction in table
    return table.get(faction, default)


@cache
def shipyard_board(faction: str) -> dict:
    """Upgrade cost, ship-action cost and one-time bonus of the faction's shipyard board."""
    boards = merchants_data()["shipyard_boards"]
    return {**boards["default"], **boards["factions"].get(faction, {})}


def markers_placed(s: GameState, f: FactionState) -> int:
    return len(of(s, f)["traded"])


def ships_in_supply(s: GameState, f: FactionState) -> int:
    m = of(s, f)
    return limit("ships") - len(m["ships"]) - m["place"]


def canal_status(map_id: str) -> dict:
    """Whether the map's canals are known: status and source (shown to players)."""
    entry = merchants_data()["canals"].get(base_map_id(map_id))
    if entry is None:
        return {"status": "unknown", "source": "no canal data for this map", "canals": 0}
    return {"status": entry["status"], "source": entry["source"], "canals": len(entry["canals"])}


def provisional_components() -> list[str]:
    """The components whose values are not verified against the printed ones (for players)."""
    data = merchants_data()
    out = [
        "shipyard boards (costs, ship action, one-time bonus): "
        + data["shipyard_boards"]["source"],
        "round scoring tiles SCORE10-SCORE21: " + data["scoring_tiles"]["source"],
        "move action without cost: " + data["move_action"]["source"],
        "Yetis' shipyard power value: " + data["shipyard"]["yetis_power_value"]["source"],
    ]
    out += [f"{tid}: {spec['source']}" for tid, spec in data["favor_tiles"].items()]
    out += [
        f"{tid}: {spec['source']}"
        for tid, spec in data["bonus_tiles"].items()
        if spec["status"] != "rulebook"
    ]
    out.append("canals: " + "; ".join(sorted({c["source"] for c in data["canals"].values()})))
    out += [f"{name}: {why}" for name, why in data["refused_factions"].items()]
    return out


def starting_vp(map_id: str, faction: str, printed: int) -> int:
    """The publisher's starting VP of a faction on a board (printed VP on other maps)."""
    table = merchants_data()["starting_vp"].get(base_map_id(map_id))
    return table["vp"].get(faction, printed) if table else printed
