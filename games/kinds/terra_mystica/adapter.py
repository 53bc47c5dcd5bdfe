"""Terra Mystica as a game kind: the contract over ``facade``, the platform's door to the TM rules."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from django.utils.translation import gettext_noop

from tm_site.exceptions import ApplicationError

from ..contract import KindInfo, RuleViolation
from . import catalog, facade, page
from .forms import AutomaticAnswersForm

# The engine's rules revision (terra.snellman.net's base game with its options). 2026.11.1:
# Merchants of the Seas follows its seed more strictly (reach of ships on a river only,
# stronghold-trade spades, refused ship actions and factions, starting VP on the 2017 board),
# so a stored game with the expansion may no longer replay as it did.
VERSION = "2026.11.1"

# Decision kinds of the TM engine by category; every other kind (a power offer, a tile, cult
# steps or spades a move earned) is a reaction.
SETUP_KINDS = {"faction", "bid", "dwelling", "bonus"}
TURN_KINDS = {"action"}
_TILE_ID = re.compile(r"^[A-Z]+[0-9]+$")


class TerraMystica:
    info = KindInfo(
        kind="terra_mystica",
        name="Terra Mystica",
        version=VERSION,
        player_counts=(2, 3, 4, 5),
        options=catalog.kind_options(),
        role_name="faction",
    )

    def setup(
        self, *, players: Sequence[str], options: Sequence[str], seed: str, requested: dict | None
    ) -> dict:
        # ``facade`` turns the rules' errors into the platform's IllegalMove itself.
        if requested and requested.get("scoring_tiles"):
            return facade.explicit_setup(
                player_count=len(players),
                options=options,
                scoring_tiles=requested["scoring_tiles"],
                removed_bonus_tiles=requested.get("removed_bonus_tiles") or [],
                players=players,
                map_id=requested.get("map_id"),
                auction_factions=requested.get("auction_factions") or (),
            )
        return facade.random_setup(
            seed, len(players), options, players, (requested or {}).get("map_id")
        )

    def canonical_command(self, command: str) -> str:
        """A row as the log stores it (comments after '#' removed, sub-commands joined by '. ')."""
        return facade.canonical_command(command)

    def drop_command(self, role: str) -> str:
        return f"drop-faction {role}"

    def setup_request(
        self, requested: dict, *, player_count: int, options: list[str], seed: str, map_id: str
    ) -> dict | None:
        """A fixed setup (scoring tiles, removed bonus tiles, the auction's factions, a seat
        order) checked by starting a game from it; without one, the options and the map are
        checked by drawing a setup from ``seed``."""
        facade.check_map(map_id, options)
        if not requested:
            facade.validate_options(seed, player_count, options)
            return None
        scoring = [str(t).upper() for t in requested.get("scoring_tiles") or []]
        removed = [str(t).upper() for t in requested.get("removed_bonus_tiles") or []]
        offered = [str(f).lower() for f in requested.get("auction_factions") or []]
        seat_order = [str(u) for u in requested.get("seat_order") or []]
        if len(scoring) != 6:
            raise RuleViolation("setup.scoring_tiles must list six scoring tiles, round 1 first.")
        for tile in scoring + removed:
            if not _TILE_ID.match(tile):
                raise RuleViolation(f"setup: {tile!r} is not a tile id.")
        names = seat_order or [f"player{i}" for i in range(1, player_count + 1)]
        facade.validate_setup(
            facade.explicit_setup(
                player_count=player_count,
                options=options,
                scoring_tiles=scoring,
                removed_bonus_tiles=removed,
                players=names,
                auction_factions=offered,
            )
        )
        cleaned = {
            "scoring_tiles": scoring,
            "removed_bonus_tiles": removed,
            "seat_order": seat_order,
        }
        return {**cleaned, "auction_factions": offered} if offered else cleaned

    # Automatic answers to power offers (Yucata's R0-R7), from settings players store.
    automatic_settings_template = "terra_mystica/_automatic_answers_fields.html"

    def automatic_settings_form(self) -> Any:
        return AutomaticAnswersForm

    def automatic_settings_defaults(self) -> dict:
        return facade.autoleech_defaults()

    def automatic_settings_clean(self, data: dict) -> dict:
        """Settings as the engine reads them back; ``ApplicationError`` on bad values."""
        return facade.autoleech_normalize(data)

    def plan(self, state: Any, rows: list[dict], actor: str, command: str) -> dict[str, Any]:
        """The planner: ``rows`` (``actor``, ``command``) played on a copy as players would
        play them; the ``state`` after them, the first row that no longer applies
        (``broken``: its ``index`` and ``reason``, the state is then the one before it), then
        the ``ledger`` rows and continuations (``legal``) of ``command``, or the legal
        commands of ``actor`` (by default the first the game waits for)."""
        broken = None
        for i, row in enumerate(rows):
            try:
                state, _ = facade.apply_player(state, row["actor"], row["command"])
            except facade.IllegalMove as exc:
                broken = {"index": i, "reason": exc.message}
                break
        if not actor:
            waiting = facade.waiting_for(state)
            actor = waiting[0]["actor"] if waiting else ""
        ledger: list[dict] = []
        legal: list[str] = []
        if command and broken is None:
            after, ledger = facade.apply_player(state, actor, command)
            legal = facade.continuations(state, actor, command)
            state = after
        elif actor and broken is None:
            legal = facade.legal_commands(state, actor)
        return {"state": state, "broken": broken, "actor": actor, "ledger": ledger, "legal": legal}

    def automatic_answer_due(self, state: Any) -> bool:
        """Whether a power offer is open (cheap: before any settings are read)."""
        return any(d["kind"] == "leech" for d in facade.waiting_for(state))

    def automatic_answer(
        self, state: Any, settings_by_role: dict[str, dict]
    ) -> tuple[str, str] | None:
        """The next (faction, command) the factions' settings answer by themselves, if any."""
        return facade.automatic_answer(state, settings_by_role)

    def page_texts(self, options: list[str], vp_sources: list[str]) -> dict[str, Any]:
        """The board page's texts in the reader's language: the catalog of factions, tiles
        and actions its script reads, the game's options described, the sources of VP."""
        return {
            "catalog": catalog.localized(),
            "options": catalog.options_described(options),
            "vp_sources": [catalog.vp_source_name(source) for source in vp_sources],
        }

    def board_page(self, request: Any, game: Any, site: Any) -> Any:
        """The kind's own game page (see the contract)."""
        return page.board_page(self, request, game, site)

    def setup_choices(self) -> dict[str, list[tuple[str, str]]]:
        """A new game's form in the reader's language: the maps, and the scoring and bonus
        tiles a fixed setup names (``id: text``)."""
        localized = catalog.localized()
        return {
            "maps": [(m["id"], catalog.map_name(m["name"])) for m in facade.maps()],
            "scoring_tiles": [
                (t, f"{t}: {localized['scoring'][t]['text']}") for t in catalog.scoring_tile_ids()
            ],
            "bonus_tiles": [
                (t, f"{t}: {localized['bonus'][t]['text']}") for t in catalog.bonus_tile_ids()
            ],
        }

    def statistics(self) -> dict[str, Any]:
        return {
            "role_types": ("faction", "colour", "seat"),
            "role": "faction",
            "variants": (
                ("fire-and-ice-factions/", "fire-and-ice"),
                ("fire-and-ice-final-scoring", "fire-and-ice"),
                ("merchants-of-the-seas", "merchants"),
            ),
            "variant_names": {
                "fire-and-ice": gettext_noop("Fire & Ice"),
                "merchants": gettext_noop("Merchants of the Seas"),
            },
            "colours_are_terrains": True,
            "picked_colour": "factions__{role}__color",
        }

    def role_colours(self) -> dict[str, str]:
        """Each faction's home colour ("variable" for those that choose one in play)."""
        return {name: f["color"] for name, f in catalog.catalog()["factions"].items()}

    def maps(self) -> list[dict]:
        """terra.snellman.net's maps: ``id``, ``name``, ``vp_variant``."""
        return facade.maps()

    # Django-facing capabilities: the API's setup fields, terra.snellman.net's text formats.
    def setup_fields(self) -> type:
        from .serializers import SetupInputSerializer

        return SetupInputSerializer

    def export_text(self, game: Any) -> str:
        from . import notation

        return notation.export_text(game)

    def final_steps(self, game: Any) -> list[dict]:
        """A finished game's final scoring step by step, read from its ledger."""
        from .final_steps import final_steps

        return final_steps(game)

    def read_game_file(self, *, text: str | None = None, data: dict | None = None) -> Any:
        """An export text or a corpus game (tests/fixtures/corpus schema) as a game file."""
        from . import notation

        return (
            notation.corpus_entries(data) if data is not None else notation.parse_export(text or "")
        )

    def seated_setup(
        self, *, players: Sequence[str], options: Sequence[str], seed: str, map_id: str
    ) -> dict:
        """The tiles drawn from ``seed`` as for any game, given explicitly so that the seat
        order a league or tournament chose is kept (drawn tiles would shuffle it)."""
        try:
            facade.check_map(map_id, options)
        except ApplicationError as exc:
            raise RuleViolation(f"map_id: {exc.message}") from exc
        drawn = facade.random_setup(seed, len(players), options, players, map_id)
        return {
            "scoring_tiles": drawn["scoring_tiles"],
            "removed_bonus_tiles": drawn["removed_bonus_tiles"],
        }

    def new_state(self, setup: dict) -> Any:
        return facade.new_game(setup)

    def apply(self, state: Any, actor: str, command: str) -> tuple[Any, list[dict]]:
        return facade.apply(state, actor, command)

    def apply_for_seat(self, state: Any, seat: int, command: str) -> tuple[Any, list[dict]]:
        return facade.apply_player(state, facade.actor_for_seat(state, seat), command)

    def drop_seat(self, state: Any, seat: int) -> Any:
        return facade.drop_faction(state, facade.actor_for_seat(state, seat))

    def restore_seat(self, state: Any, seat: int) -> Any:
        return facade.restore_faction(state, facade.actor_for_seat(state, seat))

    def actor(self, state: Any, seat: int) -> str:
        return facade.actor_for_seat(state, seat)

    def role(self, state: Any, seat: int) -> str:
        actor = facade.actor_for_seat(state, seat)
        return actor if facade.is_faction_actor(actor) else ""

    def waiting_for(self, state: Any) -> list[dict]:
        return [{**d, "category": category(d["kind"])} for d in facade.waiting_for(state)]

    def is_finished(self, state: Any) -> bool:
        return facade.is_finished(state)

    def result(self, state: Any) -> list[dict]:
        return [
            {
                "seat": row["seat"],
                "score": row["vp"],
                "rank": row["rank"],
                "role": row.get("faction", ""),
                "breakdown": row.get("vp_breakdown") or {},
                "dropped": bool(row.get("dropped")),
            }
            for row in facade.final_ranking(state)
        ]

    def round(self, state: Any) -> int:
        return facade.current_round(state)

    def view(self, state: Any, seat: int | None) -> dict:
        # Everything in Terra Mystica is public: every seat and spectator sees the same.
        return facade.state_view(state)

    def preview(self, state: Any, seat: int, command: str) -> dict[str, Any]:
        """The state after ``command`` and the commands that may continue the same row (a
        build after spades, a favor tile after a temple), with those only a burn pays for."""
        actor = facade.actor_for_seat(state, seat)
        after, rows = facade.apply_player(state, actor, command)
        legal = facade.continuations(state, actor, command)
        # Only a row a burn may still follow can lead to a sacrifice (not after a pass).
        burns = any(row.startswith("burn ") for row in legal)
        return {
            "after": after,
            "state": facade.state_view(after),
            "ledger": rows,
            "legal": legal,
            "sacrifices": facade.sacrifice_offers(state, actor, command) if burns else [],
        }

    def legal_commands(self, state: Any, seat: int) -> list[str]:
        return facade.legal_commands(state, facade.actor_for_seat(state, seat))

    def transform_and_build(self, state: Any, seat: int, hex_id: str) -> dict[str, dict]:
        """The transform and the dwelling on ``hex_id``, each on its own: ``{"row", "reason"}``
        with the shortest legal row, or None and the rule that part breaks now."""
        return facade.transform_and_build(state, facade.actor_for_seat(state, seat), hex_id)

    def sacrifice_offers(self, state: Any, seat: int) -> list[dict]:
        return facade.sacrifice_offers(state, facade.actor_for_seat(state, seat))

    def dump(self, state: Any) -> Any:
        return facade.state_to_json(state)

    def load(self, data: Any) -> Any:
        return facade.state_from_json(data)


def category(kind: str) -> str:
    if kind in SETUP_KINDS:
        return "setup"
    if kind in TURN_KINDS:
        return "turn"
    return "reaction"
