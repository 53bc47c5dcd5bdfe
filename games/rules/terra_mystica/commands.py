"""Carrying out one parsed command for one faction."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core import RuleError
from . import auction, building, leech, offers, scoring, turns
from .data import (
    CULT_INDEX,
    CULT_SPACE_VALUES,
    CULTS,
    EXCHANGE_RATES,
    POWER_ACTIONS,
    SPECIAL_ACTIONS,
    YUCATA_SACRIFICE,
    favor_tiles,
)
from .expansion import merchants
from .factions import LOADED_RULES, colour_holder, colours_in_play, faction_names, faction_rules
from .notation import Command
from .setup import allowed_factions
from .state import FactionState

if TYPE_CHECKING:
    from .context import Game

# Commands a faction can give only while it is the active player (after setup).
ACTIVE_ONLY = frozenset(
    {
        "build",
        "upgrade",
        "send",
        "convert",
        "burn",
        "dig",
        "bridge",
        "connect",
        "connect_river",
        "pass",
        "action",
        "advance",
        "sail",
        "build_ship",
    }
)
# Merchants of the Seas' commands (merchants/commands.py).
MERCHANTS_VERBS = frozenset({"dock", "ship", "sail", "trade", "build_ship", "choose"})


def execute(g: Game, f: FactionState | None, cmd: Command, seat: int | None = None) -> None:
    verb, args = cmd.verb, cmd.args
    if f is None or verb == "setup" or verb == "bid":
        # Before a faction is taken (the auction, the choice of faction), and the errors of
        # these verbs: apart, so that a faction's command (nearly every one) asks only this.
        _execute_without_faction(g, f, cmd, seat)
        return
    if f.dropped:
        raise RuleError(f"{f.name} have dropped out of the game")
    s = g.s
    if s.finished:
        raise RuleError("the game is over")
    f.waiting = False
    if verb in ACTIVE_ONLY and s.round > 0 and s.active != f.name:  # turns.is_active
        raise RuleError(_not_your_turn(g, f))
    if verb in MERCHANTS_VERBS:
        if g.s.merchants is None:
            raise RuleError(f"'{cmd.text}' needs the option merchants-of-the-seas")
        merchants().execute(g, f, verb, args)
    # The verbs in the order of how often they occur (the corpus: leech, build, upgrade, ...).
    # Each handler called with its arguments one by one (not ``*args``): in the compiled
    # build that is a native call, not one through the generic calling protocol.
    elif verb == "leech":
        leech.accept(g, f, args[0], args[1])
        g.ledger.force_finish = True
    elif verb == "build":
        building.build(g, f, args[0])
    elif verb == "upgrade":
        building.upgrade(g, f, args[0], args[1])
    elif verb == "action":
        take_action(g, f, args[0])
    elif verb == "convert":
        convert(g, f, args[0], args[1], args[2], args[3])
    elif verb == "pass":
        pass_turn(g, f, args[0])
        g.ledger.force_finish = True
    elif verb == "adjust":
        adjust_command(g, f, args[0], args[1], args[2])
    elif verb == "send":
        send_priest(g, f, args[0], args[1])
    elif verb == "dig":
        building.dig(g, f, args[0])
    elif verb == "transform":
        building.transform(g, f, args[0], args[1])
    elif verb == "decline":
        amount, source = args
        if amount is None:
            offers.decline_all(g, f)
        else:
            offers.decline(g, f, amount, source)
        g.ledger.force_finish = True
    elif verb == "burn":
        burn(g, f, args[0])
    elif verb == "advance":
        advance(g, f, args[0])
    elif verb == "wait":
        f.waiting = True
    elif verb == "bridge":
        building.bridge(g, f, args[0], args[1])
    elif verb == "connect":
        building.connect(g, f, list(args))
    elif verb == "connect_river":
        building.connect(g, f, [], river=args[0])
    elif verb == "done":
        if f.allowed_actions:
            raise RuleError(f"{f.name} must take an action before ending the turn")
        f.allowed_sub = {}
    elif verb == "pick_color":
        pick_color(g, f, args[0])
    elif verb == "gain_token":
        gain_p3_for_vp(g, f)
    elif verb == "unlock":
        unlock_terrain(g, f, args[0])
    elif verb in ("drop", "resign"):
        drop_faction(g, g.faction(args[0]) if verb == "drop" else f)
    else:  # pragma: no cover - the parser knows no other verbs
        raise RuleError(f"unknown command '{cmd.text}'")


def _execute_without_faction(
    g: Game, f: FactionState | None, cmd: Command, seat: int | None
) -> None:
    """``execute`` for a player without a faction, or a ``setup`` or ``bid`` command."""
    verb, args = cmd.verb, cmd.args
    if verb == "setup":
        if f is not None:
            # Asked here, at the command, not by a scan of every row before it is carried
            # out: a faction's row with it fails as for any other command it may not give.
            raise RuleError(f"{f.name} have already chosen their faction")
        if auction.has_auction(g.s.setup):
            choose_auctioned_faction(g, seat or 0, *args)
        else:
            choose_faction(g, *args)
        return
    if f is None and seat is not None and g.s.phase == auction.PHASE:
        if verb == "bid":
            faction, amount = args
            auction.bid(g, seat, faction, amount, create_faction)
            return
        if verb == "pass" and args[0] is None:
            auction.pass_bid(g, seat)
            return
    if verb == "bid":
        raise RuleError("bids are made only in the faction auction, before factions are taken")
    raise RuleError(f"'{cmd.text}' needs a faction; choose one first")


def _not_your_turn(g: Game, f: FactionState) -> str:
    s = g.s
    if s.phase in ("income", "use-income-spades"):
        return f"{f.name} cannot act during the income phase"
    if f.passed:
        return f"{f.name} have passed this round"
    if s.active:
        return f"it is {s.active}'s turn, not {f.name}'s"
    return f"it is not {f.name}'s turn"


# --- setup -------------------------------------------------------------------------------


def choose_auctioned_faction(g: Game, seat: int, name: str, position: int | None) -> None:
    """The winner of a faction auction takes an offered faction and a position."""
    auction.take_faction(g, seat, name, position)
    create_faction(g, name, seat)


def choose_faction(g: Game, name: str, position: int | None = None) -> None:
    s = g.s
    if position is not None:
        raise RuleError("positions are chosen only in the faction auction: 'setup <faction>'")
    if s.phase != "select-factions":
        raise RuleError("factions have all been chosen")
    if name not in faction_names():
        raise RuleError(f"unknown faction '{name}' (one of {', '.join(faction_names())})")
    if name in s.factions:
        raise RuleError(f"{name} have already been chosen")
    if s.merchants is not None:
        reason = merchants().refusal(name)
        if reason:
            raise RuleError(reason)
    allowed = allowed_factions(s.setup)
    if allowed is not None and name not in allowed:
        raise RuleError(f"the beginner setup plays {', '.join(allowed)}, not {name}")
    owed = next((r for r in s.action_required if r.get("faction")), None)
    if owed is not None:
        raise RuleError(f"{owed['faction']} must first decide: {owed['type']}")
    rules = faction_rules(name)
    if rules.options and not any(g.has(o) for o in rules.options):
        raise RuleError(f"{name} need the option {' or '.join(rules.options)}")
    held = colour_holder(s, name)
    if held is not None:
        raise RuleError(
            f"{name} share their home terrain ({held[0]}) with {held[1]}: one faction per colour"
        )
    create_faction(g, name, len(s.factions) + 1)


def create_faction(g: Game, name: str, seat: int) -> None:
    """The player in ``seat`` takes faction ``name`` (chosen, or won in the auction)."""
    s = g.s
    rules = faction_rules(name)
    g.ledger.finish_row()
    f = new_faction(g, name, seat)
    s.factions[name] = f
    s.order.append(name)
    if s.auction:
        s.order = auction.turn_order(s)
    s.setup_order = initial_placement_order(g)
    g.ledger.start_row(f)
    g.ledger.add_command("setup")
    g.ledger.finish_row()
    for step in rules.setup_steps:
        s.action_required.append({"type": step, "faction": name})
    if rules.setup_gain:
        g.gain(f, rules.setup_gain, "setup")
        turns.detect_incomplete_turn(g, f)


def unlock_terrain(g: Game, f: FactionState, choice: str) -> None:
    """Riverwalkers: a priest gained unlocks a colour (returns to the pool) or is kept."""
    if f.unlock_terrain < 1:
        raise RuleError(f"{f.name} have no priest to place now")
    f.unlock_terrain -= 1
    if choice == "gain-priest":
        f.p = min(f.p + 1, f.max_p)
        return
    colour = building.check_colour(choice)
    rules = LOADED_RULES[f.name]
    if colour not in rules.locked_terrains(f):
        raise RuleError(f"{colour} is not a locked terrain of {f.name}")
    g.pay(f, rules.unlock_cost(g.s, f, colour), f"unlocking {colour}")
    f.unlocked.append(colour)
    f.max_p += 1


def gain_p3_for_vp(g: Game, f: FactionState) -> None:
    """Revised Shapeshifters: a new chip into bowl III for 1 VP, after an opponent took power."""
    if f.gain_p3_for_vp < 1:
        raise RuleError(f"{f.name} have no chip to buy now")
    f.gain_p3_for_vp -= 1
    g.pay(f, {"VP": 1}, "a power chip")
    g.adjust(f, "CHIPS_P3", 1)


def pick_color(g: Game, f: FactionState, colour: str) -> None:
    """Fire & Ice: choose the colour of the cycle the faction starts from."""
    record = next(
        (r for r in g.s.action_required if r["type"] == "pick-color" and r["faction"] == f.name),
        None,
    )
    if record is None:
        raise RuleError(f"{f.name} have no colour to choose now")
    colour = building.check_colour(colour)
    taken = colours_in_play(g.s)
    if colour == f.color:
        raise RuleError(f"{f.name} already have {colour}")
    if colour in taken and taken[colour] != f.name:
        raise RuleError(f"{colour} is already held by {taken[colour]}: one faction per colour")
    start_choice = not g.s.round and "pick-color" in faction_rules(f.name).setup_steps
    if start_choice and colour in auction.forbidden_start_colours(g.s, f.name):
        raise RuleError(
            f"{colour} is the home terrain of a faction in the auction: "
            f"{f.name} may not start on it"
        )
    f.color = colour
    g.s.action_required.remove(record)


def new_faction(g: Game, name: str, seat: int) -> FactionState:
    spec = faction_rules(name).spec
    s = g.s
    players = s.setup.players
    vp = spec.start_vp
    auctioned = auction.start_vp(s, name)
    if auctioned is not None:
        # With the auction the tables of variable starting VP are not used.
        vp = auctioned
    elif s.merchants is not None:
        # Merchants of the Seas plays with the publisher's starting VP per faction and board,
        # a board's starting-VP variant included (seed 003: "nicht automatisch mit jeweils
        # 20 Siegpunkten, sondern mit der dort angegebenen Siegpunktzahl").
        vp = merchants().starting_vp(g.board.map_id, name, vp)
    elif g.board.vp_variant:
        from .board import starting_vp_variant

        vp = starting_vp_variant(g.board.vp_variant).get(name, vp)
    elif s.setup.has("variable-starting-vp"):
        from .board import variable_vp_table

        vp = (variable_vp_table(g.board.map_id) or {}).get(name, vp)
    f = FactionState(
        name=name,
        color=spec.color,
        seat=seat,
        player=players[seat - 1] if len(players) >= seat else "",
        vp=vp,
        c=spec.start["C"],
        w=spec.start["W"],
        p=spec.start["P"],
        p1=spec.start["P1"],
        p2=spec.start["P2"],
        chips=spec.start["P1"] + spec.start["P2"],
        max_p=faction_rules(name).start_max_priests,
        cult=list(spec.start_cult),
        ship=spec.shipping.start if spec.shipping else 0,
        carpet_range=spec.teleport.base_range
        if spec.teleport and spec.teleport.kind == "carpet"
        else 0,
        start_player=s.auction["positions"][name] == 1 if s.auction else not s.factions,
    )
    f.vp_source = {"start": vp}
    if s.merchants is not None:
        merchants().new_faction(s, f)
    return f


def initial_placement_order(g: Game) -> list[list[str]]:
    names = [n for n in g.s.order if not g.s.factions[n].dropped]
    order = [[n, "dwelling"] for n in names if faction_rules(n).spec.initial_dwellings >= 2]
    order += order[::-1]
    for n in names:
        extra = faction_rules(n).spec.initial_dwellings - 2
        order += [[n, "dwelling"]] * max(extra, 0)
    order += [[n, "dwelling"] for n in names if faction_rules(n).spec.initial_dwellings == 1]
    if g.s.merchants is not None:
        order += [[n, "dock"] for n in names]  # Merchants of the Seas: docks, in turn order
    order += [[n, "bonus"] for n in reversed(names)]
    return order


def drop_faction(g: Game, f: FactionState) -> None:
    s = g.s
    if f.dropped:
        raise RuleError(f"{f.name} have already dropped out")
    f.dropped = True
    f.allowed_actions = 0
    f.allowed_sub = {}
    turns.dismiss_action(g, f)
    if f.bonus:
        g.adjust(f, f.bonus, -1)
    s.setup_order = [r for r in s.setup_order if r[0] != f.name]
    turns.maybe_advance_to_next_player(g, f)
    g.ledger.add_comment(f"{f.name} dropped from the game")


# --- simple actions ----------------------------------------------------------------------


def owns_action(g: Game, f: FactionState, action: str) -> bool:
    rules = LOADED_RULES[f.name]
    if action.startswith("BON"):
        return f.bonus == action
    if action.startswith("FAV"):
        return action in f.favors
    return action in rules.special_actions(g.s, f)


def take_action(g: Game, f: FactionState, action: str) -> None:
    s = g.s
    retake = False
    if s.merchants is not None and action in merchants().actions:
        merchants().take_action(g, f, action)
        return
    if not LOADED_RULES[f.name].may_take_action(action):
        raise RuleError(f"{f.name} may not take {action}")
    if action in POWER_ACTIONS:
        spec = POWER_ACTIONS[action]
        cost = {"PW": LOADED_RULES[f.name].power_action_cost(f, spec["PW"])}
        block_key = action
        retake = LOADED_RULES[f.name].may_retake_power_actions(f)
    elif action in SPECIAL_ACTIONS:
        if not owns_action(g, f, action):
            raise RuleError(f"{f.name} have no {action} action")
        spec = SPECIAL_ACTIONS[action]
        cost = dict(spec.get("cost", {}))
        block_key = f"{action}/{f.name}" if not action.startswith("ACT") else action
    else:
        raise RuleError(f"unknown action {action}")
    if block_key in s.blocked and not retake:
        raise RuleError(f"action {action} has already been used this round")
    turns.require_subaction(g, f, "action", dict(spec["sub"]))
    g.pay(f, cost, f"action {action}")
    g.gain(f, spec["gain"], action)
    if not spec.get("repeatable") and block_key not in s.blocked:
        s.blocked.append(block_key)


def send_priest(g: Game, f: FactionState, track: str, value: int | None) -> None:
    turns.require_subaction(g, f, "send", {})
    if track not in CULT_INDEX:
        raise RuleError(f"unknown cult track {track} (FIRE, WATER, EARTH or AIR)")
    if f.p < 1:
        raise RuleError(f"{f.name} have no priest to send")
    spaces = g.s.cult_spaces[track]
    steps = 1
    for i, occupant in enumerate(spaces):
        if occupant is None:
            if value and CULT_SPACE_VALUES[i] != value:
                continue
            spaces[i] = f.name
            steps = CULT_SPACE_VALUES[i]
            f.max_p -= 1
            f.cult_priests += 1
            break
    if value and steps != value:
        raise RuleError(f"no free space worth {value} on the {track} track")
    g.adjust(f, track, steps + LOADED_RULES[f.name].extra_priest_steps(f))
    g.adjust(f, "P", -1)


def convert(g: Game, f: FactionState, n_from: int, res_from: str, n_to: int, res_to: str) -> None:
    if g.s.phase != "play":
        raise RuleError("resources can be converted only during the actions phase")
    for record in offers.pending_offers(g, f):
        record["leech_tainted"] = "convert"
    # The faction's own rate for this pair, else the general one (no merged tables built).
    own = LOADED_RULES[f.name].spec.exchange_rates.get(res_from, {})
    rate = own[res_to] if res_to in own else EXCHANGE_RATES.get(res_from, {}).get(res_to)
    if f.convert_w_to_p:
        if n_to > 3:
            raise RuleError("the Darklings' stronghold converts at most 3 workers to priests")
        if res_from == "W" and res_to == "P":
            rate = 1
        f.convert_w_to_p = 0
    if not rate:
        raise RuleError(f"cannot convert {res_from} to {res_to}")
    if n_from != n_to * rate:
        raise RuleError(
            f"converting to {n_to} {res_to} takes {n_to * rate} {res_from}, not {n_from}"
        )
    if n_from < 1:
        raise RuleError("nothing to convert")
    g.adjust(f, res_from, -n_from, "convert")
    g.adjust(f, res_to, n_to, "convert")


# Yucata's power sacrifice (seed 001, "Machtopfer"): "Falls ihr für eine Machtaktion oder
# einen Materialtausch nicht genügend Macht in Schale III habt, könnt ihr - zusätzlich zur
# eigentlichen Aktion - Machtchips aus Schale II in Schale III schieben."


class SacrificeWatch:
    """With option yucata-power-sacrifice: a burn goes with what its row pays from bowl III
    after it (power actions, power conversions, ship steps), which bowl III could not pay
    without it, and burns no more than that lacks: bowl III is empty once it is paid.
    terra.snellman.net burns freely."""

    __slots__ = ("before", "f", "spent")

    def __init__(self, f: FactionState) -> None:
        self.f = f
        self.before: int | None = None  # bowl III before the row's pending burns
        self.spent = 0  # paid from bowl III since then

    def after(self, cmd: Command, p3_before_cmd: int) -> None:
        if cmd.verb == "burn":
            if self.before is None:
                self.before, self.spent = p3_before_cmd, 0
            return
        if self.before is None:
            return
        self.spent += max(0, p3_before_cmd - self.f.p3)
        if self.spent and not self.f.p3:
            self.before = None  # paid with exactly what bowl III lacked

    def end_of_row(self) -> None:
        if self.before is None:
            return
        if not self.spent:
            raise RuleError(
                "a burn goes with the power action, conversion or paid ship step it pays "
                f"for, in the same row, e.g. 'burn 1. action ACT2' ({YUCATA_SACRIFICE})"
            )
        if self.spent <= self.before:
            raise RuleError(
                f"bowl III held {self.before} power, enough for the {self.spent} the row pays: "
                f"power is sacrificed only when bowl III cannot pay ({YUCATA_SACRIFICE})"
            )
        raise RuleError(
            f"the row lacked {self.spent - self.before} power in bowl III: burn only that "
            f"many ({YUCATA_SACRIFICE})"
        )


def burn(g: Game, f: FactionState, n: int) -> None:
    if f.p2 < 2 * n:
        raise RuleError(f"burning {n} power needs {2 * n} tokens in bowl II; {f.name} have {f.p2}")
    f.p2 -= 2 * n
    f.p3 += n
    f.burned += n


def advance(g: Game, f: FactionState, track: str) -> None:
    turns.require_subaction(g, f, "advance", {})
    spec = LOADED_RULES[f.name].spec
    if track == "ship":
        ship = spec.shipping
        if ship is None:
            raise RuleError(f"{f.name} have no shipping track")
        if f.ship >= ship.max:
            raise RuleError(f"{f.name} are already at the highest shipping level ({ship.max})")
        g.pay(f, ship.advance_cost, "advancing shipping")
        g.advance_shipping(f)
    else:
        dig = spec.digging
        if f.dig >= dig.max_level:
            if dig.max_level == 0:
                raise RuleError(f"{f.name} have no digging track")
            raise RuleError(f"{f.name} are already at the highest digging level ({dig.max_level})")
        g.pay(f, dig.advance_cost, "advancing digging")
        f.dig += 1
        g.adjust(f, "VP", dig.advance_vp, "advance_dig")
        g.score_advance(f)


def pass_turn(g: Game, f: FactionState, bonus: str | None) -> None:
    s = g.s
    if g.has("strict-chaosmagician-sh") and f.allowed_actions > 1:
        f.allowed_actions = 1
    if s.round and (f.spade or f.free_tf or f.volcano_tf):
        # A spade from an action is part of that action (base rules, "Phase II: Actions");
        # passing is a new action, so the spade is used or given up ("-SPADE") first.
        raise RuleError(
            f"{f.name} still have a spade to use (or decline with -SPADE) before passing"
        )
    turns.require_subaction(g, f, "pass", {})
    if s.round:
        # The first to pass starts the next round: any(x.passed for x in
        # s.factions_in_order()) as a plain loop, no list and no generator.
        factions = s.factions
        for n in s.order:
            if factions[n].passed:
                break
        else:
            for x in factions.values():
                x.start_player = False
            f.start_player = True
        if g.has("variable-turn-order"):
            s.new_order = [n for n in s.order if n != f.name] + [f.name]
    if g.has("strict-chaosmagician-sh") and f.passed:
        raise RuleError(f"{f.name} have already passed this round")
    f.passed = True
    returned = f.bonus
    for vp, source in scoring.pass_vp(g, f):
        g.adjust(f, "VP", vp, source)
    if bonus:
        if s.round == 0:
            s.setup_order.pop(0)
        if s.round != 6:
            if returned == bonus:
                raise RuleError(f"{bonus} is the tile {f.name} are returning; take another one")
            g.adjust(f, bonus, 1)
    elif s.round != 6:
        raise RuleError("passing takes a new bonus tile (e.g. 'pass BON3'), except in round 6")
    if returned:
        f.bonus = bonus if (bonus and s.round != 6) else None
        s.pool[returned] = s.pool.get(returned, 0) + 1


def adjust_command(g: Game, f: FactionState, delta: int, kind: str, source: str) -> None:
    """``+FAV11``, ``+2TW3``, ``+EARTH``, ``-SPADE``, ``-FREE_D``, ``-WATER`` ..."""
    if g.s.round == 0 and kind.startswith("BON"):
        if delta != 1:
            raise RuleError(f"cannot take {delta} bonus tiles")
        pass_turn(g, f, kind)
        g.ledger.force_finish = True
        return
    checked = False
    if kind in CULT_INDEX:
        i = CULT_INDEX[kind]
        if f.cult_steps < delta:
            if f.cult[i] == 10 or (kind in f.cult_blocked and f.keys):
                checked = True
        elif delta < 0 and f.cult_debt:
            if -delta != f.cult_debt:
                raise RuleError(f"{f.name} owe {f.cult_debt} steps on one cult track")
            if f.cult[i] < f.cult_debt:
                raise RuleError(f"{f.name} have only {f.cult[i]} steps on {kind}")
            f.cult_debt = 0
            checked = True
        elif delta < 0:
            old, new = f.cult[i], f.cult[i] + delta
            if old == 10 or new < 7:
                raise RuleError(
                    "cult steps can be given up only to avoid the TW5 issue: from 8 or 9, to 7 or more"
                )
            checked = True
        elif f.cult_steps > delta and f.cults_on_same_track:
            raise RuleError("all steps of this action must go on the same cult track")
        else:
            f.cult_steps -= delta
            f.cults_on_same_track = 0
            checked = True
    elif kind.startswith("FAV"):
        if kind not in favor_tiles():
            raise RuleError(f"unknown favor tile {kind}")
        if f.gain_favor < 1:
            raise RuleError(
                f"{f.name} may not take a favor tile now (favor tiles come with temples and sanctuaries)"
            )
        f.gain_favor -= delta
        checked = True
    elif kind.startswith("TW"):
        if f.gain_tw < 1:
            raise RuleError(f"{f.name} may not take a town tile now: no town has been founded")
        if delta > f.gain_tw:
            raise RuleError(f"{f.name} founded {f.gain_tw} town(s), not {delta}")
        f.gain_tw -= delta
        checked = True
    elif kind == "SPADE" and delta < 0:
        if not f.passed and f.disable_spade_decline:
            raise RuleError("spades bought with 'dig' must be used; they cannot be thrown away")
        checked = True
    elif kind == "VOLCANO_TF" and delta < 0:
        # 'dig 1' opens a volcano transformation for free; when the faction cannot pay for
        # it any more (power chips or cult steps spent), giving it up is the only way on.
        if f.volcano_tf < -delta:
            raise RuleError(f"{f.name} have no volcano transformation open")
        checked = True
    elif kind in ("CULTS_ON_SAME_TRACK", "TOWN_SIZE", "TF_NEED_HEX_ADJACENCY") or kind.startswith(
        "LOSE_"
    ):
        raise RuleError(f"cannot change {kind}")
    if not checked and delta > 0:
        raise RuleError(f"{f.name} are not entitled to gain {delta} {kind}")
    g.adjust(f, kind, delta, source or None)
    if kind == "FREE_TF" and f.free_tf == 0:
        f.tf_need_hex_adjacency = 0
    if kind == "FREE_D" and f.free_d == 0:
        f.teleport_no_tf = 0
    turns.dismiss_action(g, f, "cult")
    if (kind == "SPADE" and f.spade < 1) or (kind == "VOLCANO_TF" and not f.volcano_tf):
        turns.dismiss_action(g, f, "transform")


def cult_tracks() -> tuple[str, ...]:
    return CULTS
