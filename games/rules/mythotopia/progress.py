"""Card texts played with ``play <card> ...``: free actions and actions of the progress cards.

Reserve cards (Cavalry, Limes, Ranger, Queen, Warehouse) act where their effect applies
(wars.strength, state.hand_limit, state.reserve_capacity); Ship and General in ``actions``.
"""

from __future__ import annotations

from collections.abc import Callable

from games.rules.core import RuleError

from .actions import Rows, number, province_named, seat_of_colour, split
from .payment import Play, exactly
from .sayings import counted, gettext_noop, said
from .state import State, controlled, draw, reserve_capacity
from .wars import at_war, parties, resolve


def militia(state: State, seat: int, words: list[str], rows: Rows) -> None:
    player = state["seats"][str(seat)]
    if words:
        raise RuleError("Militia: play militia")
    if player["armies_general"] <= 0:
        raise RuleError("Militia: no army of yours is left in the general supply.")
    _discard_played(state, seat, "militia")
    player["armies_general"] -= 1
    player["armies"] += 1
    rows.append(said(seat, gettext_noop("plays Militia: 1 army into the personal supply")))


def marauders(state: State, seat: int, words: list[str], rows: Rows) -> None:
    if len(words) != 2:
        raise RuleError("Marauders: play marauders <province> <colour>")
    province = province_named(words[0])
    victim = seat_of_colour(state, words[1])
    where = state["provinces"][province]
    if where["armies"].get(str(victim), 0) <= 0:
        raise RuleError(f"Marauders: {words[1]} has no army in {province}.")
    _discard_played(state, seat, "marauders")
    where["armies"][str(victim)] -= 1
    if not where["armies"][str(victim)]:
        del where["armies"][str(victim)]
        state["mercenaries"] += where["mercenaries"].pop(str(victim), 0)
    state["seats"][str(victim)]["armies"] += 1
    rows.append(
        said(
            seat,
            gettext_noop("plays Marauders: 1 %(colour)s army leaves %(province)s"),
            colour=words[1],
            province=province,
        )
    )


def providence(state: State, seat: int, words: list[str], rows: Rows) -> None:
    if words:
        raise RuleError("Providence: play providence")
    player = state["seats"][str(seat)]
    _from_hand_or_reserve(player, "providence", "Providence")
    # Drawing first: a reshuffle leaves Providence on the new discard pile.
    drawn = draw(state, str(seat), 2)
    player["discard"].append("providence")
    rows.append({**said(seat, gettext_noop("plays Providence: draws 2 cards")), "drawn": drawn})


def counsellor(state: State, seat: int, words: list[str], rows: Rows) -> None:
    """One or more cards discarded ("Du kannst eine oder mehrere Karten aus deiner Hand
    abwerfen"); discards from the hand are replaced, and the Counsellor itself; discards from
    the reserve are not (the seed: "allerdings ziehst du für diese keine Ersatzkarten")."""
    player = state["seats"][str(seat)]
    if not words or len(set(words)) != len(words) or "counsellor" in words:
        raise RuleError(
            "Counsellor: play counsellor <hand or reserve card> [<card>...]: one or more cards "
            "discarded, each once."
        )
    for card in words:
        if card not in player["hand"] and card not in player["reserve"]:
            raise RuleError(f"Counsellor: {card} is not in your hand or reserve.")
    _from_hand_or_reserve(player, "counsellor", "Counsellor")
    from_hand = [card for card in words if card in player["hand"]]
    for card in words:
        _from_hand_or_reserve(player, card, "Counsellor")
    drawn = draw(state, str(seat), len(from_hand) + 1)
    player["discard"].extend(["counsellor", *words])
    rows.append(
        {
            **said(
                seat,
                gettext_noop("plays Counsellor: discards %(discarded)s, draws %(drawn)s"),
                discarded=len(words),
                drawn=len(drawn),
            ),
            "drawn": drawn,
        }
    )


def mystic(state: State, seat: int, words: list[str], rows: Rows) -> None:
    parts = split(words, "pay")
    if len(parts[""]) != 1:
        raise RuleError("Mystic: play mystic <card from your discard pile> pay ...")
    card = parts[""][0]
    player = state["seats"][str(seat)]
    if card not in player["discard"]:
        raise RuleError(f"Mystic: {card} is not in your discard pile.")
    play = Play(state, seat)
    play.card("mystic", "Mystic")
    exactly(play.pay(parts.get("pay", [])), {"gold": 1}, "Mystic")
    play.finish()
    player["discard"].remove(card)
    player["hand"].append(card)
    # The card may have been discarded face down (``discard``, Counsellor): others learn only
    # that one card came back; its player keeps the card's name under ``taken``.
    taken = said(seat, gettext_noop("plays Mystic: takes 1 card back into the hand"))
    rows.append({**taken, "taken": [card]})


