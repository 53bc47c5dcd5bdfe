"""Mythotopia bots: they see only their seat's view and sample what it hides.

Hands, decks, discard piles and the stacks are secret. A bot rebuilds full states from the view
(determinization): the cards it cannot see are dealt at random, consistently with what the view
shows (each seat's starting cards that are not in its reserve or removed, the province cards of
the provinces a seat controls, the sizes of every pile), and the game's random seed is
replaced by one of the bot's own, so the draws to come are guesses too. The heuristic level
judges each command one action ahead on one such state; the search level spreads its
simulations over many of them.
"""

from __future__ import annotations

import copy
import random
from typing import Any

from games.rules import mythotopia as myth
from games.rules.core import RuleError
from games.rules.mythotopia import data
from games.rules.mythotopia.playout import kind_of, weight
from games.rules.mythotopia.scoring import empty_vp_cards
from games.rules.mythotopia.wars import parties, strength

from .search import Budget, Line, best_by, deepen

State = dict[str, Any]

STARTING = sorted(data.starting_cards())
PROVINCES = sorted(data.provinces())
PROGRESS = sorted(data.progress_cards())
PROGRESS_CARDS = frozenset(PROGRESS)
# Ending the game wins it; a won (or lost) game outweighs every other difference.
WIN = 1000.0
UNITS_PER_SECOND = 6000.0  # one engine step of a simulation (apply and evaluate) per unit
TOP_CANDIDATES = 5
PRIOR_MARGIN = 3.0  # VP: how far below the best one-action value a candidate may be searched
LOOKAHEAD = 4  # actions played on after a candidate, every seat greedy
LEGAL_UNITS = 4.0  # listing the candidate commands, in engine steps
# An army in the supply is worth almost one on the board: with every army on the board a bot
# could neither attack nor take a VP token, and would pass for ever.
SUPPLY_ARMY = 0.3
IDLE_MARCH = 0.5
# Kinds of action that do not move a game on: a bot that would pass a whole turn does none.
IDLE_KINDS = {
    "pass",
    "discard",
    "remove",
    "reserve",
    "withdraw",
    "recall",
    "march",
    "scribe",
}  # VP: what a march that improves nothing costs
ENDING = 1.5  # per empty VP card (up to the four that let the game end)


