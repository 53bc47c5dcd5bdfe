"""Whose turn it is and what they may still do (phases.py moves the game from phase to phase).

A faction on turn has one full action (``allowed_actions``); an action may open follow-up
steps (``allowed_sub``: after ACT6 two transformations and one build, after ACT1 a bridge,
...). Decisions the game waits for are records in ``state.action_required``: the active
player's full action, leech offers, cult steps to place, favor and town tiles to take,
spades to use. The game advances (next player, next phase, income, final scoring) only
when nothing blocks it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core import RuleError
from .expansion import merchants
from .offers import decline_all

if TYPE_CHECKING:
    from .context import Game
    from .state import FactionState


# --- decision records -------------------------------------------------------------------


def require_action(g: Game, f: FactionState, record: dict) -> None:
    if f.dropped:
        return
    record["faction"] = f.name
    if record["type"] != "leech":
        for existing in g.s.action_required:
            if existing["type"] == record["type"] and existing.get("faction") == f.name:
                existing.update(record)
                return
    g.s.action_required.append(record)


def dismiss_action(g: Game, f: FactionState, kind: str | None = None) -> None:
    """Withdraw the faction's records (of ``kind`` only, if given), in a new list."""
    records = g.s.action_required
    name = f.name
    for k, r in enumerate(records):
        if r.get("faction") == name and (kind is None or r["type"] == kind):
            # The records from here on kept in a plain loop: a comprehension makes a function.
            kept = records[:k]
            for r in records[k + 1 :]:
                if not (r.get("faction") == name and (kind is None or r["type"] == kind)):
                    kept.append(r)
            g.s.action_required = kept
            return


def blocking_count(g: Game) -> int:
    return sum(1 for r in g.s.action_required if not r.get("optional"))


def is_blocked(g: Game) -> bool:
    """Does a decision the game must wait for remain open?"""
    # A plain loop: asked after every command, where a generator costs more than the scan.
    for r in g.s.action_required:  # noqa: SIM110
        if not r.get("optional"):
            return True
    return False


# --- turn order -------------------------------------------------------------------------


def factions_in_turn_order(g: Game) -> list[FactionState]:
    fs = g.s.factions_in_order()
    starts = [i for i, f in enumerate(fs) if f.start_player]
    i = starts[0] if starts else 0
    return fs[i:] + fs[:i]


# --- actions within a turn ----------------------------------------------------------------


def start_full_move(g: Game, f: FactionState) -> None:
    g.s.active = f.name
    f.allowed_actions = 1
    # The move starts with nothing allowed beyond its action: an empty container of the
    # faction's own is kept, not made anew (this runs at every turn's end; no other object
    # holds these, and a copied or restored state gets its own).
    if f.allowed_sub:
        f.allowed_sub = {}
    if f.allowed_build_locations:
        f.allowed_build_locations = []
    f.require_home_terrain_tf = False
    f.teleport_to = None
    if f.cult_blocked:
        f.cult_blocked = []
    f.disable_spade_decline = False


def require_subaction(g: Game, f: FactionState, kind: str, followup: dict[str, int] | None) -> None:
    """Use up a follow-up step of the current action, or the turn's full action.

    ``followup`` becomes the faction's ``allowed_sub`` itself, not a copy: each caller passes
    a dict of its own, made for the call."""
    if f.allowed_sub.get(kind, 0) > 0:
        f.allowed_sub[kind] -= 1
        if followup is not None:
            f.allowed_sub = followup
    elif f.allowed_actions:
        f.allowed_actions -= 1
        if followup is not None:
            f.allowed_sub = followup
        # Taking an action declines every power offer still open to the player:
        # ``decline_all``, called only if the scan finds one (most actions find none).
        name = f.name
        for r in g.s.action_required:
            if r["type"] == "leech" and r["faction"] == name:
                decline_all(g, f)
                break
    elif g.s.round == 0:
        raise RuleError("only initial dwellings and bonus tiles can be chosen during setup")
    else:
        unpassed = [x for x in g.s.factions_in_order() if not x.passed and not x.dropped]
        if len(unpassed) == 1 and unpassed[0] is f:
            if g.s.merchants is not None:
                merchants().check_no_trades_waiting(g, f)
            # The last player still in the round takes one action after the other.
            maybe_advance_to_next_player(g, f)
            if not g.ledger.force_finish:
                g.ledger.finish_row()
            g.ledger.start_row(f)
            start_full_move(g, f)
            require_subaction(g, f, kind, followup)
            return
        if g.s.active != f.name:
            raise RuleError(f"it is not {f.name}'s turn")
        raise RuleError(
            f"'{kind}' is not allowed now: {f.name} have already taken their action this turn"
        )


