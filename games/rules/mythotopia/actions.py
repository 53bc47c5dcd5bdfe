"""The actions of a turn, each applied to a copy of the state by ``commands.apply``.

Every function takes the state, the acting seat, the command's words and the ledger rows to
fill; it raises ``RuleError`` naming the rule, and the caller throws the copy away.
"""

from __future__ import annotations

from typing import Any

from games.rules.core import RuleError

from . import data
from .payment import Play, exactly
from .sayings import counted, gettext_noop, said
from .scoring import check_seas, empty_vp_cards, take_token, token_available, vp
from .state import State, border_for, controlled, draw, owned_cards, reserve_capacity
from .wars import at_war, opponents, parties, resolve, strength, strongest, wars

Rows = list[dict[str, Any]]


def sea_slug(sea: str) -> str:
    return sea.lower().replace(" ", "-")


def sea_named(word: str) -> str:
    for sea in data.seas():
        if sea_slug(sea) == word:
            return sea
    raise RuleError(f"Sea areas: there is no sea area {word!r}.")


def province_named(word: str) -> str:
    if word not in data.provinces():
        raise RuleError(f"The board: there is no province {word!r}.")
    return word


def split(words: list[str], *keys: str) -> dict[str, list[str]]:
    """Words grouped by the keywords that introduce them ("" holds the words before any)."""
    parts: dict[str, list[str]] = {"": []}
    current = ""
    for word in words:
        if word in keys:
            current = word
            parts.setdefault(word, [])
        else:
            parts[current].append(word)
    return parts


def number(word: str, rule: str) -> int:
    if not word.isdigit() or int(word) < 1:
        raise RuleError(f"{rule}: {word!r} is not a number of at least 1.")
    return int(word)


def seat_of_colour(state: State, colour: str) -> int:
    if colour not in state["colours"]:
        raise RuleError(f"The players: no one plays {colour!r}.")
    return state["colours"].index(colour) + 1


def connected_by_roads(state: State, seat: int, province: str) -> set[str]:
    """Provinces the seat controls reached from ``province`` along roads between them."""
    own = set(controlled(state, seat))
    if province not in own:
        return {province}
    reached = {province}
    frontier = [province]
    while frontier:
        here = frontier.pop()
        for a, b in state["roads"]:
            there = b if a == here else a if b == here else None
            if there and there in own and there not in reached:
                reached.add(there)
                frontier.append(there)
    return reached


def province_card_places(state: State, seat: int, play: Play, card: str, rule: str) -> set[str]:
    """The provinces a played province card (or General) stands for."""
    play.card(card, rule)
    if card == "general":
        return set(controlled(state, seat))
    if card not in data.provinces():
        raise RuleError(f"{rule}: {card} is not a province card.")
    return connected_by_roads(state, seat, card)


# The cards called "Army": the starting card and its progress version.
ARMY_CARDS = ("army", "p-army")


def armies_sent(player: dict[str, Any], play: Play, symbols: int, rule: str) -> int:
    if symbols < 1:
        raise RuleError(f"{rule}: play at least one army symbol.")
    if symbols > player["armies"]:
        if player["armies"] == 1 and last_army_exception(play):
            return 1
        raise RuleError(
            f"{rule}: only {player['armies']} armies in your personal supply (with exactly "
            "1 left, only the Army card alone may still be played)."
        )
    return symbols


def last_army_exception(play: Play) -> bool:
    """The seed: "Einzige Ausnahme: Besitzt du nur noch 1 Armee in deinem Persönlichen Vorrat,
    darfst du die Karte „Army“ (Armee) ausspielen und nutzen (obwohl sie 2 Armeesymbole hat)":
    the Army card alone, not any cards showing two army symbols together."""
    sources = [(card, amount) for card, kind, amount in play.paid if kind == "army"]
    return len(sources) == 1 and sources[0][0] in ARMY_CARDS and sources[0][1] == 2


# --- Attack and armies ------------------------------------------------------------------


