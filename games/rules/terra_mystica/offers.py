"""Power offers open to a player: listing and declining them, and the Cultists' reward
when every opponent declined (leech.py makes the offers and takes them).

Below the turn: taking an action declines every offer still open to the player (turns.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core import RuleError
from .factions import LOADED_RULES

if TYPE_CHECKING:
    from .context import Game
    from .state import FactionState


def pending_offers(g: Game, f: FactionState) -> list[dict]:
    # A plain loop: asked at every acceptance and conversion, where a comprehension makes a
    # function.
    name, offers = f.name, []
    for r in g.s.action_required:
        if r["type"] == "leech" and r["faction"] == name:
            offers.append(r)
    return offers


def decline(g: Game, f: FactionState, amount: int, source: str) -> None:
    for record in g.s.action_required:
        if (
            record["type"] == "leech"
            and record["faction"] == f.name
            and record["amount"] == amount
            and record["from_faction"] == source
        ):
            builder = g.s.factions[source]
            key = str(record["leech_id"])
            builder.leech_rejected[key] = builder.leech_rejected.get(key, 0) + 1
            reward_declines(g, record)
            g.s.action_required.remove(record)
            return
    raise RuleError(f"no power offer of {amount} from {source} is open to {f.name}")


def decline_all(g: Game, f: FactionState) -> int:
    # Asked for every action taken; most find no offer open, answered by this scan alone.
    name = f.name
    for r in g.s.action_required:
        if r["type"] == "leech" and r["faction"] == name:
            break
    else:
        return 0
    offers = pending_offers(g, f)
    for record in offers:
        decline(g, f, record["amount"], record["from_faction"])
    return len(offers)


def reward_declines(g: Game, record: dict) -> None:
    """Cultists' errata: +1 power once every opponent able to take power declined it."""
    builder = g.s.factions[record["from_faction"]]
    if not record["actual"] or record.get("trade"):
        return  # power from a trade never rewards the Cultists' or Shapeshifters' ability
    key = str(record["leech_id"])
    builder.leech_not_rejected[key] = builder.leech_not_rejected.get(key, 0) - 1
    if builder.leech_not_rejected[key] > 0:
        return
    if builder.leech_rejected.get(key, 0) == 0:
        return
    reward = LOADED_RULES[builder.name].leech_reward_declined
    option = LOADED_RULES[builder.name].leech_declined_option
    if not reward or (option and not g.has(option)):
        return
    g.ledger.add_effect_row(
        builder, "[all opponents declined power]", lambda: g.gain(builder, reward)
    )
