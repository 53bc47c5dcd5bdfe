"""Read-only views of a game for clients: who must act, the full public state, results."""

from __future__ import annotations

from dataclasses import dataclass, field

from .auction import PHASE, auction_kind, free_positions
from .context import Game
from .data import BUILDING_SUPPLY, CULTS, POWER_ACTIONS, bonus_tiles, natural_key, scoring_tiles
from .expansion import merchants
from .income import income_parts
from .scoring import network_size, pass_vp
from .state import FactionState, GameState
from .turns import factions_in_turn_order

DECISION_KINDS = {
    "faction": "choose a faction",
    "dwelling": "place an initial dwelling",
    "bonus": "choose a bonus tile",
    "action": "take an action",
    "leech": "accept or decline power",
    "cult": "advance on a cult track",
    "favor": "take a favor tile",
    "town": "take a town tile",
    "transform": "use spades",
    "bridge": "place the bridge",
    "convert": "convert workers to priests (or decline)",
    "upgrade": "upgrade a dwelling for free",
    "dock": "place the dock",
    "ship": "place a ship",
    "trade": "resolve a trade",
    "favor-choice": "choose the favor tile's reward",
}


@dataclass(frozen=True, slots=True)
class Decision:
    actor: str
    seat: int
    kind: str
    amount: int | None = None
    from_faction: str | None = None
    details: dict = field(default_factory=dict)

    @property
    def description(self) -> str:
        text = DECISION_KINDS.get(self.kind, self.kind)
        if self.kind == "leech":
            return f"{text}: {self.amount} from {self.from_faction}"
        return text

    def to_json(self) -> dict:
        out = {
            "actor": self.actor,
            "seat": self.seat,
            "kind": self.kind,
            "description": self.description,
        }
        if self.amount is not None:
            out["amount"] = self.amount
        if self.from_faction is not None:
            out["from_faction"] = self.from_faction
        out.update(self.details)
        return out


def waiting_for(state: GameState) -> list[Decision]:
    """Every decision the game is waiting for, in the order they arose."""
    out: list[Decision] = []
    seen: set[tuple[str, str]] = set()
    for r in state.action_required:
        kind = r["type"]
        if kind == "gameover":
            continue
        if kind in ("faction", "bid"):
            seat = r["seat"]
            out.append(Decision(actor=f"player{seat}", seat=seat, kind=kind))
            continue
        f = state.factions.get(r.get("faction", ""))
        if f is None:
            continue
        if kind != "leech":
            if (f.name, kind) in seen:
                continue
            seen.add((f.name, kind))
        if kind == "leech":
            out.append(
                Decision(
                    f.name,
                    f.seat,
                    "leech",
                    amount=r["amount"],
                    from_faction=r["from_faction"],
                    details={"actual": r["actual"]},
                )
            )
        else:
            amount = r.get("amount")
            out.append(
                Decision(f.name, f.seat, "action" if kind == "full" else kind, amount=amount)
            )
    if state.setup.has("wait-for-leech"):
        out = [d for d in out if not turn_waits_for_leech(out, d.actor) or d.kind != "action"]
    return out


def turn_waits_for_leech(decisions: list[Decision], actor: str) -> bool:
    """Option wait-for-leech (Yucata): a turn starts only once every other player has
    answered the power offers of the last build."""
    return any(d.kind == "leech" and d.actor != actor for d in decisions)


def acting_factions(state: GameState) -> list[str]:
    """Actors who have a decision to make now (a leech decision counts)."""
    names: list[str] = []
    for d in waiting_for(state):
        if d.actor not in names:
            names.append(d.actor)
    return names


def income_preview(state: GameState, f: FactionState) -> dict[str, int]:
    """What ``f`` will receive at the next income, as Yucata shows it: buildings, favor
    tiles, the current round's cult bonus, and the bonus tile's income once ``f`` has
    passed (before that the tile will still be exchanged). Nothing after round 6."""
    if state.round >= 6 or state.finished:
        return {}
    parts = income_parts(Game(state), f)
    total: dict[str, int] = {}
    for key in ("buildings", "favors", "bonus", "scoring"):
        if key == "scoring" and state.round == 0:
            continue
        for res, n in parts[key].items():
            total[res] = total.get(res, 0) + n
    if "P" in total:
        total["P"] = min(total["P"], f.max_p - f.p)
    return {k: v for k, v in total.items() if v}


