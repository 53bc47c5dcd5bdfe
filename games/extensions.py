"""Registration points: how the apps above the games app add to what it shows, without the
games app importing them (the layers: docs/architecture.md).

- Game information: a named provider adds a field to the API's game detail and list (the
  leagues app's ``league``), with the serializer that documents it in the schema. Providers
  are registered in their app's ``ready``, before any URL or serializer module is imported.
- Rating changes: the ratings app answers "how did each player's rating move in this game".
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

# (serializer, game) -> the field's value; the serializer's context may cache across a list.
GameInfo = Callable[[Any, Any], "dict | None"]
_game_info: dict[str, tuple[GameInfo, Any]] = {}
_rating_changes: list[Callable[[int], dict[int, Any]]] = []


def game_info_register(name: str, provider: GameInfo, schema: Any = None) -> None:
    _game_info[name] = (provider, schema)


def game_info(name: str, serializer: Any, game: Any) -> dict | None:
    entry = _game_info.get(name)
    return entry[0](serializer, game) if entry else None


def game_info_schema(name: str) -> Any:
    """The serializer documenting a provider's field (a free-form object when none is known)."""
    from drf_spectacular.types import OpenApiTypes

    entry = _game_info.get(name)
    return entry[1] if entry and entry[1] is not None else OpenApiTypes.OBJECT


def rating_changes_register(provider: Callable[[int], dict[int, Any]]) -> None:
    if provider not in _rating_changes:
        _rating_changes.append(provider)


def rating_changes(game_id: int) -> dict[int, Any]:
    """Each player's rating change in a game by user id (``rating_before``, ``rating_after``,
    ``delta``); empty when no rating app is installed or the game is not rated yet."""
    changes: dict[int, Any] = {}
    for provider in _rating_changes:
        changes.update(provider(game_id))
    return changes