def is_active(g: Game, f: FactionState) -> bool:
    return g.s.active == f.name


_ENTITLEMENT_RECORDS = frozenset(
    {
        "upgrade",
        "dwelling",
        "favor",
        "town",
        "bridge",
        "convert",
        "cult-payment",
        "pick-color",
        "gain-token",
        "unlock-terrain",
    }
)


def detect_incomplete_turn(g: Game, f: FactionState) -> bool:
    """Record what ``f`` still owes before its turn can end; True if anything.

    The turn's end (``maybe_advance_to_next_player``) asks only when this could find
    anything: the test of what is owed is written there, not here."""
    if f.dropped:
        return False
    expansion = False  # Merchants of the Seas: ships to place, trades, FAV13's choice
    if g.s.merchants is not None:
        expansion = merchants().settle(g, f)
    name = f.name
    # The types of the faction's open requests (a plain loop: no comprehension's function).
    present: set[str] = set()
    for r in g.s.action_required:
        if r.get("faction") == name:
            present.add(r["type"])
    # An entitlement owed is asked for; a request whose entitlement is gone withdrawn (the
    # upgrade and dwelling requests of the setup stay). Written out one by one: a record is
    # made only when it is asked for, not for every entitlement at every call.
    in_round = bool(g.s.round)

    incomplete = expansion
    if f.volcano_tf:
        incomplete = True
        require_action(g, f, {"type": "transform", "amount": 1})
    if f.cult_debt:
        incomplete = True
        require_action(g, f, {"type": "cult-payment", "amount": f.cult_debt})
    elif "cult-payment" in present:
        dismiss_action(g, f, "cult-payment")
    if f.spade:
        incomplete = True
        require_action(g, f, {"type": "transform", "amount": f.spade})
    if f.free_tf:
        incomplete = True
        require_action(g, f, {"type": "transform", "amount": 1})
    if f.free_tp:
        require_action(g, f, {"type": "upgrade", "from_building": "D", "to_building": "TP"})
    elif "upgrade" in present and in_round:
        dismiss_action(g, f, "upgrade")
    if f.free_d:
        require_action(g, f, {"type": "dwelling"})
    elif "dwelling" in present and in_round:
        dismiss_action(g, f, "dwelling")
    incomplete = incomplete or bool(f.free_tp or f.free_d)
    if f.cult_steps:
        require_action(g, f, {"type": "cult", "amount": f.cult_steps})
        return True
    if f.gain_favor:
        require_action(g, f, {"type": "favor", "amount": f.gain_favor})
    elif "favor" in present:
        dismiss_action(g, f, "favor")
    if f.gain_tw:
        require_action(g, f, {"type": "town", "amount": f.gain_tw})
    elif "town" in present:
        dismiss_action(g, f, "town")
    if f.bridge:
        require_action(g, f, {"type": "bridge"})
    elif "bridge" in present:
        dismiss_action(g, f, "bridge")
    if f.unlock_terrain:
        require_action(g, f, {"type": "unlock-terrain"})
    elif "unlock-terrain" in present:
        dismiss_action(g, f, "unlock-terrain")
    if f.gain_p3_for_vp:
        require_action(
            g, f, {"type": "gain-token", "amount": f.gain_p3_for_vp, "from": "VP", "to": "P3"}
        )
    elif "gain-token" in present:
        dismiss_action(g, f, "gain-token")
    darkling_choice = bool(f.convert_w_to_p) and g.has("strict-darkling-sh")
    if darkling_choice:
        require_action(
            g,
            f,
            {
                "type": "convert",
                "from": "W",
                "to": "P",
                "amount": f.convert_w_to_p,
                "optional": True,
            },
        )
    elif "convert" in present:
        dismiss_action(g, f, "convert")
    # A colour to choose (Shapeshifters' home change) is part of the action.
    incomplete = incomplete or "pick-color" in present
    owes = bool(f.gain_favor or f.gain_tw or f.bridge or f.unlock_terrain)
    return incomplete or owes or darkling_choice


