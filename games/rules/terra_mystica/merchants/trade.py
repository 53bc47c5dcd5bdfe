"""Trading (rulebook section 6): rewards by building, the owner's power, trade markers."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core import RuleError
from .. import turns
from ..building import BUILDING_NAMES
from ..data import CULTS, bonus_tiles, favor_tiles, merchants_data
from ..leech import capacity
from .ships import gain_ships
from .state import faction_rule, of

if TYPE_CHECKING:
    from ..context import Game
    from ..state import FactionState


def choices_for(g: Game, f: FactionState, kind: str) -> list[str]:
    """What the mover chooses between for a trade with ``kind`` ([] when nothing)."""
    if kind == "SH":
        stronghold = faction_rule("stronghold_trade", f.name, {})
        return list(CULTS) if "CULT" in stronghold else []
    options = merchants_data()["trade_rewards"][kind]["choices"]
    out: list[str] = []
    for key in options:
        out += list(CULTS) if key == "CULT" else [key]
    return out


def optional_choice(f: FactionState, kind: str) -> bool:
    """May the trade be taken without a choice? The Acolytes' stronghold trade: "dürfen sie
    anstelle des Spatens in einem Kult ihrer Wahl um 2 Stufen aufsteigen" (seed 003) is
    their option; without a choice they take the transform-and-build action as all do."""
    return kind == "SH" and "CULT" in faction_rule("stronghold_trade", f.name, {})


def trade(g: Game, f: FactionState, hex_id: str, choice: str | None) -> None:
    s = g.s
    m = of(s, f)
    if hex_id not in m["trades"]:
        waiting = ", ".join(m["trades"]) or "none"
        raise RuleError(f"no {f.name} ship waits to trade on {hex_id} (waiting: {waiting})")
    kind = s.building[hex_id]
    allowed = choices_for(g, f, kind)
    if allowed and choice not in allowed and not (choice is None and optional_choice(f, kind)):
        raise RuleError(
            f"trading with a {BUILDING_NAMES[kind]} takes a choice: "
            + ", ".join(f"'trade {hex_id} for {c}'" for c in allowed)
        )
    if not allowed and choice:
        raise RuleError(f"trading with a {BUILDING_NAMES[kind]} offers no choice")
    m["trading"] = True
    f.allowed_sub.pop("sail", None)
    m["trades"].remove(hex_id)
    m["resolved"].append(hex_id)
    spec = merchants_data()["trade_rewards"][kind]
    g.gain(f, spec["gain"], "trade")
    _choice_reward(g, f, kind, choice, s.owner[hex_id])
    _trade_vp(g, f, kind)
    _offer_power(g, f, hex_id)
    if not m["trades"]:
        _finish_trades(g, f)


def _choice_reward(g: Game, f: FactionState, kind: str, choice: str | None, owner: str) -> None:
    s = g.s
    m = of(s, f)
    if kind == "SH":
        _stronghold_trade(g, f, choice)
        # The spade from the Giants' stronghold never turns a wasteland.
        barred = faction_rule("stronghold_trade_spade_not_on", owner)
        if barred and f.spade:
            m["spade_not_on"] = barred
    elif choice in CULTS:
        steps = merchants_data()["trade_rewards"][kind]["choices"]["CULT"]["CULT"]
        g.adjust(f, choice, steps, "trade")
    elif choice == "SHIP":
        m["replace"] += 1
    elif choice == "ACTMV":
        key = f"ACTMV/{f.name}"
        if key in s.blocked:
            s.blocked.remove(key)
    elif choice:
        g.gain(f, merchants_data()["trade_rewards"][kind]["choices"][choice], "trade")


def _stronghold_trade(g: Game, f: FactionState, choice: str | None) -> None:
    """An immediate transform-and-build with a free spade (factions substitute)."""
    m = of(g.s, f)
    special = faction_rule("stronghold_trade", f.name, {})
    if "CULT" in special and choice in CULTS:
        g.adjust(f, choice, special["CULT"], "trade")
        return
    if "CHIPS" in special:
        g.adjust(f, "CHIPS", special["CHIPS"])
        return
    spades = special.get("SPADE", merchants_data()["trade_rewards"]["SH"]["spades"])
    g.adjust(f, "SPADE", spades, "trade")
    first = not m["sh_build"]
    m["sh_build"] = True
    if m.get("sh_hex") is None:
        m["sh_hex"] = ""  # its spades are followed until the action ends (commands.settle)
    f.allowed_sub["transform"] = f.allowed_sub.get("transform", 0) + spades
    f.allowed_sub["dig"] = 1
    if first:
        f.allowed_sub["build"] = 1  # one dwelling in all, however many stronghold trades


def _trade_vp(g: Game, f: FactionState, kind: str) -> None:
    tile = g.score_tile()
    if tile is not None and tile.vp.get("TRADE"):
        g.adjust(f, "VP", tile.vp["TRADE"], tile.id)
    if f.bonus:
        vp = bonus_tiles()[f.bonus].get("trade_vp")
        if vp:
            g.adjust(f, "VP", vp, f.bonus)
    for fav in f.favors:
        vp = favor_tiles()[fav].get("trade_vp", {}).get(kind)
        if vp:
            g.adjust(f, "VP", vp, fav)


def _offer_power(g: Game, mover: FactionState, hex_id: str) -> None:
    """The building's owner may take power equal to its power value, paying VP as usual."""
    s = g.s
    owner = s.factions[s.owner[hex_id]]
    if owner.dropped:
        return
    amount = g.rules(owner).building_power(s.building[hex_id])
    s.leech_id += 1
    turns.require_action(
        g,
        owner,
        {
            "type": "leech",
            "from_faction": mover.name,
            "amount": amount,
            "actual": min(amount, capacity(owner)),
            "leech_id": s.leech_id,
            "trade": True,
        },
    )
    g.ledger.report_leech(owner.name, amount)


def _finish_trades(g: Game, f: FactionState) -> None:
    """After the last trade: trading ships go home, a marker goes under each building."""
    m = of(g.s, f)
    for hex_id in m["resolved"]:
        m["ships"].remove(hex_id)
        m["traded"].append(hex_id)
        m["markers"] -= 1
    m["resolved"] = []
    m["sailed"] = []
    m["trading"] = False
    m["sh_build"] = False
    replace, m["replace"] = m["replace"], 0
    if replace:
        gain_ships(g, f, replace)


def check_trade_spade(g: Game, f: FactionState, hex_id: str) -> None:
    """Before ``f`` transforms ``hex_id``. Spades of a trade with the Giants' stronghold: no
    wasteland (cleared once used). Spades of several stronghold trades in one move action
    are used as in the double transformation: "den zweiten Spaten nur dann auf ein anderes
    Landschaftsfeld anwenden, wenn ihr das erste Feld bereits in eure Heimatlandschaft
    umgewandelt habt" (seed 003)."""
    s = g.s
    m = of(s, f)
    terrain = s.terrain[hex_id]
    barred = m["spade_not_on"]
    if barred is not None and terrain == barred:
        raise RuleError(
            f"a spade from trading with the Giants' stronghold cannot transform {terrain}"
        )
    first = m.get("sh_hex")
    if first is None:
        return  # no stronghold trade's spade in this action
    home_terrain = g.rules(f).build_terrain(f)
    if first and first != hex_id and s.terrain[first] != home_terrain:
        raise RuleError(
            f"the spades of stronghold trades go to another hex only once the first is "
            f"{home_terrain}: transform {first} first"
        )
    m["sh_hex"] = hex_id  # the transformation follows at once, or the whole row is refused