def attack(state: State, seat: int, words: list[str], rows: Rows) -> None:
    rule = "Attack a province"
    parts = split(words, "from", "via", "pay")
    if len(parts[""]) != 1 or len(parts.get("from", [])) != 1:
        raise RuleError(f"{rule}: attack <province> from <card> [via <ship card>...] pay ...")
    target = province_named(parts[""][0])
    where = state["provinces"][target]
    if where["owner"] == seat:
        raise RuleError(f"{rule}: you control {target} already.")
    player = state["seats"][str(seat)]
    reserve_army(state, seat, where["owner"], rule)
    play = Play(state, seat)
    ships = parts.get("via", [])
    if len(ships) > 2:
        raise RuleError(f"{rule}: a ship card crosses one sea area; at most two are crossed.")
    for card in ships:
        play.card(card, rule)
        if card not in ("ship", "p-ship"):
            raise RuleError(f"{rule}: only Ship cards carry an attack across a sea area.")
    source = parts["from"][0]
    food = 1
    if source == "portal":
        play.card(source, rule)
    else:
        places = province_card_places(state, seat, play, source, rule)
        food = launch_food(state, seat, places, target, len(ships), rule)
    paid = play.pay(parts.get("pay", []))
    sent = armies_sent(player, play, paid["army"], rule)
    exactly(paid, {"army": paid["army"], "food": food}, rule)
    player["armies"] -= sent
    where["armies"][str(seat)] = where["armies"].get(str(seat), 0) + sent
    play.finish()
    rows.append(
        said(
            seat,
            counted(
                sent,
                gettext_noop("attacks %(province)s with %(n)s army"),
                gettext_noop("attacks %(province)s with %(n)s armies"),
            ),
            province=target,
            n=sent,
        )
    )


def reserve_army(state: State, attacker: int, defender: int | None, rule: str) -> None:
    """Reserve Army: a player at war with another player neither attacks nor is attacked by a
    further player (wars against neutral provinces are not restricted)."""
    if not defender:
        return
    for holder, other in ((attacker, defender), (defender, attacker)):
        if "reserve-army" in state["seats"][str(holder)]["reserve"]:
            at_war_with = opponents(state, holder)
            if at_war_with and other not in at_war_with:
                colour = state["colours"][holder - 1]
                raise RuleError(f"{rule}: Reserve Army keeps {colour} to the war they are in.")


def launch_food(
    state: State, seat: int, places: set[str], target: str, ships: int, rule: str
) -> int:
    """Food an attack from ``places`` on ``target`` costs: 1, or 2 across hills."""
    if ships:
        target_seas = set(data.provinces()[target]["seas"])
        for place in places:
            seas = set(data.provinces()[place]["seas"])
            if ships == 1 and seas & target_seas:
                return 1
            if ships == 2 and any(set(data.seas()[sea]["seas"]) & target_seas for sea in seas):
                return 1
        raise RuleError(f"{rule}: no sea route of {ships} sea areas from that card to {target}.")
    borders = {border_for(state, seat, place, target) for place in places} - {None}
    if "normal" in borders:
        return 1
    if "hills" in borders:
        return 2
    if "mountains" in borders:
        raise RuleError(f"{rule}: no attack across mountains.")
    raise RuleError(f"{rule}: the province card does not border {target}.")


def deploy(state: State, seat: int, words: list[str], rows: Rows) -> None:
    rule = "Deploy armies"
    parts = split(words, "pay")
    if len(parts[""]) != 1:
        raise RuleError(f"{rule}: deploy <province> pay ...")
    target = province_named(parts[""][0])
    where = state["provinces"][target]
    own = where["owner"] == seat
    if not own and where["armies"].get(str(seat), 0) == 0:
        raise RuleError(f"{rule}: only into a province you control or already attack.")
    play = Play(state, seat)
    paid = play.pay(parts.get("pay", []))
    player = state["seats"][str(seat)]
    sent = armies_sent(player, play, paid["army"], rule)
    exactly(paid, {"army": paid["army"], "food": 0 if own else 1}, rule)
    player["armies"] -= sent
    where["armies"][str(seat)] = where["armies"].get(str(seat), 0) + sent
    play.finish()
    rows.append(
        said(
            seat,
            counted(
                sent,
                gettext_noop("deploys %(n)s army in %(province)s"),
                gettext_noop("deploys %(n)s armies in %(province)s"),
            ),
            province=target,
            n=sent,
        )
    )


