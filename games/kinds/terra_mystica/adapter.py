"""Terra Mystica as a game kind: the contract over ``engine``, the TM rules engine's facade."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..contract import KindInfo, RuleViolation
from . import catalog, engine

# The engine's rules revision (terra.snellman.net's base game with its options). 2026.11.1:
# Merchants of the Seas follows its seed more strictly (reach of ships on a river only,
# stronghold-trade spades, refused ship actions and factions, starting VP on the 2017 board),
# so a stored game with the expansion may no longer replay as it did.
VERSION = "2026.11.1"

# Decision kinds of the TM engine by category; every other kind (a power offer, a tile, cult
# steps or spades a move earned) is a reaction.
SETUP_KINDS = {"faction", "bid", "dwelling", "bonus"}
TURN_KINDS = {"action"}


class TerraMystica:
    info = KindInfo(
        kind="terra_mystica",
        name="Terra Mystica",
        version=VERSION,
        player_counts=(2, 3, 4, 5),
        options=catalog.kind_options(),
    )

    def setup(
        self, *, players: Sequence[str], options: Sequence[str], seed: str, requested: dict | None
    ) -> dict:
        try:
            if requested and requested.get("scoring_tiles"):
                return engine.explicit_setup(
                    player_count=len(players),
                    options=options,
                    scoring_tiles=requested["scoring_tiles"],
                    removed_bonus_tiles=requested.get("removed_bonus_tiles") or [],
                    players=players,
                    map_id=requested.get("map_id"),
                    auction_factions=requested.get("auction_factions") or (),
                )
            return engine.random_setup(
                seed, len(players), options, players, (requested or {}).get("map_id")
            )
        except engine.IllegalMove as exc:
            raise RuleViolation(exc.message) from exc

    def new_state(self, setup: dict) -> Any:
        return engine.new_game(setup)

    def apply(self, state: Any, actor: str, command: str) -> tuple[Any, list[dict]]:
        return engine.apply(state, actor, command)

    def apply_for_seat(self, state: Any, seat: int, command: str) -> tuple[Any, list[dict]]:
        return engine.apply_player(state, engine.actor_for_seat(state, seat), command)

    def drop_seat(self, state: Any, seat: int) -> Any:
        return engine.drop_faction(state, engine.actor_for_seat(state, seat))

    def actor(self, state: Any, seat: int) -> str:
        return engine.actor_for_seat(state, seat)

    def role(self, state: Any, seat: int) -> str:
        actor = engine.actor_for_seat(state, seat)
        return actor if engine.is_faction_actor(actor) else ""

    def waiting_for(self, state: Any) -> list[dict]:
        return [{**d, "category": category(d["kind"])} for d in engine.waiting_for(state)]

    def is_finished(self, state: Any) -> bool:
        return engine.is_finished(state)

    def result(self, state: Any) -> list[dict]:
        return [
            {
                "seat": row["seat"],
                "score": row["VP"],
                "rank": row["rank"],
                "role": row.get("faction", ""),
                "breakdown": row.get("vp_breakdown") or {},
                "dropped": bool(row.get("dropped")),
            }
            for row in engine.final_ranking(state)
        ]

    def round(self, state: Any) -> int:
        return engine.current_round(state)

    def view(self, state: Any, seat: int | None) -> dict:
        # Everything in Terra Mystica is public: every seat and spectator sees the same.
        return engine.state_view(state)

    def preview(self, state: Any, seat: int, command: str) -> dict[str, Any]:
        """The state after ``command`` and the commands that may continue the same row (a
        build after spades, a favor tile after a temple), with those only a burn pays for."""
        actor = engine.actor_for_seat(state, seat)
        after, rows = engine.apply_player(state, actor, command)
        legal = engine.continuations(state, actor, command)
        # Only a row a burn may still follow can lead to a sacrifice (not after a pass).
        burns = any(row.startswith("burn ") for row in legal)
        return {
            "after": after,
            "state": engine.state_view(after),
            "ledger": rows,
            "legal": legal,
            "sacrifices": engine.sacrifice_offers(state, actor, command) if burns else [],
        }

    def legal_commands(self, state: Any, seat: int) -> list[str]:
        return engine.legal_commands(state, engine.actor_for_seat(state, seat))

    def sacrifice_offers(self, state: Any, seat: int) -> list[dict]:
        return engine.sacrifice_offers(state, engine.actor_for_seat(state, seat))

    def dump(self, state: Any) -> Any:
        return engine.state_to_json(state)

    def load(self, data: Any) -> Any:
        return engine.state_from_json(data)


def category(kind: str) -> str:
    if kind in SETUP_KINDS:
        return "setup"
    if kind in TURN_KINDS:
        return "turn"
    return "reaction"