def mercenary(state: State, seat: int, words: list[str], rows: Rows) -> None:
    parts = split(words, "pay")
    if len(parts[""]) != 2:
        raise RuleError("Mercenary: play mercenary <province> <1 or 2> pay ...")
    province = province_named(parts[""][0])
    count = number(parts[""][1], "Mercenary")
    where = state["provinces"][province]
    if count > 2 or count > state["mercenaries"]:
        raise RuleError(f"Mercenary: {state['mercenaries']} mercenaries are left (at most 2).")
    if where["armies"].get(str(seat), 0) < 1:
        raise RuleError("Mercenary: only where you have at least 1 army.")
    if where["owner"] != seat and not at_war(state, province):
        raise RuleError("Mercenary: only into a province you control or attack.")
    play = Play(state, seat)
    play.card("mercenary", "Mercenary")
    exactly(play.pay(parts.get("pay", [])), {"gold": 1}, "Mercenary")
    play.finish()
    state["mercenaries"] -= count
    where["mercenaries"][str(seat)] = where["mercenaries"].get(str(seat), 0) + count
    template = counted(
        count,
        gettext_noop("plays Mercenary: %(n)s mercenary in %(province)s"),
        gettext_noop("plays Mercenary: %(n)s mercenaries in %(province)s"),
    )
    rows.append(said(seat, template, n=count, province=province))


def diplomat(state: State, seat: int, words: list[str], rows: Rows) -> None:
    parts = split(words, "pay")
    if len(parts[""]) != 1:
        raise RuleError("Diplomat: play diplomat <province> pay ...")
    province = province_named(parts[""][0])
    if not at_war(state, province) or seat not in parties(state, province):
        raise RuleError(f"Diplomat: you are not a party of a war in {province}.")
    play = Play(state, seat)
    play.card("diplomat", "Diplomat")
    exactly(play.pay(parts.get("pay", [])), {"gold": 1}, "Diplomat")
    play.finish()
    rows.append(said(seat, gettext_noop("plays Diplomat in %(province)s"), province=province))
    resolve(state, province, state["provinces"][province]["owner"] or 0, rows, defended=False)


def alchemist(state: State, seat: int, words: list[str], rows: Rows) -> None:
    if len(words) != 1 or words[0] not in ("1", "2"):
        raise RuleError("Alchemist: play alchemist <1 or 2> (the value of your token to exchange)")
    value = int(words[0])
    player = state["seats"][str(seat)]
    token = next((t for t in player["tokens"] if t["value"] == value), None)
    if token is None:
        raise RuleError(f"Alchemist: you have no {value}-VP token.")
    if state["token_supply"][str(value + 1)] <= 0:
        raise RuleError(f"Alchemist: no {value + 1}-VP token is left in the unused supply.")
    _discard_played(state, seat, "alchemist")
    state["token_supply"][str(value + 1)] -= 1
    state["token_supply"][str(value)] += 1
    token["value"] = value + 1
    rows.append(
        said(
            seat,
            gettext_noop("plays Alchemist: a %(before)s-VP token becomes %(after)s VP"),
            before=value,
            after=value + 1,
        )
    )


def _from_hand_or_reserve(player: dict, card: str, rule: str) -> None:
    zone = "hand" if card in player["hand"] else "reserve"
    if card not in player[zone]:
        raise RuleError(f"{rule}: {card} is not in your hand or reserve.")
    player[zone].remove(card)


def _discard_played(state: State, seat: int, card: str) -> None:
    player = state["seats"][str(seat)]
    _from_hand_or_reserve(player, card, card.title())
    player["discard"].append(card)


def march(state: State, seat: int, words: list[str], rows: Rows) -> None:
    """The road move: once per turn, as a free action, "eine beliebige Anzahl deiner Armeen über
    deine Straßen in andere deiner Gebiete" (the seed). One road move may move several groups:
    ``march 2 from Palmain to Nusus and 1 from Blore to Scombroid`` in one command, or
    ``march`` commands one after another; the road move ends with the first other command."""
    rule = "Road move"
    if state["turn"]["road_move"] is True:
        raise RuleError(
            f"{rule}: once per turn; every group moves within that one road move (march ... "
            "and ..., or march again before any other command)."
        )
    groups = _groups(words, rule)
    own = set(controlled(state, seat))
    from .actions import connected_by_roads

    for count, start, end in groups:
        if start not in own or end not in connected_by_roads(state, seat, start) or start == end:
            raise RuleError(f"{rule}: only along roads through provinces you control.")
        where = state["provinces"][start]
        here = where["armies"].get(str(seat), 0)
        if here < count:
            raise RuleError(f"{rule}: you have {here} armies in {start}.")
        where["armies"][str(seat)] -= count
        if not where["armies"][str(seat)]:
            del where["armies"][str(seat)]
        there = state["provinces"][end]["armies"]
        there[str(seat)] = there.get(str(seat), 0) + count
        template = counted(
            count,
            gettext_noop("moves %(n)s army by road from %(start)s to %(end)s"),
            gettext_noop("moves %(n)s armies by road from %(start)s to %(end)s"),
        )
        rows.append(said(seat, template, n=count, start=start, end=end))
    # Open until another command is played (commands.apply closes it).
    state["turn"]["road_move"] = ROAD_MOVE_OPEN


