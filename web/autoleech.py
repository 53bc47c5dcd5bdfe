"""Automatic answers to power offers (Yucata's rules R0-R7), through the engine adapter."""

from __future__ import annotations

from typing import Any

from games.kinds.terra_mystica import engine

FIELDS = (
    "enabled",
    "take_up_to",
    "decline_from",
    "cultists_take_up_to",
    "cultists_decline_from",
    "last_round_free_cultist",
)


def defaults() -> dict:
    return engine.autoleech_defaults()


def normalize(data: dict) -> dict:
    """Settings as the engine reads them back; raises ``ApplicationError`` on bad values."""
    return engine.autoleech_normalize(data)


def next_answer(state: Any, settings_by_faction: dict[str, dict]) -> tuple[str, str] | None:
    """The next (faction, command) the settings answer by themselves, if any."""
    return engine.automatic_answer(state, settings_by_faction)
