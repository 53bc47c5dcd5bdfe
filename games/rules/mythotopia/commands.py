"""Applying a command: a copy of the state is changed or the command is refused as a whole."""

from __future__ import annotations

import functools
from typing import Any

from games.rules.core import RuleError

from . import actions, citadel, data, progress, start_choice
from .sayings import gettext_noop, said
from .scoring import choose_scribe_source, vp
from .state import (
    State,
    active_seats,
    choosers,
    copied,
    fresh_turn,
    hand_limit,
    pending_choices,
)

ACTIONS: dict[str, progress.Handler] = {
    "attack": actions.attack,
    "deploy": actions.deploy,
    "withdraw": actions.withdraw,
    "sail": actions.sail,
    "recall": actions.recall,
    "buy": actions.buy,
    "add": actions.add_card,
    "reserve": actions.reserve,
    "discard": actions.discard,
    "remove": actions.remove,
    "build": actions.build,
    "patronage": actions.patronage,
}
TWO_WORD_ACTIONS: dict[str, progress.Handler] = {
    "end war": actions.end_war,
    "end game": actions.end_game,
}


@functools.cache
def _province_spellings() -> dict[str, str]:
    return {name.lower(): name for name in data.provinces()}


def canonical(command: str) -> list[str]:
    """The command's words as the game spells them, whatever case was typed: provinces as on
    the map (``blore`` is Blore), every other name in lower case (commands, cards, colours,
    seas); the parts of ``card:kind`` each."""
    provinces = _province_spellings()
    return [
        ":".join(provinces.get(part.lower(), part.lower()) for part in word.split(":"))
        for word in command.split()
    ]


def seat_of_actor(state: State, actor: str) -> int:
    if actor not in state["colours"]:
        raise RuleError(f"{actor!r} plays no colour in this game.")
    return state["colours"].index(actor) + 1


def apply(state: State, actor: str, command: str) -> tuple[State, list[dict[str, Any]]]:
    """The state after ``actor``'s command and its ledger row; the given state is untouched."""
    seat = seat_of_actor(state, actor)
    if state["finished"]:
        raise RuleError("The game is over.")
    if pending_choices(state) is not None:
        if seat not in choosers(state):
            raise RuleError(
                f"Setup choice: {actor} has chosen; the choices are revealed when every player "
                "has chosen."
            )
    elif state["turn"]["seat"] != seat:
        raise RuleError(f"Turn order: it is not {actor}'s turn.")
    words = canonical(command)
    if not words:
        raise RuleError("Empty command: type an action such as 'pass'.")
    new = copied(state)
    events: list[dict[str, Any]] = []
    if start_choice.choosing(new):
        if words[0] != "return":
            raise RuleError("Start choice: return <provinces> first (the start choice).")
        start_choice.choose(new, seat, words[1:], events)
        return new, [_row(new, actor, seat, words, events, action=None)]
    if words[0] == "scribe":
        # A standing choice, not an action: it neither uses an action nor counts as a free one.
        choose_scribe_source(new, seat, words[1:], events)
        return new, [_row(new, actor, seat, words, events, action=None)]
    if citadel.choosing(new) or words[0] == "citadel":
        citadel.choose(new, seat, words[1:] if words[0] == "citadel" else [], events)
        return new, [_row(new, actor, seat, words, events, action=None)]
    free = dispatch(new, seat, words, events)
    if words[0] != "march" and new["turn"].get("road_move") == progress.ROAD_MOVE_OPEN:
        new["turn"]["road_move"] = True  # any other command ends the road move
    return new, [_row(new, actor, seat, words, events, action=not free)]