def next_faction_in_turn(g: Game, f: FactionState) -> FactionState | None:
    """The first faction after ``f`` in seat order still playing this round (``f`` last).

    The turn's end (``maybe_advance_to_next_player``) walks the seats itself, written out."""
    s = g.s
    if s.finished:
        return None
    order, factions = s.order, s.factions
    n = len(order)
    try:
        i = order.index(f.name)
    except ValueError:  # not in the seat order: the walk starts at the first seat
        i = n - 1
    for step in range(1, n + 1):
        x = factions[order[(i + step) % n]]
        if not x.passed and not x.dropped:
            return x
    return None


def maybe_advance_to_next_player(g: Game, f: FactionState) -> None:
    """The faction's input ended: pass the turn on if its action is complete.

    Runs after every action: ``next_faction_in_turn`` and ``require_action(g, nxt, {"type":
    "full"})`` are written out here, without a call each (tests/rules/test_turn_end.py holds
    this to those functions)."""
    s = g.s
    name = f.name
    # detect_incomplete_turn(g, f), asked only when it could find anything: with Merchants
    # of the Seas (their own settlement), when something is owed, or when a request of the
    # faction's is open that its entitlement may no longer back. Otherwise (nearly every
    # turn's end) it would record nothing and answer False.
    incomplete = False
    if (
        s.merchants is not None
        or f.spade
        or f.free_tf
        or f.free_tp
        or f.free_d
        or f.cult_steps
        or f.gain_favor
        or f.gain_tw
        or f.bridge
        or f.cult_debt
        or f.volcano_tf
        or f.gain_p3_for_vp
        or f.unlock_terrain
        or f.convert_w_to_p
    ):
        incomplete = detect_incomplete_turn(g, f)
    else:
        for r in s.action_required:
            if r["type"] in _ENTITLEMENT_RECORDS and r.get("faction") == name:
                incomplete = detect_incomplete_turn(g, f)
                break
    if not s.round:
        return
    if not incomplete and s.active == name and not f.allowed_actions:
        # dismiss_action(g, f, "full"): the faction has one such record at most
        # (require_action keeps one of each type).
        records = s.action_required
        for k, r in enumerate(records):
            if r["type"] == "full" and r.get("faction") == name:
                records = records.copy()  # a new list, as dismiss_action makes
                del records[k]
                s.action_required = records
                break
        # next_faction_in_turn: the first faction after f in seat order still in the round.
        nxt: FactionState | None = None
        if not s.finished:
            order, factions = s.order, s.factions
            n = len(order)
            try:  # one scan of the seats, not a test and then the index
                i = order.index(name)
            except ValueError:
                i = n - 1
            for step in range(1, n + 1):
                x = factions[order[(i + step) % n]]
                if not x.passed and not x.dropped:
                    nxt = x
                    break
        if nxt is not None:
            # require_action(g, nxt, {"type": "full"}): nxt is in the round (not dropped);
            # a record it has already is left as it is (updating it would change nothing).
            nxt_name = nxt.name
            for r in records:
                if r["type"] == "full" and r.get("faction") == nxt_name:
                    break
            else:
                records.append({"type": "full", "faction": nxt_name})
            start_full_move(g, nxt)
            # A new turn once every faction has played; the ledger's turn marker asked for
            # only when the turn changes.
            if s.full_turn_played:
                s.full_turn_played = False
                s.turn += 1
            if f.order >= nxt.order:
                s.full_turn_played = True
            if s.turn != s.ledger_turn or s.round != s.ledger_round:
                g.ledger.turn(s.round, s.turn)
    if s.new_order:
        s.order = s.new_order
        s.new_order = []
    if g.ledger.collecting is not None:
        g.ledger.finish_row()
