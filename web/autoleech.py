"""Automatic answers to power offers (Yucata's rules R0-R7): the settings players store here,
read and answered by the game kind that has them (its ``automatic_answer`` capability)."""

from __future__ import annotations

from typing import Any

from games import kinds


def answering_kinds() -> list[str]:
    """The kinds whose offers players' settings answer by themselves (Terra Mystica's)."""
    return kinds.offering("automatic_answer")


def _engine() -> Any:
    return kinds.engine_for(answering_kinds()[0])


def form_class() -> Any:
    """The answering kind's form of its settings (a Django form class)."""
    return _engine().automatic_settings_form()


def fields_template() -> str:
    """The answering kind's template of the settings' fields (context: settings, form, prefix)."""
    return _engine().automatic_settings_template


def defaults() -> dict:
    return _engine().automatic_settings_defaults()


def normalize(data: dict) -> dict:
    """Settings as the engine reads them back; raises ``ApplicationError`` on bad values."""
    return _engine().automatic_settings_clean(data)


def next_answer(kind: str, state: Any, settings_by_role: dict[str, dict]) -> tuple[str, str] | None:
    """The next (actor, command) the settings answer by themselves, if any."""
    return kinds.engine_for(kind).automatic_answer(state, settings_by_role)
