"""Divisions: the league's original format. Players are placed into divisions of groups by
last season's result (newcomers by rating); each group plays its whole schedule from the start;
at the end the best of each group go up and the last go down (docs/leagues.md)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.db import transaction
from django.utils import timezone

from tm_site.exceptions import ApplicationError, NotFound

from .. import scheduling, selectors
from ..models import Division, Group, LeagueGame, Membership, Season
from .base import LeagueFormat, create_game, decimal


def arrival(level: int, last: Membership | None) -> str:
    if last is None:
        return Membership.Arrival.NEWCOMER
    before = last.group.division.level
    if level < before:
        return Membership.Arrival.PROMOTED
    if level > before:
        return Membership.Arrival.RELEGATED
    return Membership.Arrival.STAYED


def refresh_group(group_id: int) -> list[selectors.StandingRow]:
    """Store the group's live standings on its memberships (a running season only)."""
    with transaction.atomic():
        group = Group.objects.select_for_update().filter(pk=group_id).first()
        if group is None:
            raise NotFound(f"No group {group_id}.")
        group = selectors.group_get(group_id)
        rows = selectors.group_standings(group)
        if group.division.season.status != Season.Status.RUNNING:
            return rows
        changed = []
        for row in rows:
            m = row.membership
            m.rank, m.points, m.vp, m.games_finished = (
                row.rank,
                decimal(row.points),
                row.vp,
                row.games,
            )
            changed.append(m)
        Membership.objects.bulk_update(changed, ["rank", "points", "vp", "games_finished"])
        Group.objects.filter(pk=group.pk).update(standings_updated_at=timezone.now())
    return rows


class Divisions(LeagueFormat):
    name = "divisions"

    def clean(self, merged: dict[str, Any]) -> dict[str, Any]:
        k = merged["players_per_game"]
        size = merged.get("group_size", 7)
        if not k <= size <= scheduling.MAX_GROUP_SIZE:
            raise ApplicationError(
                f"group_size must be between players_per_game ({k}) and {scheduling.MAX_GROUP_SIZE}."
            )
        if not 1 <= merged.get("cycles", 1) <= 3:
            raise ApplicationError("cycles must be 1, 2 or 3.")
        if not 1 <= merged.get("division_growth", 2) <= 8:
            raise ApplicationError("division_growth must be between 1 and 8.")
        promote, relegate = merged.get("promote_count", 1), merged.get("relegate_count", 2)
        if promote < 0 or relegate < 0 or promote + relegate > size:
            raise ApplicationError(
                "promote_count + relegate_count cannot be more than the players of a group."
            )
        return {}

    def start(self, season: Season, ladder: Sequence[tuple[Any, Membership | None]]) -> None:
        league = season.league
        placement = scheduling.place(
            ladder, league.group_size, league.players_per_game, league.division_growth
        )
        for level, groups in enumerate(placement, start=1):
            division = Division.objects.create(season=season, level=level)
            for number, members in enumerate(groups, start=1):
                group = Group.objects.create(division=division, number=number)
                Membership.objects.bulk_create(
                    [
                        Membership(
                            season=season,
                            group=group,
                            user=player,
                            seed=seed,
                            arrival=arrival(level, last),
                        )
                        for seed, (player, last) in enumerate(members, start=1)
                    ]
                )
                self._create_games(season, group, [player for player, _ in members])

    def _create_games(self, season: Season, group: Group, players: Sequence[Any]) -> None:
        league = season.league
        schedule = scheduling.group_schedule(len(players), league.players_per_game, league.cycles)
        for number, seats in enumerate(schedule, start=1):
            name = scheduling.game_name(
                league.name, season.number, group.division.level, group.number, number
            )
            create_game(league, group, number, [players[i] for i in seats], name)

    def game_finished(self, season: Season, league_game: LeagueGame) -> None:
        refresh_group(league_game.group_id)

    def finalise(self, season: Season) -> None:
        bottom = selectors.division_count(season)
        groups = Group.objects.filter(division__season=season).select_related(
            "division__season__league"
        )
        for group in groups:
            self._finalise_group(group, bottom)

    def _finalise_group(self, group: Group, bottom: int) -> None:
        league = group.division.season.league
        rows = selectors.group_standings(group)
        level = group.division.level
        size = len(rows)
        changed = []
        for position, row in enumerate(rows, start=1):
            m = row.membership
            movement = selectors.movement(
                position, size, level, bottom, league, m.status == Membership.Status.ACTIVE
            )
            m.rank, m.points, m.vp, m.games_finished = (
                row.rank,
                decimal(row.points),
                row.vp,
                row.games,
            )
            m.final_position, m.movement = position, movement
            changed.append(m)
        Membership.objects.bulk_update(
            changed, ["rank", "points", "vp", "games_finished", "final_position", "movement"]
        )
        Group.objects.filter(pk=group.pk).update(standings_updated_at=timezone.now())
