"""The statistics' filters, read from a query string (the API's and the pages' alike)."""

from __future__ import annotations

import re
from collections.abc import Mapping

from games import kinds
from tm_site.exceptions import ApplicationError

from . import roles
from .selectors import Filters

MONTH = re.compile(r"^\d{4}-(0[1-9]|1[0-2])\Z")
SHORT = re.compile(r"^[\w.+/-]{1,80}\Z")


def _month(params: Mapping[str, str], name: str) -> str | None:
    value = params.get(name) or None
    if value is not None and not MONTH.match(value):
        raise ApplicationError(f"{name}: a month is written YYYY-MM, e.g. 2025-03.")
    return value


def kind_from(params: Mapping[str, str]) -> str:
    kind = params.get("kind") or kinds.DEFAULT_KIND
    known = sorted(k.kind for k in kinds.kinds())
    if kind not in known or not roles.role_types(kind):
        raise ApplicationError(
            f"Unknown game kind {kind!r}; statistics exist for {', '.join(known)}."
        )
    return kind


def role_type_from(params: Mapping[str, str], kind: str) -> str:
    role_type = params.get("role_type") or roles.role_types(kind)[0]
    if role_type not in roles.role_types(kind):
        raise ApplicationError(
            f"role_type: {kind} has statistics by {', '.join(roles.role_types(kind))}."
        )
    return role_type


def filters_from(params: Mapping[str, str]) -> Filters:
    """Validated filters; a value no game could have is a 400 naming the rule."""
    kind = kind_from(params)
    role_type = role_type_from(params, kind)
    text: dict[str, str | None] = {}
    for name in ("variant", "map"):
        value = params.get(name) or None
        if value is not None and not SHORT.match(value):
            raise ApplicationError(f"{name}: letters, digits and . + / - _ only, at most 80.")
        text[name] = value
    players = params.get("players") or None
    player_count = None
    if players is not None:
        if not players.isdigit() or not 1 <= int(players) <= 8:
            raise ApplicationError("players: the number of players of a game, 1 to 8.")
        player_count = int(players)
    since, until = _month(params, "since"), _month(params, "until")
    if since and until and since > until:
        raise ApplicationError("since: the first month must not come after the last (until).")
    return Filters(
        kind=kind,
        role_type=role_type,
        variant=text["variant"],
        map_id=text["map"],
        player_count=player_count,
        since=since,
        until=until,
    )