def determinize(view: dict[str, Any], seat: int, rng: random.Random) -> State:
    """A full state the view could come from, the hidden cards dealt at random."""
    rules = data.rules()
    seats_view = view["seats"]
    keys = sorted(seats_view, key=int)
    me = str(seat)
    provinces = copy.deepcopy(view["provinces"])
    known: set[str] = set(view["progress_display"])
    known.update(
        view.get("my_hand", []), view.get("my_discard", []), view.get("my_philosopher", [])
    )
    for key in keys:
        known.update(seats_view[key]["reserve"])
    progress_pool = [c for c in PROGRESS if c not in known]
    rng.shuffle(progress_pool)
    assigned: set[str] = set(known)
    seats: dict[str, Any] = {}
    province_stack: list[str] = []
    for key in keys:
        shown = seats_view[key]
        hidden_here = set(shown["reserve"]) | set(shown["removed"])
        if key == me:
            hidden_here |= set(view.get("my_hand", [])) | set(view.get("my_discard", []))
        starting = [c for c in STARTING if c not in hidden_here]
        own_provinces = [
            p for p, d in provinces.items() if d["owner"] == int(key) and p not in assigned
        ]
        rng.shuffle(own_provinces)
        slots = shown["deck_size"] + (
            0 if key == me else shown["hand_size"] + shown["discard_size"]
        )
        cards = starting[:slots]
        room = slots - len(cards)
        cards += own_provinces[:room]
        province_stack += own_provinces[room:]  # removed from the deck, back on the stack
        while len(cards) < slots and progress_pool:
            cards.append(progress_pool.pop())
        assigned.update(cards)
        rng.shuffle(cards)
        if key == me:
            hand, discard, deck = (
                list(view.get("my_hand", [])),
                list(view.get("my_discard", [])),
                cards,
            )
        else:
            hand = cards[: shown["hand_size"]]
            discard = cards[shown["hand_size"] : shown["hand_size"] + shown["discard_size"]]
            deck = cards[shown["hand_size"] + shown["discard_size"] :]
        supply, general = shown["supply"], shown["general_supply"]
        seats[key] = {
            "deck": deck,
            "hand": hand,
            "discard": discard,
            "reserve": list(shown["reserve"]),
            "removed": list(shown["removed"]),
            "armies": supply["armies"],
            "armies_general": general["armies"],
            "ships": supply["ships"],
            "ships_general": general["ships"],
            "villages": supply["villages"],
            "cities": supply["cities"],
            "citadel": shown["citadel"],
            "tokens": [dict(t) for t in shown["tokens"]],
        }
    province_stack += [p for p in PROVINCES if p not in assigned and p not in province_stack]
    rng.shuffle(province_stack)
    turn = dict(view["turn"], road_move=False, once=[])
    if view.get("my_philosopher"):
        turn["philosopher"] = list(view["my_philosopher"])
    supplies = rules["supplies"]
    on_board = sum(sum(d["mercenaries"].values()) for d in provinces.values())
    return {
        "seed": f"bot-{rng.random()}",
        "draws": 0,
        "players": [seats_view[k]["player"] for k in keys],
        "colours": [seats_view[k]["colour"] for k in keys],
        "provinces": provinces,
        "roads": copy.deepcopy(view["roads"]),
        "ships": copy.deepcopy(view["ships"]),
        "province_stack": province_stack,
        "progress_display": list(view["progress_display"]),
        "progress_stack": progress_pool,
        "vp_cards": {card: list(tokens) for card, tokens in view["vp_cards"].items()},
        "claimed": _claims(view),
        "out_of_game": [],
        "token_supply": dict(view["token_supply"]),
        "mercenaries": supplies["mercenaries"] - on_board,
        "roads_left": supplies["roads"] - len(view["roads"]),
        "castles_left": supplies["castles"] - sum(1 for d in provinces.values() if d["castle"]),
        "seats": seats,
        "turn": turn,
        "turns_played": view["turns_played"],
        "dropped": [int(k) for k in keys if seats_view[k]["dropped"]],
        "finished": view["finished"],
        "winner": view["winner"],
        "scores": {},
    }


def _claims(view: dict[str, Any]) -> list[str]:
    """The one-time conditions already scored, read from the tokens taken for them."""
    claimed: list[str] = []
    for key, shown in view["seats"].items():
        values = [t["value"] for t in shown["tokens"] if t["card"] == "isles"]
        claimed += ["isles-larger"] * (3 in values) + ["isles-smaller"] * (2 in values)
        seas = sum(1 for t in shown["tokens"] if t["card"] == "sea")
        for needed in (3, 4)[:seas]:
            claimed += [f"sea-{needed}", f"sea-{needed}-{key}"]
    return claimed


def evaluate(state: State, seat: int, board: Board | None = None) -> float:
    """VP, then what wins VP later: armies and ships on the board, cities, a larger deck.
    ``board``: the board's tally (``_board``), when the caller has it already."""
    if state["finished"]:
        return WIN if state["winner"] == seat else -WIN + myth.vp(state, seat)
    owned, cities, armies, fronts = _board(state) if board is None else board
    key = str(seat)
    player = state["seats"][key]
    ships = sum(1 for sea in state["ships"].values() if sea.get(key, 0) > 0)
    progress = sum(
        1
        for c in player["deck"] + player["hand"] + player["discard"] + player["reserve"]
        if c in PROGRESS_CARDS
    )
    return (
        (3 * owned.get(seat, 0) + sum(t["value"] for t in player["tokens"]))  # VP
        + _wars(fronts, seat)
        + 0.15 * len(player["hand"])
        + 0.35 * armies.get(key, 0)
        + SUPPLY_ARMY * player["armies"]
        + 0.5 * ships
        + 1.0 * cities.get(seat, 0)
        + 0.6 * progress
        + 0.4 * len(player["reserve"])
    )


