"""The rules engine's automatic leech answers (Yucata's rules R0-R7), as plain JSON values.

The engine module is imported on first use, like ``games.engine`` does.
"""

from __future__ import annotations

import functools
import importlib
from types import ModuleType
from typing import Any

from tm_site.exceptions import ApplicationError

FIELDS = (
    "enabled",
    "take_up_to",
    "decline_from",
    "cultists_take_up_to",
    "cultists_decline_from",
    "last_round_free_cultist",
)


@functools.cache
def _module() -> ModuleType:
    return importlib.import_module("games.rules.terra_mystica.autoleech")


def defaults() -> dict:
    return _module().AutoLeechSettings().to_json()


def normalize(data: dict) -> dict:
    """Settings as the engine reads them back; raises ``ApplicationError`` on bad values."""
    try:
        return _module().AutoLeechSettings.from_json(data).to_json()
    except (TypeError, ValueError) as exc:
        raise ApplicationError(f"Invalid auto-leech settings: {exc}") from exc


def next_answer(state: Any, settings_by_faction: dict[str, dict]) -> tuple[str, str] | None:
    """The next (faction, command) the settings answer by themselves, if any.

    Only the offers of players with settings are looked at: the engine would also decline,
    for anybody, an offer that can give nothing right now, but a player without settings may
    still make room in their bowls before answering, so they are asked.
    """
    mod = _module()
    parsed = {f: mod.AutoLeechSettings.from_json(s) for f, s in settings_by_faction.items()}
    view = state.copy()
    view.action_required = [
        r
        for r in state.action_required
        if r.get("type") != "leech" or r.get("faction") in settings_by_faction
    ]
    return mod.automatic_answer(view, parsed)