def faction_view(state: GameState, f: FactionState) -> dict:
    g = Game(state)
    spec = g.rules(f).spec
    return {
        "VP": f.vp,
        "C": f.c,
        "W": f.w,
        "P": f.p,
        "PW": [f.p1, f.p2, f.p3],
        "cult": dict(zip(CULTS, f.cult, strict=True)),
        "faction": f.name,
        "display_name": spec.display,
        "color": f.color,
        # Riverwalkers: the colours unlocked so far (the board shows them by name).
        "unlocked": list(f.unlocked),
        "seat": f.seat,
        "player": f.player,
        "buildings": dict(f.buildings),
        "buildings_left": {k: BUILDING_SUPPLY[k] - n for k, n in f.buildings.items()},
        "locations": list(f.locations),
        "shipping": f.ship,
        "shipping_max": spec.shipping.max if spec.shipping else 0,
        "digging": f.dig,
        "digging_max": spec.digging.max_level,
        "workers_per_spade": spec.digging.cost[min(f.dig, len(spec.digging.cost) - 1)].get("W"),
        "teleport_range": (
            f.carpet_range if spec.teleport.kind == "carpet" else spec.teleport.base_range
        )
        if spec.teleport
        else None,
        "keys": f.keys,
        "bridges_left": f.bridges_left,
        "bonus_tile": f.bonus,
        "favor_tiles": list(f.favors),
        "town_tiles": list(f.towns),
        "passed": f.passed,
        "dropped": f.dropped,
        "priests_on_cults": f.cult_priests,
        "income": income_preview(state, f),
        "pass_vp": sum(vp for vp, _ in pass_vp(g, f)),
        "network": network_size(g, f),
        "vp_sources": dict(f.vp_source),
        "vp_by_source": vp_breakdown(f),
        "pending": {
            k: v
            for k, v in {
                "spades": f.spade,
                "cult_steps": f.cult_steps,
                "favor_tiles": f.gain_favor,
                "town_tiles": f.gain_tw,
                "bridges": f.bridge,
                "free_dwellings": f.free_d,
                "free_trading_houses": f.free_tp,
                "worker_to_priest": f.convert_w_to_p,
            }.items()
            if v
        },
        "actions_left": f.allowed_actions,
    }


def auction_view(state: GameState) -> dict:
    """The faction auction as players follow it (empty without the option)."""
    kind = auction_kind(state.setup)
    if kind is None:
        return {}
    a = state.auction
    return {
        "kind": kind,
        "factions": list(state.setup.auction_factions),
        "offered": list(a.get("offered", state.setup.auction_factions)),
        "bid": a.get("bid"),
        "leader": a.get("leader"),
        "passed": list(a.get("passed", [])),
        "bids": dict(a.get("bids", {})),
        "holder": dict(a.get("holder", {})),
        "paid": dict(a.get("paid", {})),
        "positions": dict(a.get("positions", {})),
        "free_positions": free_positions(state) if state.phase == PHASE else [],
    }


def state_view(state: GameState) -> dict:
    """The whole public state of a game, as plain JSON types."""
    board = state.setup.board
    current_tile = state.setup.scoring_tiles[state.round - 1] if 1 <= state.round <= 6 else None
    map_view = {}
    for hex_id in board.land:
        entry = {
            "terrain": state.terrain[hex_id],
            "row": board.position[hex_id][0],
            "col": board.position[hex_id][1],
        }
        if hex_id in state.building:
            entry["building"] = state.building[hex_id]
            entry["owner"] = state.owner[hex_id]
        if hex_id in state.town:
            entry["town"] = state.town[hex_id]
        map_view[hex_id] = entry
    for hex_id in board.rivers:
        map_view[hex_id] = {
            "terrain": "river",
            "row": board.position[hex_id][0],
            "col": board.position[hex_id][1],
        }
    turn_order = [f.name for f in factions_in_turn_order(Game(state))] if state.factions else []
    return {
        "finished": state.finished,
        "aborted": state.aborted,
        "round": state.round,
        "turn": state.turn,
        "phase": state.phase,
        "active": state.active,
        "seat_order": [f.name for f in sorted(state.factions.values(), key=lambda x: x.seat)],
        "turn_order": turn_order,
        "waiting_for": [d.to_json() for d in waiting_for(state)],
        "options": list(state.setup.options),
        "auction": auction_view(state),
        "map_id": state.setup.map_id,
        "scoring_tiles": [
            {"id": t, "round": i, "text": scoring_tiles()[t].text, "current": t == current_tile}
            for i, t in enumerate(state.setup.scoring_tiles, start=1)
        ],
        "factions": {name: faction_view(state, f) for name, f in state.factions.items()},
        **({"merchants": merchants().view(state)} if state.merchants is not None else {}),
        # Yucata's virtual final scoring: the final scoring as if the game ended now.
        "projected_final": projected_final_scores(state)
        if state.round >= 1 and not state.finished
        else {},
        "map": map_view,
        "bridges": [{"from": a, "to": b, "faction": f} for a, b, f in state.bridges],
        "river_towns": list(state.river_towns),
        "cult_board": {
            track: {
                "positions": {f.name: f.cult[i] for f in state.factions.values()},
                "priests": list(state.cult_spaces.get(track, [])),
            }
            for i, track in enumerate(CULTS)
        },
        "bonus_tiles": {
            t: {"coins": state.bonus_coins.get(t, 0), "text": _bonus_text(t)}
            for t in sorted(
                (t for t, n in state.pool.items() if t.startswith("BON") and n), key=natural_key
            )
        },
        "favor_tiles": {
            t: n
            for t, n in sorted(state.pool.items(), key=lambda x: natural_key(x[0]))
            if t.startswith("FAV")
        },
        "town_tiles": {
            t: n
            for t, n in sorted(state.pool.items(), key=lambda x: natural_key(x[0]))
            if t.startswith("TW")
        },
        "power_actions": {a: a in state.blocked for a in _power_actions(state)},
        "used_special_actions": [a for a in state.blocked if a not in POWER_ACTIONS],
    }