def withdraw(state: State, seat: int, words: list[str], rows: Rows) -> None:
    """Armies, and mercenaries alone or with them (the seed: "sowohl separat als auch zusammen
    mit regulären Armeen"); the last army takes the player's mercenaries along."""
    rule = "Withdraw armies"
    if len(words) < 3 or words[-2] != "from":
        raise RuleError(
            f"{rule}: withdraw <number> [armies] [<number> mercenaries] from <province>"
        )
    wanted = withdrawn_pieces(words[:-2], rule)
    province = province_named(words[-1])
    where = state["provinces"][province]
    if at_war(state, province):
        raise RuleError(f"{rule}: not from {province}, where a war is going on.")
    for kind in ("armies", "mercenaries"):
        here = where[kind].get(str(seat), 0)
        if wanted[kind] > here:
            raise RuleError(f"{rule}: you have {here} {kind} in {province}.")
    for kind in ("armies", "mercenaries"):
        left = where[kind].get(str(seat), 0) - wanted[kind]
        where[kind][str(seat)] = left
        if not left:
            del where[kind][str(seat)]
    state["mercenaries"] += wanted["mercenaries"]
    if str(seat) not in where["armies"]:
        state["mercenaries"] += where["mercenaries"].pop(str(seat), 0)
    state["seats"][str(seat)]["armies"] += wanted["armies"]
    rows.append(_withdrawn(seat, wanted, province))


def _withdrawn(seat: int, wanted: dict[str, int], province: str) -> dict[str, Any]:
    template = _of_two_kinds(
        wanted["armies"],
        wanted["mercenaries"],
        gettext_noop("withdraws armies (%(armies)s) and mercenaries (%(hired)s) from %(province)s"),
        (
            gettext_noop("withdraws %(armies)s army from %(province)s"),
            gettext_noop("withdraws %(armies)s armies from %(province)s"),
        ),
        (
            gettext_noop("withdraws %(hired)s mercenary from %(province)s"),
            gettext_noop("withdraws %(hired)s mercenaries from %(province)s"),
        ),
    )
    return said(
        seat, template, armies=wanted["armies"], hired=wanted["mercenaries"], province=province
    )


def _of_two_kinds(
    first: int, second: int, both: str, firsts: tuple[str, str], seconds: tuple[str, str]
) -> str:
    """The template for pieces of two kinds: both named with their numbers, or the one there is
    in its singular or plural."""
    if first and second:
        return both
    return counted(first, *firsts) if first else counted(second, *seconds)


def withdrawn_pieces(spec: list[str], rule: str) -> dict[str, int]:
    """``2`` (armies), or pairs such as ``1 armies 2 mercenaries``."""
    if len(spec) == 1:
        return {"armies": number(spec[0], rule), "mercenaries": 0}
    usage = "withdraw <number> [armies] [<number> mercenaries] from ..."
    return counted_pieces(spec, {"army": "armies", "mercenary": "mercenaries"}, rule, usage)


def counted_pieces(
    spec: list[str], plurals: dict[str, str], rule: str, usage: str
) -> dict[str, int]:
    """Pairs of a number and a kind of piece (``2 armies 1 ship``), summed per kind; ``plurals``
    maps each kind's singular to its plural, the key of the result."""
    wanted = dict.fromkeys(plurals.values(), 0)
    if not spec or len(spec) % 2:
        raise RuleError(f"{rule}: {usage}")
    for amount, word in zip(spec[::2], spec[1::2], strict=True):
        kind = plurals.get(word, word)
        if kind not in wanted:
            raise RuleError(f"{rule}: {usage.split()[0]} {' or '.join(wanted)}, not {word!r}.")
        wanted[kind] += number(amount, rule)
    return wanted


def sail(state: State, seat: int, words: list[str], rows: Rows) -> None:
    rule = "Deploy ships"
    parts = split(words, "pay")
    if len(parts[""]) != 1:
        raise RuleError(f"{rule}: sail <sea area> pay ...")
    sea = sea_named(parts[""][0])
    if not set(data.seas()[sea]["provinces"]) & set(controlled(state, seat)):
        raise RuleError(f"{rule}: only into a sea area next to a province you control.")
    play = Play(state, seat)
    paid = play.pay(parts.get("pay", []))
    player = state["seats"][str(seat)]
    if paid["ship"] < 1:
        raise RuleError(f"{rule}: play at least one ship symbol.")
    if paid["ship"] > player["ships"]:
        raise RuleError(f"{rule}: only {player['ships']} ships in your personal supply.")
    exactly(paid, {"ship": paid["ship"]}, rule)
    player["ships"] -= paid["ship"]
    ships = state["ships"][sea]
    ships[str(seat)] = ships.get(str(seat), 0) + paid["ship"]
    play.finish()
    rows.append(
        said(
            seat,
            counted(
                paid["ship"],
                gettext_noop("deploys %(n)s ship in %(sea)s"),
                gettext_noop("deploys %(n)s ships in %(sea)s"),
            ),
            n=paid["ship"],
            sea=sea,
        )
    )
    check_seas(state, seat, rows)


