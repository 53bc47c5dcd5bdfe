"""High Card: a tiny game with hidden hands, defined only to prove the platform holds no Terra
Mystica assumption. It keeps the engine contract (games.kinds.contract) and nothing more.

Each player is dealt three cards from a shuffled deck (the deal is drawn from the game's seed
inside the engine, so a replay deals the same). In seat order, each plays one card a trick,
face down: the others see that a card was played, not which, until the trick is complete and
all are shown; the highest card scores a point. After three tricks the game is over.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Sequence
from typing import Any

from games.kinds.contract import KindInfo, Option, RuleViolation

TRICKS = 3


class HighCard:
    info = KindInfo(
        kind="high_card",
        name="High Card",
        version="1",
        player_counts=(2, 3, 4),
        options=(Option("aces-high", "Nothing changes: kept to show an option", default=False),),
        hidden_information=True,
    )

    def setup(
        self, *, players: Sequence[str], options: Sequence[str], seed: str, requested: dict | None
    ) -> dict:
        unknown = [o for o in options if o != "aces-high"]
        if unknown:
            raise RuleViolation(f"High Card has no option {unknown[0]!r}.")
        return {"players": list(players), "seed": seed, "options": list(options)}

    def new_state(self, setup: dict) -> dict:
        count = len(setup["players"])
        deck = list(range(1, 6 * count + 1))
        random.Random(setup["seed"]).shuffle(deck)
        hands = {str(s): sorted(deck[(s - 1) * TRICKS : s * TRICKS]) for s in range(1, count + 1)}
        return {
            "count": count,
            "hands": hands,
            "trick": {},
            "tricks_played": 0,
            "scores": {str(s): 0 for s in range(1, count + 1)},
            "turn": 1,
            "dropped": [],
        }

    def _seat(self, actor: str) -> int:
        if not actor.startswith("seat") or not actor[4:].isdigit():
            raise RuleViolation(f"{actor!r} is not a seat of this game.")
        return int(actor[4:])

    def apply(self, state: Any, actor: str, command: str) -> tuple[Any, list[dict]]:
        seat = self._seat(actor)
        verb, _, card = command.partition(" ")
        if verb != "play" or not card.isdigit():
            raise RuleViolation(f"Unknown command {command!r}: play a card with 'play <card>'.")
        if self.is_finished(state) or state["turn"] != seat:
            raise RuleViolation(f"It is not {actor}'s turn: each plays in seat order.")
        if int(card) not in state["hands"][str(seat)]:
            raise RuleViolation(f"{actor} holds no card {card}.")
        new = copy.deepcopy(state)
        new["hands"][str(seat)].remove(int(card))
        new["trick"][str(seat)] = int(card)
        # The player's own row shows their hand after the play: for their eyes only.
        rows = [{"actor": actor, "command": command, "hand_after": new["hands"][str(seat)]}]
        self._advance(new, rows)
        return new, rows

    def _advance(self, state: dict, rows: list[dict]) -> None:
        active = [s for s in range(1, state["count"] + 1) if s not in state["dropped"]]
        if all(str(s) in state["trick"] for s in active):
            winner = max(active, key=lambda s: state["trick"][str(s)])
            state["scores"][str(winner)] += 1
            state["tricks_played"] += 1
            rows.append(
                {"actor": f"seat{winner}", "command": "wins the trick", "cards": state["trick"]}
            )
            state["trick"] = {}
            state["turn"] = active[0] if active else 0
            return
        following = [s for s in active if s > state["turn"]] + active
        state["turn"] = next(s for s in following if str(s) not in state["trick"])

    def apply_for_seat(self, state: Any, seat: int, command: str) -> tuple[Any, list[dict]]:
        return self.apply(state, f"seat{seat}", command)

    def drop_seat(self, state: Any, seat: int) -> Any:
        new = copy.deepcopy(state)
        new["dropped"].append(seat)
        new["hands"][str(seat)] = []
        new["trick"].pop(str(seat), None)
        if new["turn"] == seat and not self.is_finished(new):
            self._advance(new, [])
        return new

    def actor(self, state: Any, seat: int) -> str:
        return f"seat{seat}"

    def role(self, state: Any, seat: int) -> str:
        return ""

    def waiting_for(self, state: Any) -> list[dict]:
        if self.is_finished(state):
            return []
        seat = state["turn"]
        return [
            {
                "actor": f"seat{seat}",
                "seat": seat,
                "kind": "play",
                "category": "turn",
                "description": "play a card",
            }
        ]

    def is_finished(self, state: Any) -> bool:
        active = state["count"] - len(state["dropped"])
        return state["tricks_played"] >= TRICKS or active < 2

    def result(self, state: Any) -> list[dict]:
        seats = sorted(range(1, state["count"] + 1), key=lambda s: -state["scores"][str(s)])
        rows: list[dict] = []
        for i, seat in enumerate(seats):
            score = state["scores"][str(seat)]
            rank = rows[-1]["rank"] if rows and rows[-1]["score"] == score else i + 1
            rows.append(
                {
                    "seat": seat,
                    "score": score,
                    "rank": rank,
                    "role": "",
                    "breakdown": {"tricks": score},
                    "dropped": seat in state["dropped"],
                }
            )
        return rows

    def round(self, state: Any) -> int:
        return state["tricks_played"] + 1

    def view(self, state: Any, seat: int | None) -> dict:
        view = {
            "finished": self.is_finished(state),
            "round": self.round(state),
            "hand_size": {s: len(cards) for s, cards in state["hands"].items()},
            "trick": {s: "played" for s in state["trick"]},
            "scores": dict(state["scores"]),
            "waiting_for": self.waiting_for(state),
        }
        if seat is not None:
            view["my_hand"] = list(state["hands"][str(seat)])
        return view

    def command_view(self, actor: str, command: str, seat: int | None) -> str:
        """A card played face down: its number is for its player only."""
        if command.startswith("play ") and f"seat{seat}" != actor:
            return "play a card"
        return command

    def ledger_view(self, rows: list[dict], seat: int | None) -> list[dict]:
        return [
            {k: v for k, v in row.items() if k != "hand_after" or row["actor"] == f"seat{seat}"}
            for row in rows
        ]

    def legal_commands(self, state: Any, seat: int) -> list[str]:
        if self.is_finished(state) or state["turn"] != seat:
            return []
        return [f"play {card}" for card in state["hands"][str(seat)]]

    def dump(self, state: Any) -> Any:
        return copy.deepcopy(state)

    def load(self, data: Any) -> Any:
        return copy.deepcopy(data)