ROAD_MOVE_OPEN = "open"


def _groups(words: list[str], rule: str) -> list[tuple[int, str, str]]:
    """``<n> from <province> to <province>`` groups joined by ``and``."""
    groups: list[tuple[int, str, str]] = []
    usage = f"{rule}: march <number> from <province> to <province> [and <number> from ...]"
    for index in range(0, len(words) + 1, 6):
        group = words[index : index + 5]
        joined = words[index + 5 : index + 6]
        if len(group) != 5 or group[1] != "from" or group[3] != "to" or joined not in ([], ["and"]):
            raise RuleError(usage)
        groups.append((number(group[0], rule), province_named(group[2]), province_named(group[4])))
        if not joined:
            return groups
    raise RuleError(usage)


def warehouse(state: State, seat: int, words: list[str], rows: Rows) -> None:
    """Warehouse in the reserve: once per turn, one hand card into the reserve for free."""
    rule = "Warehouse"
    player = state["seats"][str(seat)]
    if "warehouse" not in player["reserve"]:
        raise RuleError(f"{rule}: only while the Warehouse lies in your reserve.")
    if len(words) != 1 or words[0] not in player["hand"]:
        raise RuleError(f"{rule}: play warehouse <hand card>")
    if "warehouse" in state["turn"]["once"]:
        raise RuleError(f"{rule}: once per turn.")
    capacity = reserve_capacity(state, seat)
    if len(player["reserve"]) >= capacity:
        raise RuleError(f"{rule}: your reserve holds {capacity} cards.")
    state["turn"]["once"].append("warehouse")
    player["hand"].remove(words[0])
    player["reserve"].append(words[0])
    rows.append(
        said(seat, gettext_noop("puts %(card)s into the reserve (Warehouse)"), card=words[0])
    )


def philosopher(state: State, seat: int, words: list[str], rows: Rows) -> None:
    """The top 3 progress cards wait, seen by their player only, for ``take <card>``."""
    if words:
        raise RuleError("Philosopher: play philosopher (then take <card>)")
    if not state["progress_stack"]:
        raise RuleError("Philosopher: the progress stack is empty.")
    player = state["seats"][str(seat)]
    _from_hand_or_reserve(player, "philosopher", "Philosopher")
    state.setdefault("out_of_game", []).append("philosopher")
    state["turn"]["philosopher"] = state["progress_stack"][:3]
    del state["progress_stack"][:3]
    looked = said(
        seat,
        gettext_noop(
            "plays Philosopher: looks at the top %(n)s progress cards; "
            "the Philosopher leaves the game"
        ),
        n=len(state["turn"]["philosopher"]),
    )
    rows.append({**looked, "reveals": True})


def take(state: State, seat: int, words: list[str], rows: Rows) -> None:
    """Philosopher: one of the cards looked at into the hand, the others back on the stack."""
    seen = state["turn"].get("philosopher")
    if not seen:
        raise RuleError("Philosopher: take follows play philosopher.")
    if len(words) != 1 or words[0] not in seen:
        raise RuleError(f"Philosopher: take one of {', '.join(seen)}.")
    del state["turn"]["philosopher"]
    state["seats"][str(seat)]["hand"].append(words[0])
    state["progress_stack"][:0] = [c for c in seen if c != words[0]]
    rows.append(
        {
            **said(seat, gettext_noop("takes 1 of them into the hand (Philosopher)")),
            "drawn": [words[0]],
        }
    )


Handler = Callable[[State, int, list[str], Rows], None]

FREE: dict[str, Handler] = {
    "militia": militia,
    "marauders": marauders,
    "providence": providence,
    "counsellor": counsellor,
    "mystic": mystic,
    "mercenary": mercenary,
    "warehouse": warehouse,
    "philosopher": philosopher,
}
ACTIONS: dict[str, Handler] = {"diplomat": diplomat, "alchemist": alchemist}
