"""Mythotopia as a game kind: the contract over the pure engine ``games.rules.mythotopia``.

Hands and draws are secret: a seat's view holds its own cards under ``my_hand`` and only the
sizes of the others'; the cards drawn and discarded reach only their player's ledger rows.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from typing import Any

from django.utils.translation import gettext, gettext_noop

from games.names import COLOUR_NAMES
from games.rules import mythotopia
from games.rules.core import RuleError

from ..contract import KindInfo, Option, RuleViolation
from . import page

# 2: the rules fixes of issue 24 (two provinces returned at the start choice, the first hands
# after the citadels, the last army with the Army card only, Counsellor with one or more cards).
# Logs of version 1 that use what version 2 refuses no longer replay.
VERSION = "2"
# Row details for the actor's eyes only; ``drawn_by`` holds, by colour, what other players
# drew (a replacement for a province card lost from the hand, a first hand): each sees their own.
SECRET_ROW_KEYS = ("drawn", "discarded", "taken", "drawn_by")


def in_reader_language(row: dict) -> dict:
    """The row's ``text`` in the active language, from the templates the engine kept (rows
    written before it kept them stay in English)."""
    says = row.get("says")
    if not says:
        return row
    return {
        **row,
        "text": "; ".join(gettext(template) % _named(values) for template, values in says),
    }


def _named(values: dict) -> dict:
    """A player's colour in the reader's language; every other value as the game names it."""
    colour = values.get("colour")
    return {**values, "colour": str(COLOUR_NAMES[colour])} if colour in COLOUR_NAMES else values


def board() -> dict:
    """The map as a board page draws it: each province's borders, seas, symbol, neutral
    strength, island and rough terrain, each sea's coasts, and the names of the cards and VP
    cards the commands call by their ids. Public data, no state."""
    data = mythotopia.data
    cards = [*data.starting_cards(), *data.progress_cards()]
    vp_cards = [*data.rules()["fixed_vp_cards"], *data.rules()["variable_vp_cards"]]
    return {
        "provinces": data.provinces(),
        "seas": data.seas(),
        "source": data.board().get("source", ""),
        "cards": {
            card: {
                "name": data.card_name(card),
                "heading": data.card_heading(card),
                "symbols": data.card_symbols(card),
            }
            for card in cards
        },
        "vp_cards": {card: data.vp_card_name(card) for card in vp_cards},
    }


class Mythotopia:
    info = KindInfo(
        kind="mythotopia",
        name="Mythotopia",
        version=VERSION,
        player_counts=(2, 3, 4),
        hidden_information=True,
        options=(
            Option(
                "start-choice",
                gettext_noop(
                    "3-4 players: one province more is dealt; each returns two, chosen secretly"
                ),
                label=gettext_noop("Choose the start provinces"),
                group="variant",
            ),
        ),
    )

    def setup(
        self, *, players: Sequence[str], options: Sequence[str], seed: str, requested: dict | None
    ) -> dict:
        try:
            return mythotopia.make_setup(list(players), seed, list(options))
        except RuleError as exc:
            raise RuleViolation(str(exc)) from exc

    def new_state(self, setup: dict) -> Any:
        return mythotopia.new_state(setup)

    def apply(self, state: Any, actor: str, command: str) -> tuple[Any, list[dict]]:
        try:
            return mythotopia.apply(state, actor, command)
        except RuleError as exc:
            raise RuleViolation(str(exc)) from exc

    def apply_for_seat(self, state: Any, seat: int, command: str) -> tuple[Any, list[dict]]:
        if seat in state["dropped"]:
            raise RuleViolation("A dropped seat does not play on.")
        return self.apply(state, self.actor(state, seat), command)

    def drop_seat(self, state: Any, seat: int) -> Any:
        return mythotopia.drop(state, seat)

    def restore_seat(self, state: Any, seat: int) -> Any:
        """A dropped seat plays on (handed to the computer) as the drop left it, back in the
        turn order; not while the seats still make their secret setup choices."""
        if seat not in state["dropped"]:
            raise RuleViolation("This seat has not left the game.")
        if self.is_finished(state):
            raise RuleViolation("The game is over.")
        if state.get("start_choices") is not None or state.get("citadel_choices") is not None:
            raise RuleViolation("A seat that left can come back once the setup choices are made.")
        new = self.load(self.dump(state))
        new["dropped"] = [s for s in new["dropped"] if s != seat]
        return new

    def actor(self, state: Any, seat: int) -> str:
        return str(state["colours"][seat - 1])

    def role(self, state: Any, seat: int) -> str:
        return self.actor(state, seat)

    def waiting_for(self, state: Any) -> list[dict]:
        if self.is_finished(state):
            return []
        seat = state["turn"]["seat"]
        left = 2 - state["turn"]["actions"]
        if state.get("start_choices") is not None or state.get("citadel_choices") is not None:
            # Every seat chooses at once, each in secret: all who have not chosen are waited for.
            what = "start choice" if state.get("start_choices") is not None else "citadel"
            return [
                {
                    "seat": chooser,
                    "actor": self.actor(state, chooser),
                    "kind": "choice",
                    "category": "setup",
                    "description": f"make the secret setup choice ({what})",
                    "choice": what,
                }
                for chooser in mythotopia.choosers(state)
            ]
        return [
            {
                "seat": seat,
                "actor": self.actor(state, seat),
                "kind": "action",
                "category": "turn",
                "description": f"take {left} more action{'s' if left > 1 else ''}",
                "actions_left": left,
            }
        ]

    def is_finished(self, state: Any) -> bool:
        return bool(state["finished"])

    def result(self, state: Any) -> list[dict]:
        seats = range(1, len(state["players"]) + 1)
        # The player who ended the game wins; the others rank by their VP.
        key = {s: (s == state["winner"], mythotopia.vp(state, s)) for s in seats}
        ordered = sorted(seats, key=lambda s: key[s], reverse=True)
        rows: list[dict] = []
        for index, seat in enumerate(ordered):
            tied = rows and key[rows[-1]["seat"]] == key[seat]
            rows.append(
                {
                    "seat": seat,
                    "score": mythotopia.vp(state, seat),
                    "rank": rows[-1]["rank"] if tied else index + 1,
                    "role": self.actor(state, seat),
                    "breakdown": mythotopia.breakdown(state, seat),
                    "dropped": seat in state["dropped"],
                }
            )
        return rows

    def round(self, state: Any) -> int:
        return int(state["turns_played"]) // len(state["players"]) + 1

    def view(self, state: Any, seat: int | None) -> dict:
        shown = mythotopia.view(state, seat)
        shown["waiting_for"] = self.waiting_for(state)
        return shown

    def command_view(self, actor: str, command: str, seat: int | None) -> str:
        """Which cards a player discards or takes back is for their eyes only."""
        if seat is not None and actor == mythotopia.seat_colour(seat):
            return command
        words = mythotopia.canonical(command)
        if words and words[0] == "discard":
            return f"discard {len(words) - 1} card{'s' if len(words) > 2 else ''}"
        if words[:2] == ["play", "counsellor"]:
            return "play counsellor"
        if words[:2] == ["play", "mystic"] and len(words) > 2:
            # The card taken back may have been discarded face down.
            return " ".join(["play", "mystic", "(1 card)", *words[3:]])
        if words and words[0] == "take":
            return "take 1 card"
        if words and words[0] == "citadel":
            return "citadel (secret choice)"
        if words and words[0] == "return":
            return "return (secret choice)"
        return command

    def ledger_view(self, rows: list[dict], seat: int | None) -> list[dict]:
        seen = []
        for row in rows:
            mine = seat is not None and row.get("actor") == mythotopia.seat_colour(seat)
            shown = {
                k: v
                for k, v in row.items()
                if k != "drawn_by" and (mine or k not in SECRET_ROW_KEYS)
            }
            if seat is not None and not mine:
                own = row.get("drawn_by", {}).get(mythotopia.seat_colour(seat))
                if own:
                    shown["drawn"] = own  # what this reader drew in another player's move
            if not mine and "command" in shown:
                shown["command"] = self.command_view(row["actor"], row["command"], None)
            seen.append(in_reader_language(shown))
        return seen

    def undo_refusal(self, rows: list[dict]) -> str | None:
        """A move that drew cards or showed secret choices or cards cannot be taken back: its
        player would know what the next try brings."""
        if any(row.get("drawn") for row in rows):
            return gettext("This move drew cards you have seen now: it cannot be taken back.")
        if any(row.get("drawn_by") for row in rows):
            return gettext(
                "This move made another player draw a card they have seen now: it cannot be "
                "taken back."
            )
        if any(row.get("reveals") for row in rows):
            return gettext("This move showed what was secret: it cannot be taken back.")
        return None

    def preview(self, state: Any, seat: int, command: str) -> dict[str, Any]:
        """The result as the seat may see it before committing: no card it would draw, no
        other player's secret choice."""
        if seat in state["dropped"]:
            raise RuleViolation("A dropped seat does not play on.")
        try:
            result = mythotopia.preview(state, seat, command)
        except RuleError as exc:
            raise RuleViolation(str(exc)) from exc
        return {**result, "ledger": [in_reader_language(row) for row in result["ledger"]]}

    def statistics(self) -> dict[str, Any]:
        return {
            "role_types": ("colour", "seat"),
            "role": "colour",
            "variants": (("start-choice", "start-choice"),),
            "variant_names": {"start-choice": gettext_noop("start choice")},
            "colours_are_terrains": False,
        }

    def board_page(self, request: Any, game: Any, site: Any) -> Any:
        """The kind's own game page (see the contract)."""
        return page.board_page(self, request, game, site)

    def board(self) -> dict:
        """The map as its board page draws it (see the module's ``board``)."""
        return board()

    def legal_commands(self, state: Any, seat: int) -> list[str]:
        if seat in state["dropped"]:
            return []
        return mythotopia.legal_commands(state, seat)

    def dump(self, state: Any) -> Any:
        return copy.deepcopy(state)

    def load(self, data: Any) -> Any:
        return copy.deepcopy(data)
