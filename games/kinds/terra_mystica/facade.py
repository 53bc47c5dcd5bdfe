"""The platform's only door to the rules engine (``games.rules.terra_mystica``).

Everything the platform needs from the engine goes through these functions, so a change of the
engine's facade touches this file alone. Engine values are turned into plain JSON types here,
and the rules' ``RuleError`` into the platform's ``IllegalMove``, once.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

from games.kinds.errors import IllegalMove
from games.rules import terra_mystica as tm
from games.rules.terra_mystica import RuleError
from tm_site.exceptions import ApplicationError

_LEAVES = (str, int, float, bool, type(None))


def to_plain(value: Any) -> Any:
    """Engine values (dataclasses, tuples, enums) as JSON types."""
    if isinstance(value, _LEAVES):
        return value  # most of a view; the other tests cost an attribute lookup each
    # Leaves inside are kept without a call each: most of a state's view is leaves (about
    # 1,000 values for four players), and a call per value was a quarter of GET /state/.
    if isinstance(value, dict):
        return {str(k): v if isinstance(v, _LEAVES) else to_plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [v if isinstance(v, _LEAVES) else to_plain(v) for v in value]
    if hasattr(value, "to_json") and not isinstance(value, type):
        return to_plain(value.to_json())
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: to_plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, (tuple, set, frozenset)):
        return [to_plain(v) for v in value]
    if hasattr(value, "value") and type(value).__module__.startswith("games.rules"):
        return value.value  # enum
    return value


# --- setup -----------------------------------------------------------------------------------


def rule_options() -> list[str]:
    """Every option name the engine knows (terra.snellman.net's spelling, and Yucata's options)."""
    return sorted(tm.RULE_OPTIONS)


def default_options() -> tuple[str, ...]:
    return tuple(tm.DEFAULT_OPTIONS)


def maps() -> list[dict]:
    """The maps games can be created on: ``id``, ``name``, ``vp_variant``."""
    return to_plain(tm.available_maps())


def check_map(map_id: str, options: Sequence[str] = ()) -> None:
    if map_id not in {m["id"] for m in maps()}:
        names = ", ".join(f"{m['id']} ({m['name']})" for m in maps())
        raise ApplicationError(f"Unknown map {map_id!r}; the maps are {names}.")
    if "variable-starting-vp" in options and tm.variable_vp_table(map_id) is None:
        raise ApplicationError("This map has no table of variable starting VP.")


def random_setup(
    seed: str,
    player_count: int,
    options: Sequence[str],
    players: Sequence[str],
    map_id: str | None = None,
) -> dict:
    try:
        setup = tm.random_setup(
            seed, player_count, tuple(options), tuple(players), map_id or tm.ORIGINAL_MAP_ID
        )
    except (TypeError, ValueError, RuleError) as exc:
        raise IllegalMove(str(exc)) from exc
    return setup_to_json(setup)


def explicit_setup(
    *,
    player_count: int,
    options: Sequence[str],
    scoring_tiles: Sequence[str],
    removed_bonus_tiles: Sequence[str],
    players: Sequence[str],
    map_id: str | None = None,
    auction_factions: Sequence[str] = (),
) -> dict:
    try:
        setup = tm.GameSetup(
            player_count=player_count,
            options=tuple(options),
            scoring_tiles=tuple(scoring_tiles),
            removed_bonus_tiles=tuple(removed_bonus_tiles),
            players=tuple(players),
            map_id=map_id or tm.ORIGINAL_MAP_ID,
            auction_factions=tuple(auction_factions),
            final_scoring_tiles=tm.chosen_final_tiles(options),
        )
    except (TypeError, ValueError, RuleError) as exc:
        raise IllegalMove(f"Invalid setup: {exc}") from exc
    return setup_to_json(setup)


def setup_to_json(setup: Any) -> dict:
    return to_plain(setup)


def setup_from_json(data: dict) -> Any:
    return tm.GameSetup.from_json(data)


def validate_options(seed: str, player_count: int, options: Sequence[str]) -> None:
    """Raise ``IllegalMove`` unless the engine can draw a setup with these options."""
    random_setup(seed, player_count, options, [f"player{i}" for i in range(1, player_count + 1)])


def validate_setup(setup: dict) -> None:
    """Raise ``IllegalMove`` unless the engine can start a game from this setup."""
    try:
        tm.new_game(setup_from_json(setup))
    except (TypeError, ValueError, KeyError, RuleError) as exc:
        raise IllegalMove(f"Invalid setup: {exc}") from exc


# --- state -----------------------------------------------------------------------------------


def new_game(setup: dict) -> Any:
    try:
        return tm.new_game(setup_from_json(setup))
    except (TypeError, ValueError, KeyError, RuleError) as exc:
        raise IllegalMove(f"Invalid setup: {exc}") from exc


def state_to_json(state: Any) -> Any:
    return state.to_json()


def state_from_json(data: Any) -> Any:
    return tm.GameState.from_json(data)


def apply(state: Any, actor: str, command: str) -> tuple[Any, list[dict]]:
    """Apply one command row; returns the new state and the ledger rows it produced."""
    try:
        new_state, rows = tm.apply_logged(state, actor, command)
    except RuleError as exc:
        raise IllegalMove(str(exc) or "Illegal command.") from exc
    return new_state, [to_plain(r) for r in rows]


def apply_player(state: Any, actor: str, command: str) -> tuple[Any, list[dict]]:
    """``apply`` for a seated player's own move: only player verbs, only while the game waits
    for a decision of theirs, never a row that changes nothing."""
    try:
        new_state, rows = tm.apply_player_logged(state, actor, command)
    except RuleError as exc:
        raise IllegalMove(str(exc) or "Illegal command.") from exc
    return new_state, [to_plain(r) for r in rows]


def canonical_command(command: str) -> str:
    """The command as the log stores it (comments removed, sub-commands joined by '. ')."""
    try:
        return tm.canonical_row(command)
    except RuleError as exc:
        raise IllegalMove(str(exc)) from exc


def drop_faction(state: Any, faction: str) -> Any:
    try:
        return tm.drop_faction(state, faction)
    except RuleError as exc:
        raise IllegalMove(str(exc)) from exc


def restore_faction(state: Any, faction: str) -> Any:
    """A dropped faction plays on (its seat handed to the computer): the state as the drop
    left it, the faction back in the turn order. Only in the actions phase: a faction dropped
    during the setup misses its buildings, and the income already given stays given."""
    f = state.factions.get(faction)
    if f is None or not f.dropped:
        raise IllegalMove(f"{faction} have not left this game.")
    if state.finished or state.round < 1 or state.phase != "play":
        raise IllegalMove("A faction that left can come back only during a round's actions.")
    new_state = state.copy()
    new_state.factions[faction].dropped = False
    return new_state


def waiting_for(state: Any) -> list[dict]:
    return [to_plain(d) for d in tm.waiting_for(state)]


def actor_for_seat(state: Any, seat: int) -> str:
    return tm.actor_for_seat(state, seat)


def state_view(state: Any) -> dict:
    return to_plain(tm.state_view(state))


def is_finished(state: Any) -> bool:
    return bool(tm.is_finished(state))


def final_ranking(state: Any) -> list[dict]:
    """Faction, seat, ``vp``, rank, ``dropped`` and ``vp_breakdown`` per faction."""
    return [to_plain(r) for r in tm.final_ranking(state)]


def current_round(state: Any) -> int:
    """The round being played: 0 during the setup, 1 to 6 afterwards."""
    return int(state.round)


def legal_commands(state: Any, actor: str) -> list[str]:
    try:
        return list(tm.legal_commands(state, actor))
    except RuleError as exc:
        raise IllegalMove(str(exc)) from exc


def continuations(state: Any, actor: str, row: str) -> list[str]:
    """Commands that may follow ``row`` in the same move (its own legality checked first)."""
    try:
        return list(tm.continuations(state, actor, row))
    except RuleError as exc:
        raise IllegalMove(str(exc)) from exc


def sacrifice_offers(state: Any, actor: str, row: str = "") -> list[dict]:
    """Power actions and conversions that only burning power makes payable (Yucata's
    "requires sacrifice"): each with the fewest tokens to burn and the row that does both
    (after ``row``, what the move holds so far, when one is given)."""
    offers = tm.sacrifice_offers(state, actor, row)
    return [
        {"command": command, "burn": burn, "row": f"burn {burn}. {command}"}
        for command, burn in offers.items()
    ]


def transform_and_build(state: Any, actor: str, hex_id: str) -> dict[str, dict]:
    """The transform and the dwelling on ``hex_id``, each on its own: ``{"row", "reason"}``
    with the shortest legal row, or None and the rule that part breaks now."""
    return to_plain(tm.transform_and_build_report(state, actor, hex_id))


def is_faction_actor(actor: str) -> bool:
    """Seats act as ``playerN`` until they have chosen a faction."""
    return not (actor.startswith("player") and actor[6:].isdigit())


# --- automatic answers to power offers -------------------------------------------------------


def autoleech_defaults() -> dict:
    return tm.AutoLeechSettings().to_json()


def autoleech_normalize(data: dict) -> dict:
    """Settings as the engine reads them back; raises ``ApplicationError`` on bad values."""
    try:
        return tm.AutoLeechSettings.from_json(data).to_json()
    except (TypeError, ValueError) as exc:
        raise ApplicationError(f"Invalid auto-leech settings: {exc}") from exc


def automatic_answer(state: Any, settings_by_faction: dict[str, dict]) -> tuple[str, str] | None:
    """The next (faction, command) that players' settings answer by themselves, if any.

    Players without settings (or with automation off) are asked; so is a player whose offer
    can give nothing right now, who may still make room in the bowls and take it later.
    """
    parsed = {f: tm.AutoLeechSettings.from_json(s) for f, s in settings_by_faction.items()}
    return tm.automatic_answer(state, parsed)
