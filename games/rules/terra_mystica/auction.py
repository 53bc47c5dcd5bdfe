"""Fire & Ice's faction auction (option ``faction-auction``) and its fast form (``fast-auction``).

The offered factions are drawn with the setup (one side of as many faction boards as there
are players). Every player starts the auction with 40 VP; a faction is paid for with VP.

Printed auction (seed 004, "Völkerauktion"): the players without a faction bid clockwise
for the right to choose; each bids higher than the current bid or passes; the high bidder
takes any offered faction and any free position 1..N of the turn-order board, and starts
with 40 - bid VP. The next auction begins with the next player clockwise after the winner.
Choices where the rules are silent (docs/rules-engine.md, "Faction auction"):

* the first bidder of each auction must bid (0 is a bid): otherwise everybody could pass;
* a pass is final within that auction (the bidding ends when only the high bidder is left);
* a bid of 40 ends the auction at once (nobody may bid more);
* the last player bids alone: they take the last faction and position at 0 (40 VP).

Fast auction: one round of bidding over all offered factions at once. In seat order, a
player without a faction bids on any offered faction, more than its current bid (0 or
more for a faction nobody bid on); an outbid player bids again on their next turn. It ends
when every player holds a faction; the turn order of round 1 is the order in which the
factions were first bid on, and each player starts with 40 - their bid VP.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ..core import RuleError
from .data import CYCLE_INDEX
from .factions import faction_rules
from .setup import AUCTION_OPTIONS

if TYPE_CHECKING:
    from .context import Game
    from .setup import GameSetup
    from .state import GameState

AUCTION, FAST_AUCTION = AUCTION_OPTIONS
START_VP = 40
MAX_BID = 40
PHASE = "faction-auction"
# Seats a player with the faction they won (commands.create_faction, passed by the command).
CreateFaction = Callable[["Game", str, int], None]


def auction_kind(setup: GameSetup) -> str | None:
    return next((o for o in AUCTION_OPTIONS if o in setup.options), None)


def has_auction(setup: GameSetup) -> bool:
    return auction_kind(setup) is not None


# --- state ------------------------------------------------------------------------------


def start(state: GameState) -> None:
    """The auction's plain-data record, before the first bid."""
    seats = list(range(1, state.setup.player_count + 1))
    state.auction = {
        "players": state.setup.player_count,
        "offered": list(state.setup.auction_factions),
        "seats": seats,  # players still without a faction, clockwise
        "passed": [],
        "bid": None,  # the current high bid of the running (printed) auction
        "leader": None,  # its seat
        "turn": seats[0],
        "paid": {},  # faction -> bid, once taken
        "positions": {},  # faction -> turn-order position, once taken
        "holder": {},  # fast auction: faction -> seat holding it now
        "bids": {},  # fast auction: faction -> current bid
        "claimed": [],  # fast auction: factions in the order first bid on
    }


# --- the phase --------------------------------------------------------------------------


def in_auction(g: Game) -> bool:
    """Phase handler: ask for the next bid or choice; True once the auction is over."""
    s = g.s
    if not s.auction:
        start(s)
    a = s.auction
    # A faction's own setup steps (a colour to pick) come before the next auction.
    owed = [r for r in s.action_required if r.get("faction")]
    if owed:
        s.action_required = owed
        return False
    if not a["seats"]:
        s.action_required = []
        return True
    if auction_kind(s.setup) == FAST_AUCTION:
        s.action_required = [_ask(a["turn"], "bid", minimum=None)]
        return False
    winner = _printed_winner(a)
    if winner is not None:
        s.action_required = [_ask(winner, "faction", bid=a["bid"] or 0)]
        return False
    minimum = 0 if a["bid"] is None else a["bid"] + 1
    s.action_required = [_ask(a["turn"], "bid", minimum=minimum)]
    return False


def _ask(seat: int, kind: str, **extra) -> dict:
    return {"type": kind, "seat": seat, "player_index": f"player{seat}", **extra}


def _printed_winner(a: dict) -> int | None:
    if len(a["seats"]) == 1:
        return a["seats"][0]
    if a["leader"] is None:
        return None
    if a["bid"] >= MAX_BID or len(a["passed"]) == len(a["seats"]) - 1:
        return a["leader"]
    return None


def _after(a: dict, seat: int, skip: list[int]) -> int:
    """The next seat clockwise after ``seat`` among those still bidding."""
    n = a["players"]
    for step in range(1, n + 1):
        nxt = (seat - 1 + step) % n + 1
        if nxt in a["seats"] and nxt not in skip:
            return nxt
    return seat


# --- commands ---------------------------------------------------------------------------


def _on_turn(g: Game, seat: int, verb: str) -> dict:
    s = g.s
    if s.phase != PHASE:
        raise RuleError("the faction auction is over")
    ask = next((r for r in s.action_required if r["type"] in ("bid", "faction")), None)
    if ask is None or ask["seat"] != seat:
        who = f"player{ask['seat']}" if ask else "nobody"
        raise RuleError(f"it is {who}'s turn in the faction auction, not player{seat}'s")
    if verb != ask["type"]:
        if ask["type"] == "faction":
            raise RuleError(
                f"player{seat} won the auction: choose a faction and a position "
                "('setup <faction> position <n>')"
            )
        raise RuleError(f"player{seat} must bid or pass ('bid <n>', 'pass')")
    return ask


