"""Reads of the bots app for others: who played a seat before the computer took it over."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from .models import HandOver


@dataclass(frozen=True)
class Before:
    """The player a seat was taken from, and the seat's score then (None if unknown)."""

    user_id: int
    vp: int | None


def players_before(game_ids: Iterable[int]) -> dict[tuple[int, int], Before]:
    """Per (game id, seat position) handed to the computer in these games: who played it."""
    rows = HandOver.objects.filter(game_id__in=list(game_ids)).values_list(
        "game_id", "position", "player_id", "vp"
    )
    return {(game, position): Before(user, vp) for game, position, user, vp in rows}
