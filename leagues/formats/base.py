"""The seam between a league and how its seasons run: a season's format.

``leagues.services`` keeps what every format shares (sign-up, the season's status, the league's
clock, locks and permissions) and asks the league's format (``format_for``) for the rest: where
the players sit when the season starts, what a finished game changes, whether the season is
complete, its final standings, and what a deadline passing does. docs/leagues.md and
docs/tournaments.md describe the formats in words.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from typing import Any

from django.db.models import QuerySet

from games import kinds
from games import services as game_services
from games.models import ORIGINAL_MAP_ID, Game, new_seed
from tm_site.exceptions import ApplicationError

from ..models import Group, League, LeagueGame, Membership, Season


class LeagueFormat:
    """One way of running a season. Subclasses override what differs; every method runs inside
    the caller's transaction with the season's row locked."""

    name = ""

    def clean(self, merged: dict[str, Any]) -> dict[str, Any]:
        """Check the format's own settings among the league's (``merged``: every setting);
        returns the values to store for them."""
        return {}

    def start(self, season: Season, ladder: Sequence[tuple[Any, Membership | None]]) -> None:
        """Seat the season's players (``ladder``: best first, with last season's membership)
        and create the games they play first."""
        raise NotImplementedError

    def game_finished(self, season: Season, league_game: LeagueGame) -> None:
        """A game of the season has ended (or reopened): refresh standings, maybe go on."""
        raise NotImplementedError

    def is_complete(self, season: Season) -> bool:
        """Whether the season has played everything it will play."""
        return not unfinished_games(season).exists()

    def finalise(self, season: Season) -> None:
        """Fix the final standings (every game has ended)."""
        raise NotImplementedError

    def tick(self, season: Season, now: datetime) -> str | None:
        """The league's clock for a running season: act on a deadline that has passed; returns
        what it did, or None."""
        return None


def unfinished_games(season: Season) -> QuerySet[LeagueGame]:
    return LeagueGame.objects.filter(group__division__season=season).exclude(
        game__status__in=[Game.Status.FINISHED, Game.Status.ABORTED]
    )


def decimal(value: Fraction) -> Decimal:
    return (Decimal(value.numerator) / Decimal(value.denominator)).quantize(
        Decimal("0.01"), rounding=ROUND_HALF_UP
    )


def check_game_settings(kind: str, player_counts: Sequence[int], options: list[str], map_id: str):
    """Raise unless every table size of the league can be set up with its options and map."""
    engine = kinds.engine_for(kind)
    info = engine.info
    seated = getattr(engine, "seated_setup", None)
    if seated is None and map_id != ORIGINAL_MAP_ID:
        raise ApplicationError(f"map_id: maps are for Terra Mystica, not {info.name}.")
    for count in player_counts:
        if seated is not None:
            seated(
                players=[f"player{i}" for i in range(1, count + 1)],
                options=options,
                seed="league",
                map_id=map_id,
            )
        else:
            game_services.kind_options_check(kind, count, options)


def create_game(league: League, group: Group, number: int, players: Sequence[Any], name: str):
    """A game of the league for ``players`` in this seat order, started at once (every seat
    is reserved for its player), linked to ``group`` as its game ``number``."""
    engine = kinds.engine_for(league.kind)
    seed = new_seed()
    names = [p.username for p in players]
    setup: dict[str, Any] = {"seat_order": names}
    seated = getattr(engine, "seated_setup", None)
    if seated is not None:
        setup.update(seated(players=names, options=league.options, seed=seed, map_id=league.map_id))
    game = game_services.game_create(
        user=league.created_by,
        kind=league.kind,
        player_count=len(players),
        options=league.options,
        public=True,
        setup=setup,
        name=name,
        seed=seed,
        map_id=league.map_id,
        time_control=league.time_control,
        move_time_limit=league.move_time_limit,
        clock_initial=league.clock_initial,
        clock_bonus=league.clock_bonus,
    )
    for player in players:
        if player.pk != league.created_by_id:  # the creator is seated by game_create
            game_services.game_join(game_id=game.pk, user=player)
    return LeagueGame.objects.create(group=group, number=number, game=game)