def _row(
    new: State,
    actor: str,
    seat: int,
    words: list[str],
    events: list[dict[str, Any]],
    *,
    action: bool | None,
) -> dict[str, Any]:
    """The move's ledger row; ``action``: True uses one of the turn's actions (the second ends
    the turn), False is a free action, None neither (a setup choice, the Scribe's source)."""
    row: dict[str, Any] = {
        "actor": actor,
        "command": " ".join(words),
        "text": "; ".join(e["event"] for e in events) or " ".join(words),
        **_sayings(events),
    }
    drawn, others = _drawn(new, seat, events)
    if others:
        # Another player drew (a replacement for a province card lost from the hand, a first
        # hand): for their eyes only, and the move can no longer be taken back.
        row["drawn_by"] = others
        row["reveals"] = True
    if action is False:
        new["turn"]["free"] = True
    elif action:
        new["turn"]["actions"] += 1
        if new["turn"]["actions"] >= 2 and not new["finished"]:
            drawn += end_turn(new, seat)
    if drawn:
        row["drawn"] = drawn  # the actor's own cards: for their eyes only
    discarded = [card for e in events for card in e.get("cards", [])]
    if discarded:
        row["discarded"] = discarded
    taken = [card for e in events for card in e.get("taken", [])]
    if taken:
        row["taken"] = taken  # Mystic: the card back from the discard pile, for its player
    row["vp"] = {new["colours"][s - 1]: vp(new, s) for s in range(1, len(new["players"]) + 1)}
    return row


def _drawn(
    state: State, seat: int, events: list[dict[str, Any]]
) -> tuple[list[str], dict[str, list[str]]]:
    """The cards the actor drew, and by colour the cards other players drew (a replacement for
    a province card lost from the hand: ``drawn_by`` of an event, keyed by seat)."""
    drawn: list[str] = []
    others: dict[str, list[str]] = {}
    for event in events:
        drawn += event.get("drawn", [])
        for key, cards in event.get("drawn_by", {}).items():
            if int(key) == seat:
                drawn += cards
            elif cards:
                others.setdefault(state["colours"][int(key) - 1], []).extend(cards)
    return drawn, others


def _sayings(events: list[dict[str, Any]]) -> dict[str, Any]:
    """The templates and values of the row's sentences (``says``), for a page to translate;
    ``reveals`` when the move showed its player what was secret before (others' choices, the
    top of a stack), so that it cannot be taken back."""
    says = [e["say"] for e in events if "say" in e]
    found = {"says": says} if says and len(says) == len(events) else {}
    return {**found, "reveals": True} if any(e.get("reveals") for e in events) else found


def dispatch(state: State, seat: int, words: list[str], events: list[dict[str, Any]]) -> bool:
    """Carry out the command; True when it was a free action."""
    head = words[0]
    pair = " ".join(words[:2])
    if state["turn"].get("philosopher") or head == "take":
        progress.take(state, seat, words[1:] if head == "take" else [], events)
        return True
    if pair in TWO_WORD_ACTIONS:
        TWO_WORD_ACTIONS[pair](state, seat, words[2:], events)
        return False
    if head == "pass" and len(words) == 1:
        events.append(said(seat, gettext_noop("passes")))
        return False
    if head in ACTIONS:
        ACTIONS[head](state, seat, words[1:], events)
        return False
    if head == "march":
        progress.march(state, seat, words[1:], events)
        return True
    if head == "play" and len(words) >= 2:
        card = words[1]
        if card in progress.FREE:
            progress.FREE[card](state, seat, words[2:], events)
            return True
        if card in progress.ACTIONS:
            progress.ACTIONS[card](state, seat, words[2:], events)
            return False
        raise RuleError(f"Card actions: {card} has no text to play on its own.")
    raise RuleError(
        f"Unknown command {' '.join(words)!r}: see the command list (attack, deploy, withdraw, "
        "sail, recall, end war, buy, add, reserve, discard, remove, build, patronage, play, scribe, "
        "march, take, pass, end game)."
    )


def end_turn(state: State, seat: int) -> list[str]:
    """Draw up to the hand size, then the next player's turn begins."""
    drawn = actions.draw_up(state, seat, hand_limit(state, str(seat)))
    state["turns_played"] += 1
    next_turn(state, seat)
    return drawn


def next_turn(state: State, seat: int) -> None:
    seats = active_seats(state)
    if len(seats) < 2:
        state["finished"] = True
        return
    following = [s for s in seats if s > seat] + seats
    state["turn"] = fresh_turn(following[0])


def drop(state: State, seat: int) -> State:
    new = copied(state)
    if seat not in new["dropped"]:
        new["dropped"].append(seat)
    if pending_choices(new) is not None and len(active_seats(new)) >= 2:
        # The seat that left no longer holds up the others' secret setup choices.
        if not choosers(new):
            (start_choice if start_choice.choosing(new) else citadel).reveal(new, [])
        return new
    if not new["finished"] and (new["turn"]["seat"] == seat or len(active_seats(new)) < 2):
        next_turn(new, seat)
    return new