# A war under way: the province's owner (None: neutral) and each party's strength.
Front = tuple[int | None, dict[int, int]]
# What evaluate reads off the provinces, in one pass for every seat (the evaluation is half of
# a search's time): provinces and cities by owner, armies by seat key, the wars under way.
Board = tuple[dict[int, int], dict[int, int], dict[str, int], list[Front]]


def _board(state: State) -> Board:
    owned: dict[int, int] = {}
    cities: dict[int, int] = {}
    armies: dict[str, int] = {}
    at_war: list[str] = []
    for province, where in state["provinces"].items():
        owner = where["owner"]
        if owner is not None:
            owned[owner] = owned.get(owner, 0) + 1
            if where["building"] in ("city", "citadel"):
                cities[owner] = cities.get(owner, 0) + 1
        war = False
        for side, count in where["armies"].items():
            armies[side] = armies.get(side, 0) + count
            war = war or (count > 0 and int(side) != owner)
        if war:
            at_war.append(province)
    fronts = [
        (
            state["provinces"][province]["owner"],
            {side: strength(state, province, side) for side in parties(state, province)},
        )
        for province in sorted(at_war)  # the order of wars(state)
    ]
    return owned, cities, armies, fronts


def _wars(fronts: list[Front], seat: int) -> float:
    """Wars under way: a province the seat is winning is most of its 3 VP; a losing one costs."""
    total = 0.0
    for owner, sides in fronts:
        if seat not in sides:
            continue
        mine = sides[seat]
        best_other = max((force for side, force in sides.items() if side != seat), default=0)
        if mine > best_other:
            total += 0.5 if owner == seat else 2.5
        elif owner == seat:
            total -= 2.0
    return total


def relative(state: State, seat: int) -> float:
    if state["finished"]:
        return evaluate(state, seat)
    board = _board(state)
    seats = range(1, len(state["players"]) + 1)
    others = [evaluate(state, s, board) for s in seats if s != seat]
    mine = evaluate(state, seat, board)
    lead = mine - (max(others) if others else 0.0)
    # The game ends once four VP cards are empty (then the seat ahead may end it): emptying
    # one moves the game on, worth more to the seat ahead but something to either, so that
    # two bots do not stall a game short of its end.
    return lead + ENDING * min(4, empty_vp_cards(state)) * (1.0 if lead > 0 else 0.3)


def _after(state: State, seat: int, command: str) -> State | None:
    try:
        return myth.apply(state, state["colours"][seat - 1], command)[0]
    except RuleError:
        return None


def _scored(state: State, seat: int, legal: list[str], budget: Budget | None):
    now: float | None = None
    scored = []
    for command in legal:
        after = _after(state, seat, command)
        if budget is not None:
            budget.spend()
        # A legal command the sampled state refuses (a card guessed wrong) keeps a low score.
        value = relative(after, seat) if after is not None else -WIN
        if after is not None and command.startswith("march "):
            # A march is free and a road move takes any number of them: one that does not
            # improve the position would let a bot march back and forth for ever.
            now = relative(state, seat) if now is None else now
            if value <= now + 1e-9:
                value -= IDLE_MARCH
        # Between equal positions, the kinds of action that move the game on (the weights
        # of the engine's random player: builds, attacks before discards).
        scored.append((value + 0.001 * weight(kind_of(command)), command))
    return scored


def _greedy_step(state: State, budget: Budget) -> State | None:
    """The next action of the game, chosen greedily on the evaluation by the seat to act."""
    if state["finished"]:
        return None
    seat = myth.acting_seat(state)
    budget.spend(LEGAL_UNITS)
    scored = _scored(state, seat, myth.candidates(state, seat), budget)
    # Played again rather than kept: holding every position a step tries would leave the
    # garbage collector more to scan than the one apply costs.
    for _, command in sorted(scored, key=lambda pair: -pair[0]):
        after = _after(state, seat, command)
        if after is not None:
            return after
    return None