def recall(state: State, seat: int, words: list[str], rows: Rows) -> None:
    rule = "Withdraw ships"
    if len(words) != 3 or words[1] != "from":
        raise RuleError(f"{rule}: recall <number> from <sea area>")
    count = number(words[0], rule)
    sea = sea_named(words[2])
    here = state["ships"][sea].get(str(seat), 0)
    if count > here:
        raise RuleError(f"{rule}: you have {here} ships in {sea}.")
    state["ships"][sea][str(seat)] = here - count
    if not state["ships"][sea][str(seat)]:
        del state["ships"][sea][str(seat)]
    state["seats"][str(seat)]["ships"] += count
    rows.append(
        said(
            seat,
            counted(
                count,
                gettext_noop("withdraws %(n)s ship from %(sea)s"),
                gettext_noop("withdraws %(n)s ships from %(sea)s"),
            ),
            n=count,
            sea=sea,
        )
    )


def end_war(state: State, seat: int, words: list[str], rows: Rows) -> None:
    rule = "End a war"
    if len(words) not in (1, 3) or (len(words) == 3 and words[1:] != ["with", "hero"]):
        raise RuleError(f"{rule}: end war <province> [with hero]")
    province = province_named(words[0])
    hero = len(words) == 3
    first_action(state, rule)
    if state["turn"].get("ended_war"):
        raise RuleError(f"{rule}: once per turn.")
    if not at_war(state, province):
        raise RuleError(f"{rule}: there is no war in {province}.")
    where = state["provinces"][province]
    if where["owner"] != seat and where["armies"].get(str(seat), 0) == 0:
        raise RuleError(f"{rule}: you are not a party of the war in {province}.")
    winner = strongest(state, province)
    if hero:
        # Hero (a benefit of End a War): a tie at the top is decided for its player.
        play = Play(state, seat)
        play.card("hero", "Hero")
        top = max(strength(state, province, p) for p in parties(state, province))
        if winner is None and strength(state, province, seat) == top:
            winner = seat
        play.finish()
    if winner is None:
        raise RuleError(f"{rule}: no party in {province} is stronger than every other.")
    state["turn"]["ended_war"] = True
    resolve(state, province, winner, rows, defended=True)


def first_action(state: State, rule: str) -> None:
    turn = state["turn"]
    if turn["actions"] or turn["free"]:
        raise RuleError(f"{rule}: only as the first action of the turn, before any free action.")


# --- Economy ---------------------------------------------------------------------------


def buy(state: State, seat: int, words: list[str], rows: Rows) -> None:
    rule = "Buy armies and ships"
    parts = split(words, "pay")
    usage = "buy <n> armies [<n> ships] pay ..."
    wanted = counted_pieces(parts[""], {"army": "armies", "ship": "ships"}, rule, usage)
    player = state["seats"][str(seat)]
    for kind, count in wanted.items():
        if count > player[f"{kind}_general"]:
            raise RuleError(f"{rule}: only {player[f'{kind}_general']} {kind} left to buy.")
    play = Play(state, seat)
    exactly(play.pay(parts.get("pay", [])), {"gold": wanted["armies"] + 2 * wanted["ships"]}, rule)
    for kind, count in wanted.items():
        player[f"{kind}_general"] -= count
        player[kind] += count
    play.finish()
    template = _of_two_kinds(
        wanted["armies"],
        wanted["ships"],
        gettext_noop("buys armies (%(armies)s) and ships (%(ships)s)"),
        (gettext_noop("buys %(armies)s army"), gettext_noop("buys %(armies)s armies")),
        (gettext_noop("buys %(ships)s ship"), gettext_noop("buys %(ships)s ships")),
    )
    rows.append(said(seat, template, armies=wanted["armies"], ships=wanted["ships"]))