def _power_actions(state: GameState) -> list[str]:
    if state.merchants is None:
        return list(POWER_ACTIONS)
    return [*POWER_ACTIONS, *merchants().power_actions]


def _bonus_text(tile: str) -> str:
    spec = bonus_tiles()[tile]
    parts = [f"+{n} {r}" for r, n in spec["income"].items()]
    if "special_action" in spec:
        parts.append(spec["special_action"]["effect"])
    if "pass_vp_text" in spec:
        parts.append("pass: " + spec["pass_vp_text"])
    return ", ".join(parts)


def final_ranking(state: GameState) -> list[dict]:
    """Factions by final VP; equal VP share a rank (1, 1, 3, ...)."""
    fs = sorted(state.factions.values(), key=lambda f: (-f.vp, f.seat))
    out: list[dict] = []
    for i, f in enumerate(fs):
        rank = out[-1]["rank"] if out and out[-1]["vp"] == f.vp else i + 1
        out.append(
            {
                "faction": f.name,
                "seat": f.seat,
                "player": f.player,
                "vp": f.vp,
                "rank": rank,
                "dropped": f.dropped,
                "vp_breakdown": vp_breakdown(f),
            }
        )
    return out


def vp_breakdown(f: FactionState) -> dict[str, int]:
    """VP by source, grouped the way a final scoring sheet shows them."""
    out: dict[str, int] = {}
    for source, vp in f.vp_source.items():
        if source.startswith("SCORE"):
            key = "round scoring"
        elif source.startswith("FAV"):
            key = "favor tiles"
        elif source.startswith("BON"):
            key = "bonus tiles"
        elif source in CULTS:
            key = "cults"
        elif source in ("advance_ship", "advance_dig"):
            key = "advances"
        elif source == "teleport":
            key = "faction"
        else:
            key = source
        out[key] = out.get(key, 0) + vp
    return {k: v for k, v in out.items() if v}


def projected_final_scores(state: GameState) -> dict[str, dict[str, int]]:
    """Final scoring as if the game ended now: cult majorities, networks, resources."""
    from .scoring import finish_game

    copy = state.copy()
    before = {name: f.vp for name, f in copy.factions.items()}
    g = Game(copy)
    finish_game(g)
    out: dict[str, dict[str, int]] = {}
    for name, f in copy.factions.items():
        cults = sum(
            f.vp_source.get(track, 0) - state.factions[name].vp_source.get(track, 0)
            for track in CULTS
        )
        network = f.vp_source.get("network", 0) - state.factions[name].vp_source.get("network", 0)
        resources = f.vp_source.get("resources", 0) - state.factions[name].vp_source.get(
            "resources", 0
        )
        was = state.factions[name]
        burned = f.burned - was.burned
        out[name] = {
            "vp_now": before[name],
            "cults": cults,
            "network": network,
            "resources": resources,
            "total": f.vp,
            # The conversion step by step (Yucata shows it): burn, then power, priests and
            # workers into coins, then coins into VP (the coins left over stay).
            "burned": burned,
            "power_to_coins": was.p3 + burned,
            "priests_to_coins": was.p,
            "workers_to_coins": was.w,
            "coins_to_vp": _coins_into_vp(was, f, burned),
        }
    return out


def _coins_into_vp(was: FactionState, after: FactionState, burned: int) -> int:
    """Coins the final conversion turned into VP."""
    return was.c + was.p3 + burned + was.p + was.w - after.c
