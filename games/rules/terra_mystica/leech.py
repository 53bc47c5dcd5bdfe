"""Power from neighbours' buildings ("leech") and the Cultists' reward for it.

Every build or upgrade offers each opponent with buildings directly adjacent the sum of
their own adjacent buildings' power values. Offers are decisions of the receiving player,
answered with ``leech N from F`` or ``decline N from F``; taking N power costs N-1 VP, and
what can be taken is capped by the bowls and by VP + 1 at the moment of the decision.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from ..core import RuleError
from . import turns
from .factions import LOADED_RULES
from .offers import pending_offers, reward_declines

if TYPE_CHECKING:
    from .context import Game
    from .state import FactionState


def compute_leech(g: Game, builder: FactionState, hex_id: str) -> dict[str, int]:
    """Power offered to each other faction (by name) for a build at ``hex_id``."""
    offers: dict[str, int] = {}
    if not g.s.round:
        return offers
    owner, building = g.s.owner, g.s.building
    around = g.board.land_neighbours[hex_id]  # only land hexes hold buildings
    if g.s.bridges:
        around = (*around, *g.bridged_to(hex_id))
    for n in around:
        if n not in owner:  # most hexes around hold no building
            continue
        other = owner[n]
        if other and other != builder.name:
            # An offer counts the receiver's own buildings at their power values (Yetis: 4).
            power = LOADED_RULES[other].building_powers[building[n]]
            offers[other] = offers.get(other, 0) + power
    return offers


def capacity(f: FactionState) -> int:
    return 2 * f.p1 + f.p2


def note_leech(g: Game, builder: FactionState, hex_id: str) -> dict[str, int]:
    """Record the power offers a build creates; returns the offers (neighbour discount test)."""
    offers = compute_leech(g, builder, hex_id)
    s = g.s
    s.leech_id += 1
    leech_id = s.leech_id
    if not offers:  # no neighbour: nothing to ask or record (the id is used up all the same)
        return offers
    key = str(leech_id)
    # The order of the offers matters for the Cultists: next players first, in seat order
    # from the builder's seat (the builder last). A single offer (most builds beside an
    # opponent) needs no walk of the seats.
    order, factions = s.order, s.factions
    offered: Iterable[str] = offers
    if len(offers) > 1:
        n = len(order)
        i = order.index(builder.name) if builder.name in order else n - 1
        offered = order[i + 1 :] + order[: i + 1]  # the seats after the builder's, then to it
    for name in offered:
        amount = offers.get(name)
        if not amount:
            continue
        f = factions[name]
        if f.dropped:
            continue
        room = 2 * f.p1 + f.p2  # capacity(f)
        actual = amount if amount < room else room  # min(), without the builtin's call
        # turns.require_action(g, f, record) for an offer (f not dropped): appended as it is.
        s.action_required.append(
            {
                "type": "leech",
                "from_faction": builder.name,
                "amount": amount,
                "actual": actual,
                "leech_id": leech_id,
                "faction": f.name,
            }
        )
        if actual:
            builder.leech_not_rejected[key] = builder.leech_not_rejected.get(key, 0) + 1
            builder.leech_rejected[key] = 0
    for name, amount in offers.items():
        g.ledger.report_leech(name, amount)
    return offers


def accept(g: Game, f: FactionState, amount: int, source: str) -> None:
    s = g.s
    actual = amount if amount <= f.vp else f.vp + 1
    actual = g.gain_power(f, actual)
    found = None
    rewarded: list[FactionState] = []
    for record in s.action_required:
        if record["type"] != "leech" or record["faction"] != f.name:
            continue
        if (record["amount"] != amount and record["amount"] != actual) or (
            source and source != record["from_faction"]
        ):
            record["leech_tainted"] = f"leech {amount} from {source}"
            continue
        builder = s.factions[record["from_faction"]]
        taken_reward = LOADED_RULES[builder.name].taken_reward(g.s)
        if (
            taken_reward
            and not record.get("trade")
            and record["actual"] > 0
            and record["leech_id"] not in builder.leech_cult_gained
        ):
            builder.leech_cult_gained.append(record["leech_id"])
            g.ledger.add_effect_row(
                builder, "[opponent accepted power]", lambda b=builder, r=taken_reward: g.gain(b, r)
            )
            rewarded.append(builder)
        if record.get("leech_tainted") and g.has("strict-leech"):
            raise RuleError(
                f"'leech {amount} from {source}' should happen before '{record['leech_tainted']}': "
                "power offers are answered in the order they arose"
            )
        found = record
        break
    if found is None:
        if not source and not g.has("strict-leech"):
            pass  # accepted anyway, as the site did before strict leech
        else:
            offers = (
                ", ".join(f"{r['amount']} from {r['from_faction']}" for r in pending_offers(g, f))
                or "none"
            )
            raise RuleError(
                f"no power offer of {amount} from {source or 'anyone'} is open to {f.name} (open offers: {offers})"
            )
    else:
        s.action_required.remove(found)
    if actual > 0:
        g.adjust(f, "VP", -(actual - 1), "leech")
    for builder in rewarded:
        turns.detect_incomplete_turn(g, builder)
    # With full bowls, offers still open to this player can no longer give anything.
    can_gain = 2 * f.p1 + f.p2  # capacity(f)
    for record in pending_offers(g, f):
        if not can_gain and record["actual"]:
            reward_declines(g, record)
        record["actual"] = min(record["actual"], can_gain)