def add_card(state: State, seat: int, words: list[str], rows: Rows) -> None:
    rule = "Add a card"
    parts = split(words, "pay")
    if len(parts[""]) != 1:
        raise RuleError(f"{rule}: add <card> pay ...")
    if state["turn"]["add_used"]:
        raise RuleError(f"{rule}: once per turn.")
    card = parts[""][0]
    player = state["seats"][str(seat)]
    play = Play(state, seat)
    exactly(play.pay(parts.get("pay", [])), {"gold": 1}, rule)
    if card in state["progress_display"]:
        state["progress_display"].remove(card)
    elif card in player["removed"]:
        player["removed"].remove(card)
    elif card in state["province_stack"] and state["provinces"][card]["owner"] == seat:
        state["province_stack"].remove(card)
    else:
        raise RuleError(
            f"{rule}: {card} is neither in the display nor a card you removed and may take back."
        )
    player["discard"].append(card)
    state["turn"]["add_used"] = True
    play.finish()
    rows.append(said(seat, gettext_noop("adds %(card)s to their deck"), card=data.card_name(card)))


def reserve(state: State, seat: int, words: list[str], rows: Rows) -> None:
    rule = "Reserve cards"
    player = state["seats"][str(seat)]
    if not words or len(set(words)) != len(words):
        raise RuleError(f"{rule}: reserve <card> [<card>...], each card once.")
    for card in words:
        if card not in player["hand"]:
            raise RuleError(f"{rule}: {card} is not in your hand.")
    capacity = reserve_capacity(state, seat)
    if len(player["reserve"]) + len(words) > capacity:
        raise RuleError(f"{rule}: your reserve holds {capacity} cards.")
    for card in words:
        player["hand"].remove(card)
        player["reserve"].append(card)
    rows.append(said(seat, gettext_noop("puts %(cards)s into the reserve"), cards=", ".join(words)))


def discard(state: State, seat: int, words: list[str], rows: Rows) -> None:
    rule = "Discard cards"
    player = state["seats"][str(seat)]
    if not words or len(set(words)) != len(words):
        raise RuleError(f"{rule}: discard <card> [<card>...], each card once.")
    for card in words:
        zone = "hand" if card in player["hand"] else "reserve"
        if card not in player[zone]:
            raise RuleError(f"{rule}: {card} is not in your hand or reserve.")
        player[zone].remove(card)
        player["discard"].append(card)
    discarded = counted(
        len(words), gettext_noop("discards %(n)s card"), gettext_noop("discards %(n)s cards")
    )
    rows.append({**said(seat, discarded, n=len(words)), "cards": words})


def remove(state: State, seat: int, words: list[str], rows: Rows) -> None:
    rule = "Remove cards"
    player = state["seats"][str(seat)]
    if not 1 <= len(words) <= 2 or len(set(words)) != len(words):
        raise RuleError(f"{rule}: remove <card> [<card>]: one or two cards.")
    minimum = int(data.rules()["minimum_deck"])
    if len(owned_cards(player)) - len(words) < minimum:
        raise RuleError(f"{rule}: your deck may never drop below {minimum} cards.")
    for card in words:
        zone = "hand" if card in player["hand"] else "reserve"
        if card not in player[zone]:
            raise RuleError(f"{rule}: {card} is not in your hand or reserve.")
        player[zone].remove(card)
        if card in data.starting_cards():
            player["removed"].append(card)
        elif card in data.provinces():
            state["province_stack"].insert(0, card)
        else:
            state["progress_display"].append(card)
    rows.append(
        said(seat, gettext_noop("removes %(cards)s from their deck"), cards=", ".join(words))
    )


def patronage(state: State, seat: int, words: list[str], rows: Rows) -> None:
    rule = "Patronage"
    parts = split(words, "pay")
    if parts[""]:
        raise RuleError(f"{rule}: patronage pay ...")
    if not token_available(state, seat, "patronage"):
        raise RuleError(f"{rule}: the Patronage card is not in play or has no token left.")
    play = Play(state, seat)
    exactly(play.pay(parts.get("pay", [])), {"gold": 2}, rule)
    play.finish()
    take_token(state, seat, "patronage", rows)


# --- Building --------------------------------------------------------------------------


