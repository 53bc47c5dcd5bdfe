"""Terra Mystica rules engine (base game, terra.snellman.net command language).

Pure Python: nothing here imports Django. See docs/architecture.md for the facade.
"""

from ..core import RuleError
from .autoleech import AutoLeechSettings, Thresholds, automatic_answer
from .board import ORIGINAL_MAP_ID, available_maps, variable_vp_table
from .compiled import refuse_stale_build
from .engine import (
    actor_for_seat,
    apply,
    apply_logged,
    drop_faction,
    drop_faction_logged,
    is_finished,
    new_game,
    new_game_logged,
    seat_of,
)
from .ledger import LedgerRow
from .legal import continuations, legal_commands, random_legal_command
from .player import apply_player_logged, canonical_row, check_player_row
from .sacrifice import sacrifice_offers
from .setup import DEFAULT_OPTIONS, RULE_OPTIONS, GameSetup, chosen_final_tiles, random_setup
from .state import FactionState, GameState
from .transform_build import transform_and_build, transform_and_build_report
from .views import (
    Decision,
    acting_factions,
    final_ranking,
    income_preview,
    projected_final_scores,
    state_view,
    waiting_for,
)

__all__ = [
    "DEFAULT_OPTIONS",
    "ORIGINAL_MAP_ID",
    "RULE_OPTIONS",
    "AutoLeechSettings",
    "Decision",
    "FactionState",
    "GameSetup",
    "GameState",
    "LedgerRow",
    "RuleError",
    "Thresholds",
    "acting_factions",
    "actor_for_seat",
    "apply",
    "apply_logged",
    "apply_player_logged",
    "automatic_answer",
    "available_maps",
    "canonical_row",
    "check_player_row",
    "chosen_final_tiles",
    "continuations",
    "drop_faction",
    "drop_faction_logged",
    "final_ranking",
    "income_preview",
    "is_finished",
    "legal_commands",
    "new_game",
    "new_game_logged",
    "projected_final_scores",
    "random_legal_command",
    "random_setup",
    "sacrifice_offers",
    "seat_of",
    "state_view",
    "transform_and_build",
    "transform_and_build_report",
    "variable_vp_table",
    "waiting_for",
]

from . import merchants  # noqa: F401 - the expansion registers its hooks (expansion.py)

refuse_stale_build()  # an optional compiled module older than its source is not run
