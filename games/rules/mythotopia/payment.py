"""Playing cards for one action: each card once, for one kind of its symbols or for its text."""

from __future__ import annotations

from typing import Any

from games.rules.core import RuleError

from . import data
from .state import State

# Reserve cards that let any card be played once per turn as one symbol of a kind.
CONVERTERS = {"food": "farming", "gold": "gold-mine", "army": "levies", "stone": "quarry"}
# Benefit cards played together with another card on its resources (never armies or ships).
BENEFITS = ("merchant", "water-mill")


class Play:
    """The cards one action plays; they reach the discard pile only if the action succeeds."""

    def __init__(self, state: State, seat: int) -> None:
        self.state = state
        self.seat = seat
        self.player: dict[str, Any] = state["seats"][str(seat)]
        self.used: list[str] = []
        # What each card paid: (card, kind, amount), for rules that ask which card it was.
        self.paid: list[tuple[str, str, int]] = []

    def card(self, card: str, role: str) -> str:
        """Play ``card`` (from hand or reserve) for ``role``; one use per card."""
        if card in self.used:
            raise RuleError(f"One use per card: {card} is already used in this action.")
        if card not in self.player["hand"] and card not in self.player["reserve"]:
            raise RuleError(f"{role}: {card} is not in your hand or reserve.")
        self.used.append(card)
        return card

    def pay(self, items: list[str]) -> dict[str, int]:
        """Symbols paid by ``items`` (``card`` or ``card:kind``), all of one kind per card."""
        paid = {kind: 0 for kind in data.SYMBOLS}
        for item in items:
            card, _, kind = item.partition(":")
            if card in BENEFITS:
                kind, amount = self._benefit(card, kind)
                paid[kind] += amount
                continue
            symbols = data.card_symbols(card) if self._known(card) else {}
            if not kind:
                if len(symbols) != 1:
                    raise RuleError(
                        f"Paying with symbols: name the symbol {card} is used for ({card}:kind)."
                    )
                [kind] = symbols
            if kind not in symbols:
                self.card(card, "Paying with symbols")
                amount = self._converted(card, kind)
            else:
                self.card(card, "Paying with symbols")
                amount = symbols[kind]
            paid[kind] += amount
            self.paid.append((card, kind, amount))
        return paid

    def _benefit(self, benefit: str, rest: str) -> tuple[str, int]:
        """``water-mill:<card>[:<kind>]`` doubles the card's resource; ``merchant:<card>:<kind>``
        turns its resource into ``kind``."""
        target, _, kind = rest.partition(":")
        name = data.card_name(benefit)
        symbols = data.card_symbols(target) if self._known(target) else {}
        resources = {k: n for k, n in symbols.items() if k in data.RESOURCES}
        if not resources:
            raise RuleError(
                f"{name}: play it with a card showing food, gold or stone "
                f"({benefit}:<card>{':<kind>' if benefit == 'merchant' else ''})."
            )
        self.card(benefit, name)
        self.card(target, name)
        if benefit == "merchant":
            if kind not in data.RESOURCES:
                raise RuleError(f"{name}: name the resource: merchant:{target}:<food|gold|stone>.")
            return kind, max(resources.values())
        if not kind and len(resources) == 1:
            [kind] = resources
        if kind not in resources:
            raise RuleError(
                f"{name}: name the resource of {target} to double ({benefit}:{target}:<kind>)."
            )
        return kind, 2 * resources[kind]

    def _converted(self, card: str, kind: str) -> int:
        """Farming, Gold Mine, Levies, Quarry in the reserve: once per turn any card as 1."""
        converter = CONVERTERS.get(kind)
        once = self.state["turn"]["once"]
        if converter is None or converter not in self.player["reserve"]:
            raise RuleError(f"Paying with symbols: {card} shows no {kind}.")
        if converter in once:
            # The seed: "In jedem deiner Züge kannst du einmal eine beliebige Karte ... spielen".
            raise RuleError(
                f"{data.card_name(converter)}: once per turn; it has already turned a card "
                f"into 1 {kind} this turn ({card} shows no {kind})."
            )
        if converter == card:
            raise RuleError(f"{data.card_name(card)}: it turns another card into 1 {kind}.")
        once.append(converter)
        return 1

    def _known(self, card: str) -> bool:
        return (
            card in data.provinces()
            or card in data.starting_cards()
            or card in data.progress_cards()
        )

    def finish(self) -> None:
        for card in self.used:
            zone = "hand" if card in self.player["hand"] else "reserve"
            self.player[zone].remove(card)
            self.player["discard"].append(card)


def exactly(paid: dict[str, int], needed: dict[str, int], rule: str) -> None:
    """The payment must be exactly what the action costs, symbol by symbol."""
    for kind in data.SYMBOLS:
        if paid.get(kind, 0) != needed.get(kind, 0):
            raise RuleError(f"{rule}: pay exactly {_list(needed)} (you paid {_list(paid)}).")


def _list(symbols: dict[str, int]) -> str:
    shown = [f"{n} {kind}" for kind, n in symbols.items() if n]
    return ", ".join(shown) or "nothing"