def build(state: State, seat: int, words: list[str], rows: Rows) -> None:
    rule = "Build"
    parts = split(words, "with", "pay")
    what = parts[""]
    cards = parts.get("with", [])
    if len(what) < 2 or len(cards) != 2:
        raise RuleError(
            f"{rule}: build city|castle <province> | road <a> <b> with <build card> <province card> pay ..."
        )
    play = Play(state, seat)
    play.card(cards[0], rule)
    if cards[0] not in ("build", "p-build"):
        raise RuleError(f"{rule}: play a Build card first.")
    places = province_card_places(state, seat, play, cards[1], rule)
    paid = play.pay(parts.get("pay", []))
    kind = what[0]
    own = set(controlled(state, seat))
    player = state["seats"][str(seat)]
    if kind in ("city", "castle") and len(what) == 2:
        province = province_named(what[1])
        where = state["provinces"][province]
        if province not in places:
            raise RuleError(
                f"{rule}: the province card must be that of {province} (or joined by roads)."
            )
        if kind == "city":
            if where["owner"] != seat or where["building"] != "village":
                raise RuleError(f"{rule}: a city replaces one of your villages.")
            if player["cities"] <= 0:
                raise RuleError(f"{rule}: you have no city left on your reserve card.")
            extra = optional_gold(state, seat, paid, "guilded-city", {"stone": 2}, rule)
            player["cities"] -= 1
            player["villages"] += 1
            where["building"] = "city"
            rows.append(
                said(seat, gettext_noop("builds a city in %(province)s"), province=province)
            )
            take_token(state, seat, "city", rows)
        else:
            if province not in own or where["castle"] or where["building"] == "citadel":
                raise RuleError(f"{rule}: one castle in a province of yours without a citadel.")
            if state["castles_left"] <= 0:
                raise RuleError(f"{rule}: no castle left.")
            extra = optional_gold(state, seat, paid, None, {"stone": 1}, rule)
            state["castles_left"] -= 1
            where["castle"] = True
            rows.append(
                said(seat, gettext_noop("builds a castle in %(province)s"), province=province)
            )
            take_token(state, seat, "castle", rows)
    elif kind == "road" and len(what) == 3:
        a, b = sorted((province_named(what[1]), province_named(what[2])))
        kind_of_border = border_for(state, seat, a, b)
        if kind_of_border is None or kind_of_border == "mountains":
            raise RuleError(
                f"{rule}: a road joins two bordering provinces, never across mountains."
            )
        if a not in own or b not in own:
            raise RuleError(f"{rule}: a road joins two provinces you control.")
        if not places & {a, b}:
            raise RuleError(f"{rule}: the province card must be that of {a} or {b}.")
        if [a, b] in state["roads"] or state["roads_left"] <= 0:
            raise RuleError(f"{rule}: no road left for that border.")
        stone = 3 if kind_of_border == "hills" else 2
        extra = optional_gold(state, seat, paid, "inns", {"stone": stone}, rule)
        state["roads_left"] -= 1
        state["roads"].append([a, b])
        rows.append(said(seat, gettext_noop("builds a road between %(a)s and %(b)s"), a=a, b=b))
        take_token(state, seat, "streets", rows)
    else:
        raise RuleError(f"{rule}: build city <province>, castle <province> or road <a> <b>.")
    play.finish()
    if extra:
        take_token(state, seat, extra, rows)


def optional_gold(
    state: State, seat: int, paid: dict[str, int], card: str | None, cost: dict[str, int], rule: str
) -> str | None:
    """Guilded City and Roadside Inns: 1 extra gold with the build takes their token."""
    if paid.get("gold") == 1 and card and token_available(state, seat, card):
        exactly(paid, {**cost, "gold": 1}, rule)
        return card
    exactly(paid, cost, rule)
    return None


# --- Game end --------------------------------------------------------------------------


def end_game(state: State, seat: int, words: list[str], rows: Rows) -> None:
    rule = "End the game"
    if words:
        raise RuleError(f"{rule}: end game")
    first_action(state, rule)
    empty = empty_vp_cards(state)
    if empty < 4:
        raise RuleError(f"{rule}: 4 VP cards must be empty ({empty} are).")
    for province in wars(state):
        winner = strongest(state, province)
        defender = state["provinces"][province]["owner"] or 0
        resolve(state, province, defender if winner is None else winner, rows, defended=True)
    mine = vp(state, seat)
    others = [vp(state, s) for s in range(1, len(state["players"]) + 1) if s != seat]
    if any(score >= mine for score in others):
        raise RuleError(f"{rule}: after the wars you must have strictly more VP than everyone.")
    state["finished"] = True
    state["winner"] = seat
    rows.append(said(seat, gettext_noop("ends the game and wins")))


def draw_up(state: State, seat: int, limit: int) -> list[str]:
    player = state["seats"][str(seat)]
    return draw(state, str(seat), max(0, limit - len(player["hand"])))
