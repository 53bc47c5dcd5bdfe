"""League formats: how a season seats its players, goes on and ends (``base.LeagueFormat``)."""

from __future__ import annotations

from ..models import League
from .base import LeagueFormat
from .divisions import Divisions
from .tournament import Knockout, Swiss

FORMATS: dict[str, LeagueFormat] = {f.name: f for f in (Divisions(), Swiss(), Knockout())}


def format_for(league: League | str) -> LeagueFormat:
    name = league if isinstance(league, str) else league.format
    return FORMATS[name]
