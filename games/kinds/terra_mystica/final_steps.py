"""The end of a finished game step by step, read from its ledger (Yucata shows the final
scoring and the conversion of resources as steps): each cult track, the area (the largest
network), a Fire & Ice final scoring tile, then each faction's resources turned into VP."""

from __future__ import annotations

import re
from typing import Any

from django.utils.translation import gettext

from games.log import effective_moves
from games.models import Game

from . import catalog

_SCORING = re.compile(r"^Scoring (\w[\w-]*)( cult)?$")
_RESOURCES = "Converting resources to VPs"


def _cult_titles() -> dict[str, str]:
    return {
        "FIRE": gettext("Fire cult"),
        "WATER": gettext("Water cult"),
        "EARTH": gettext("Earth cult"),
        "AIR": gettext("Air cult"),
    }


def _step_of(comment: str) -> dict[str, Any] | None:
    if comment == _RESOURCES:
        return {"kind": "resources", "title": gettext("Resources to VP"), "rows": []}
    match = _SCORING.match(comment)
    if match is None:
        return None
    name, cult = match.group(1), match.group(2)
    if cult:
        return {"kind": "cult", "key": name, "title": _cult_titles().get(name, name), "rows": []}
    if name == "network":
        return {"kind": "area", "key": name, "title": gettext("Largest area"), "rows": []}
    return {"kind": "tile", "key": name, "title": catalog.final_tile_name(name), "rows": []}


def _conversion(before: dict, after: dict) -> dict[str, int]:
    """One faction's conversion: bowl II burnt, then power, priests and workers to coins, then
    coins to VP (the row's values after it, and the faction's values before it)."""
    bowls, left = before.get("PW") or [0, 0, 0], after.get("PW") or [0, 0, 0]
    burned = max((bowls[1] - left[1]) // 2, 0)
    power = bowls[2] + burned
    priests = before.get("P", 0) - after.get("P", 0)
    workers = before.get("W", 0) - after.get("W", 0)
    coins = before.get("C", 0) + power + priests + workers
    return {
        "burned": burned,
        "power_to_coins": power,
        "priests_to_coins": priests,
        "workers_to_coins": workers,
        "coins": coins,
        "coins_to_vp": coins - after.get("C", 0),
        "vp": after.get("VP", 0) - before.get("VP", 0),
        "coins_left": after.get("C", 0),
    }


def final_steps(game: Game) -> list[dict[str, Any]]:
    """The steps of the final scoring in the order they were scored; each with the faction
    rows (``vp``; for the resources the conversion's parts)."""
    last: dict[str, dict] = {}  # each faction's values after its latest row
    steps: list[dict[str, Any]] = []
    step: dict[str, Any] | None = None
    for move in effective_moves(list(game.moves.order_by("number"))):
        for row in move.ledger or []:
            if "comment" in row:
                step = _step_of(str(row["comment"]))
                if step is not None:
                    steps.append(step)
                continue
            faction, after = row.get("faction"), row.get("after") or {}
            if step is not None and faction:
                if step["kind"] != "resources":
                    step["rows"].append({"faction": faction, "vp": row["delta"].get("VP", 0)})
                elif row.get("command") == "score_resources":
                    before = last.get(faction, after)
                    step["rows"].append({"faction": faction, **_conversion(before, after)})
            if faction:
                last[faction] = after
    return steps