def bid(
    g: Game, seat: int, faction: str | None, amount: int, create_faction: CreateFaction
) -> None:
    s = g.s
    ask = _on_turn(g, seat, "bid")
    a = s.auction
    if not 0 <= amount <= MAX_BID:
        raise RuleError(f"a bid is 0 to {MAX_BID} VP, not {amount}")
    if auction_kind(s.setup) == FAST_AUCTION:
        _fast_bid(g, seat, faction, amount, create_faction)
        return
    if faction is not None:
        raise RuleError("in the faction auction players bid for the first choice: 'bid <n>'")
    if amount < ask["minimum"]:
        raise RuleError(
            f"the bid must be at least {ask['minimum']} (the current bid is {a['bid']})"
            if a["bid"] is not None
            else f"the bid must be at least {ask['minimum']}"
        )
    a["bid"], a["leader"] = amount, seat
    g.ledger.add_comment(f"player{seat} bids {amount}")
    a["turn"] = _after(a, seat, a["passed"])


def pass_bid(g: Game, seat: int) -> None:
    s = g.s
    _on_turn(g, seat, "bid")
    a = s.auction
    if auction_kind(s.setup) == FAST_AUCTION:
        raise RuleError("in the fast auction a player without a faction must bid")
    if a["bid"] is None:
        raise RuleError("the first bidder of an auction must bid (0 is a bid)")
    a["passed"].append(seat)
    g.ledger.add_comment(f"player{seat} passes")
    a["turn"] = _after(a, seat, a["passed"])


def _fast_bid(
    g: Game, seat: int, faction: str | None, amount: int, create_faction: CreateFaction
) -> None:
    a = g.s.auction
    if faction is None or faction not in a["offered"]:
        raise RuleError(f"name an offered faction: 'bid <faction> <n>' ({', '.join(a['offered'])})")
    current = a["bids"].get(faction)
    if current is not None and amount <= current:
        raise RuleError(f"{faction} are held at {current}: bid more than {current}")
    previous = a["holder"].get(faction)
    a["holder"][faction] = seat
    a["bids"][faction] = amount
    if faction not in a["claimed"]:
        a["claimed"].append(faction)
    g.ledger.add_comment(f"player{seat} bids {amount} for {faction}")
    holding = set(a["holder"].values())
    waiting = [x for x in a["seats"] if x not in holding]
    if previous is not None:
        g.ledger.add_comment(f"player{previous} is outbid for {faction}")
    if waiting:
        a["turn"] = _after(a, seat, [x for x in a["seats"] if x in holding])
        return
    _settle_fast(g, create_faction)


def _settle_fast(g: Game, create_faction: CreateFaction) -> None:
    a = g.s.auction
    for position, faction in enumerate(a["claimed"], start=1):
        seat = a["holder"][faction]
        a["paid"][faction] = a["bids"][faction]
        a["positions"][faction] = position
        a["seats"].remove(seat)
        create_faction(g, faction, seat)
    a["offered"] = []


def take_faction(g: Game, seat: int, name: str, position: int | None) -> int:
    """The printed auction's winner takes a faction and a position; returns the bid paid."""
    s = g.s
    ask = _on_turn(g, seat, "faction")
    a = s.auction
    if name not in a["offered"]:
        raise RuleError(
            f"{name} are not offered in this auction (one of {', '.join(a['offered'])})"
        )
    free = free_positions(s)
    if position is None:
        if len(free) > 1:
            raise RuleError(
                f"choose a position too: 'setup {name} position <n>' (free: "
                f"{', '.join(map(str, free))})"
            )
        position = free[0]
    if position not in free:
        raise RuleError(f"position {position} is not free (free: {', '.join(map(str, free))})")
    paid = ask["bid"]
    a["paid"][name] = paid
    a["positions"][name] = position
    a["offered"].remove(name)
    nxt = _after(a, seat, [seat])
    a["seats"].remove(seat)
    a["passed"], a["bid"], a["leader"], a["turn"] = [], None, None, nxt
    return paid


def free_positions(state: GameState) -> list[int]:
    taken = set(state.auction.get("positions", {}).values())
    return [p for p in range(1, state.setup.player_count + 1) if p not in taken]


def start_vp(state: GameState, name: str) -> int | None:
    """A faction's starting VP under the auction (None: no auction)."""
    paid = state.auction.get("paid", {}) if state.auction else {}
    return START_VP - paid[name] if name in paid else None


def turn_order(state: GameState) -> list[str]:
    """The factions taken so far, by their position on the turn-order board."""
    positions = state.auction["positions"]
    return sorted((n for n in state.order), key=lambda n: positions.get(n, 0))


def forbidden_start_colours(state: GameState, name: str) -> set[str]:
    """Free-choice factions may not start on the home terrain of another offered faction."""
    if not state.auction:
        return set()
    offered = [*state.setup.auction_factions]
    return {
        faction_rules(n).spec.color
        for n in offered
        if n != name and faction_rules(n).spec.color in CYCLE_INDEX
    }