def choose(
    level: str,
    view: dict[str, Any],
    seat: int,
    legal: list[str],
    rng: random.Random,
    seconds: float,
) -> str:
    if len(legal) == 1 or view["choosing_start"] or view["choosing_citadels"]:
        # A secret setup choice: the others' are unknown and the view tells nothing to weigh.
        return rng.choice(legal)
    sampled = determinize(view, seat, rng)
    if level == "heuristic":
        command = best_by(_scored(sampled, seat, legal, None), rng)
    else:
        command = search(view, sampled, seat, legal, rng, seconds)
    if command == "pass" and not view["turn"]["actions"] and not view["turn"]["free"]:
        # A whole turn without an action: nothing the evaluation sees gets better (a player
        # with every village on the board, say, can take no province and must build roads
        # or sail to take the last VP tokens). Rather than stall the game, the bot then plays
        # like the engine's random player, which favours the actions that move it on.
        return _moving_on(sampled, seat, legal, rng) or command
    return command


def _moving_on(state: State, seat: int, legal: list[str], rng: random.Random) -> str | None:
    by_kind: dict[str, list[str]] = {}
    for command in legal:
        kind = kind_of(command)
        if kind not in IDLE_KINDS:
            by_kind.setdefault(kind, []).append(command)
    while by_kind:
        kinds = sorted(by_kind)
        kind = rng.choices(kinds, [weight(k) for k in kinds])[0]
        command = rng.choice(by_kind[kind])
        if _after(state, seat, command) is not None:
            return command
        by_kind[kind].remove(command)
        if not by_kind[kind]:
            del by_kind[kind]
    return None


def search(
    view: dict[str, Any],
    sampled: State,
    seat: int,
    legal: list[str],
    rng: random.Random,
    seconds: float,
) -> str:
    """Lookahead over the best candidates one action ahead, averaged over samples of the hidden
    cards: in each sample every candidate is played and then the game goes on, every seat
    greedy on the evaluation, for a few actions (the bot's turn and the other's answer); the
    candidate with the best mean value over the samples wins (the one-action value breaks
    ties). All candidates meet the same sample, so that luck of the draw cancels out."""
    budget = Budget.of(seconds, UNITS_PER_SECOND)
    scored = sorted(_scored(sampled, seat, legal, budget), key=lambda pair: -pair[0])
    if scored[0][0] >= WIN or budget.exhausted():
        return best_by(scored, rng)
    # Only candidates close to the best one action ahead, so that noise cannot pick a bad one.
    arms = [
        (prior, command)
        for prior, command in scored[:TOP_CANDIDATES]
        if prior >= scored[0][0] - PRIOR_MARGIN
    ]
    if len(arms) == 1:
        return arms[0][1]
    totals = dict.fromkeys((command for _, command in arms), 0.0)
    priors = {command: prior for prior, command in arms}
    samples = 0
    deepest = 0

    def step(current: State) -> State | None:
        return _greedy_step(current, budget)

    def value(current: State) -> float:
        return relative(current, seat)

    while not budget.exhausted():
        world = determinize(view, seat, rng)
        budget.spend(len(arms))
        lines = []
        for prior, command in arms:
            after = _after(world, seat, command)
            if after is None:  # impossible in this sample: no better than now
                lost = relative(world, seat) - 5.0
                lines.append(Line(command, prior, world, [lost], ended=True))
            else:
                lines.append(Line(command, prior, after, [relative(after, seat)]))
        reached = deepen(lines, step, value, budget, LOOKAHEAD)
        if reached < LOOKAHEAD and samples:
            break  # a sample cut short by the budget would weigh less than the others
        for line in lines:
            totals[line.command] += line.values[reached]
        samples += 1
        deepest = reached
        if reached < LOOKAHEAD:
            break
    if not samples or deepest == 0:
        # No line got past its own command: the samples' values one action ahead are no
        # better than those the candidates were chosen by (the heuristic level's choice).
        return best_by(scored, rng)
    return max(totals, key=lambda command: (totals[command], priors[command]))
