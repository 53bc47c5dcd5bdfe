"""Tournaments: Swiss and knockout seasons, one round after another at multiplayer tables.

A season is one tournament, a division one round (``level`` = its number) and a group one
table of it with one game. A round is paired when the last game of the round before ends (in
the finished game's own task), or, in a Swiss tournament with a ``round_time``, when that time
has passed (the league's clock). docs/tournaments.md states the rules.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.contrib.auth import get_user_model
from django.utils import timezone

from bots.selectors import players_before
from games import kinds
from games.models import Game, Seat
from tm_site.exceptions import ApplicationError

from .. import tournaments
from ..models import Division, Group, LeagueGame, Membership, Participant, Season
from ..selectors import seat_result
from ..standings import GameResult, places
from .base import LeagueFormat, create_game, decimal

User = get_user_model()
MAX_ROUNDS = 20


def table_name(league: str, season: int, round_number: int, table: int) -> str:
    return f"{league}_S{season}_R{round_number}T{table}"


@dataclass(frozen=True)
class Table:
    group: Group
    game: Game
    players: tuple[int, ...]  # user ids in seat order
    result: GameResult[int] | None  # once finished


@dataclass(frozen=True)
class Round:
    division: Division
    tables: list[Table]
    byes: list[int]

    @property
    def number(self) -> int:
        return self.division.level

    @property
    def finished(self) -> bool:
        return all(
            t.result is not None or t.game.status == Game.Status.ABORTED for t in self.tables
        )


def rounds_of(season: Season) -> list[Round]:
    """The rounds of a tournament so far, first first, with their tables and results."""
    divisions = list(Division.objects.filter(season=season).order_by("level"))
    games = list(
        LeagueGame.objects.filter(group__division__season=season)
        .select_related("group", "game")
        .order_by("group__number")
    )
    seats: dict[int, list[Seat]] = {}
    for seat in Seat.objects.filter(game__league_game__group__division__season=season).order_by(
        "position"
    ):
        seats.setdefault(seat.game_id, []).append(seat)
    tables: dict[int, list[Table]] = {}
    before = players_before(seats)
    for lg in games:
        # A seat handed to the computer counts for the player it was taken from, as a drop.
        results = tuple(
            seat_result(before, lg.game_id, s.position, s.user_id, s.final_vp, s.dropped)
            for s in seats.get(lg.game_id, [])
        )
        result = GameResult(lg.game_id, results) if lg.game.status == Game.Status.FINISHED else None
        tables.setdefault(lg.group.division_id, []).append(
            Table(lg.group, lg.game, tuple(r.player for r in results), result)
        )
    return [Round(d, tables.get(d.pk, []), list(d.byes or [])) for d in divisions]


def participants_of(season: Season) -> list[Participant]:
    return list(season.participants.select_related("user").order_by("seed"))


class Tournament(LeagueFormat):
    """What Swiss and knockout share: seeding by rating, creating a round, standings kept on
    the participants."""

    def start(self, season: Season, ladder: Sequence[tuple[Any, Membership | None]]) -> None:
        # No memberships in a tournament: the ladder is the sign-ups by rating.
        Participant.objects.bulk_create(
            [
                Participant(season=season, user=user, seed=seed)
                for seed, (user, _) in enumerate(ladder, start=1)
            ]
        )
        self._next_round(season, [])
        self._store(season, rounds_of(season))  # the seeding is the first standings

    def _smallest(self, season: Season) -> int:
        return min(kinds.engine_for(season.league.kind).info.player_counts)

    def _create_round(
        self,
        season: Season,
        number: int,
        tables: Sequence[Sequence[int]],
        byes: Sequence[int],
        deadline: datetime | None = None,
    ) -> Division:
        league = season.league
        now = timezone.now()
        division = Division.objects.create(
            season=season, level=number, started_at=now, deadline=deadline, byes=list(byes)
        )
        users = User.objects.in_bulk([p for table in tables for p in table])
        for index, table in enumerate(tables, start=1):
            group = Group.objects.create(division=division, number=index)
            # The lowest-placed player of the table sits first (and so chooses first).
            seated = [users[p] for p in reversed(table)]
            create_game(
                league, group, 1, seated, table_name(league.name, season.number, number, index)
            )
        return division

    def game_finished(self, season: Season, league_game: LeagueGame) -> None:
        if season.status != Season.Status.RUNNING:
            return  # a game reopened and ended again after the tournament: standings are final
        rounds = rounds_of(season)
        self._store(season, rounds)
        latest = rounds[-1]
        if league_game.group.division_id == latest.division.pk and latest.finished:
            self._next_round(season, rounds)

    def is_complete(self, season: Season) -> bool:
        rounds = rounds_of(season)
        return bool(rounds) and self._last(season, rounds) and all(r.finished for r in rounds)

    def finalise(self, season: Season) -> None:
        self._store(season, rounds_of(season), final=True)

    # What each format decides.

    def _next_round(self, season: Season, rounds: list[Round]) -> None:
        raise NotImplementedError

    def _last(self, season: Season, rounds: list[Round]) -> bool:
        raise NotImplementedError

    def _store(self, season: Season, rounds: list[Round], final: bool = False) -> None:
        raise NotImplementedError


class Swiss(Tournament):
    name = "swiss"

    def clean(self, merged: dict[str, Any]) -> dict[str, Any]:
        rounds = merged.get("rounds") or 0
        if not 1 <= rounds <= MAX_ROUNDS:
            raise ApplicationError(f"rounds: a Swiss tournament has 1 to {MAX_ROUNDS} rounds.")
        return {"rounds": rounds, "advance": 0}

    def standings(
        self, season: Season, rounds: list[Round]
    ) -> list[tournaments.SwissStanding[int]]:
        seeded = [p.user_id for p in participants_of(season)]
        results = [t.result for r in rounds for t in r.tables if t.result is not None]
        byes = [b for r in rounds for b in r.byes]
        return tournaments.swiss_standings(seeded, results, season.league.players_per_game, byes)

    def _next_round(self, season: Season, rounds: list[Round]) -> None:
        league = season.league
        if len(rounds) >= league.rounds:
            return
        order = [row.player for row in self.standings(season, rounds)]
        met = tournaments.meetings(t.players for r in rounds for t in r.tables)
        seated = tournaments.swiss_round(
            order,
            league.players_per_game,
            met,
            smallest=self._smallest(season),
            byes_had=Counter(b for r in rounds for b in r.byes),
            rounds_left=league.rounds - len(rounds),
        )
        deadline = timezone.now() + league.round_time if league.round_time else None
        self._create_round(season, len(rounds) + 1, seated.tables, seated.byes, deadline)

    def tick(self, season: Season, now: datetime) -> str | None:
        rounds = rounds_of(season)
        if not rounds or len(rounds) >= season.league.rounds:
            return None
        deadline = rounds[-1].division.deadline
        if deadline is None or deadline > now or rounds[-1].finished:
            return None
        self._next_round(season, rounds)
        return f"round {len(rounds) + 1}"

    def _last(self, season: Season, rounds: list[Round]) -> bool:
        return len(rounds) >= season.league.rounds

    def _store(self, season: Season, rounds: list[Round], final: bool = False) -> None:
        rows = {row.player: row for row in self.standings(season, rounds)}
        position = {player: index for index, player in enumerate(rows, start=1)}
        changed = []
        for p in participants_of(season):
            row = rows[p.user_id]
            p.rank, p.points, p.buchholz = row.rank, decimal(row.points), decimal(row.buchholz)
            p.score, p.games_finished = row.score, row.games
            p.final_position = position[p.user_id] if final else None
            changed.append(p)
        Participant.objects.bulk_update(
            changed, ["rank", "points", "buchholz", "score", "games_finished", "final_position"]
        )


@dataclass(frozen=True)
class KnockoutState:
    seeding: list[int]  # who plays the next round (or the players of the round being played)
    eliminated: dict[int, int]  # user id: the round they went out in
    order: list[int]  # everyone, best first, as things stand
    advanced: set[tuple[int, int]]  # (round, user id) of each player who went through


class Knockout(Tournament):
    name = "knockout"

    def clean(self, merged: dict[str, Any]) -> dict[str, Any]:
        size, advance = merged["players_per_game"], merged.get("advance") or 0
        if size not in (3, 4):
            raise ApplicationError("A knockout tournament plays at tables of 3 or 4.")
        if not 1 <= advance < size:
            raise ApplicationError(
                f"advance: between 1 and {size - 1} players of a table reach the next round."
            )
        return {"advance": advance, "rounds": 0}

    def state(self, season: Season, rounds: list[Round]) -> KnockoutState:
        """Replay the rounds: who went through, who went out where, and the order so far."""
        seeding = [p.user_id for p in participants_of(season)]
        advance = season.league.advance
        eliminated: dict[int, int] = {}
        advanced: set[tuple[int, int]] = set()
        out_key: dict[int, tuple] = {}
        seed = {p: i for i, p in enumerate(seeding)}
        for rnd in rounds:
            if not rnd.finished:
                break
            through: list[tuple[int, int, int]] = []
            for table in rnd.tables:
                if table.result is None:  # an aborted game: its players go out together
                    for p in table.players:
                        eliminated[p] = rnd.number
                        out_key[p] = (-rnd.number, len(table.players), 0, seed[p])
                    continue
                placed = places(table.result)
                score = {s.player: s.vp for s in table.result.seats}
                best = tournaments.advancing(table.result, advance, seeding)
                for p in table.players:
                    if p in best:
                        through.append((p, placed[p][0], score[p]))
                        advanced.add((rnd.number, p))
                    else:
                        eliminated[p] = rnd.number
                        out_key[p] = (-rnd.number, placed[p][0], -score[p], seed[p])
            if len(rnd.tables) == 1 and not rnd.byes:
                # The final table: its order is the tournament's top.
                final = rnd.tables[0]
                if final.result is not None:
                    placed = places(final.result)
                    score = {s.player: s.vp for s in final.result.seats}
                    top = sorted(final.players, key=lambda p: (placed[p][0], -score[p], seed[p]))
                    for p in top:
                        eliminated.pop(p, None)
                        out_key.pop(p, None)
                    rest = sorted(out_key, key=lambda p: out_key[p])
                    return KnockoutState([], eliminated, top + rest, advanced)
            advanced |= {(rnd.number, p) for p in rnd.byes}
            seeding = tournaments.next_seeding(through, rnd.byes, seeding)
        rest = sorted(out_key, key=lambda p: out_key[p])
        return KnockoutState(seeding, eliminated, [*seeding, *rest], advanced)

    def _next_round(self, season: Season, rounds: list[Round]) -> None:
        if rounds and self._last(season, rounds):
            return
        state = self.state(season, rounds)
        league = season.league
        planned = tournaments.knockout_round(
            state.seeding,
            league.players_per_game,
            league.advance,
            smallest=self._smallest(season),
        )
        self._create_round(season, len(rounds) + 1, planned.tables, planned.byes)

    def _last(self, season: Season, rounds: list[Round]) -> bool:
        # The final: the round played by everyone left when at most one table's worth were.
        if len(self.state(season, rounds[:-1]).seeding) <= season.league.players_per_game:
            return True
        # Aborted games put their tables out: fewer than two left cannot play another round.
        return rounds[-1].finished and len(self.state(season, rounds).seeding) < 2

    def _store(self, season: Season, rounds: list[Round], final: bool = False) -> None:
        state = self.state(season, rounds)
        position = {p: i for i, p in enumerate(state.order, start=1)}
        scores: Counter[int] = Counter()
        games: Counter[int] = Counter()
        for rnd in rounds:
            for table in rnd.tables:
                if table.result is not None:
                    for s in table.result.seats:
                        scores[s.player] += s.vp
                        games[s.player] += 1
        changed = []
        for p in participants_of(season):
            p.rank = position.get(p.user_id)
            p.score, p.games_finished = scores[p.user_id], games[p.user_id]
            p.eliminated_in = state.eliminated.get(p.user_id)
            p.final_position = position.get(p.user_id) if final else None
            changed.append(p)
        Participant.objects.bulk_update(
            changed, ["rank", "score", "games_finished", "eliminated_in", "final_position"]
        )


# --- what pages and the API show --------------------------------------------------------------


def tournament_view(season: Season) -> dict[str, Any]:
    """A tournament as pages and the API show it: the standings, then every round with its
    tables (players in seat order with score, place, points and who went through) and byes."""
    league = season.league
    fmt = Swiss() if league.format == "swiss" else Knockout()
    rounds = rounds_of(season)
    participants = participants_of(season)
    users = {p.user_id: p.user for p in participants}
    size = league.players_per_game
    # (round, user id) of those who went on: the knockout's own replay decides it.
    through = fmt.state(season, rounds).advanced if isinstance(fmt, Knockout) else set()
    shown_rounds = []
    for rnd in rounds:
        tables = []
        for table in rnd.tables:
            placed = places(table.result) if table.result else {}
            points = tournaments.game_points(table.result, size) if table.result else {}
            scores = {s.player: s.vp for s in table.result.seats} if table.result else {}
            final = isinstance(fmt, Knockout) and len(rnd.tables) == 1 and not rnd.byes
            tables.append(
                {
                    "number": table.group.number,
                    "group_id": table.group.pk,
                    "game_id": table.game.pk,
                    "game_name": table.game.name,
                    "status": table.game.status,
                    "final": final,
                    "seats": [
                        {
                            "seat": index,
                            "username": users[p].username if p in users else "",
                            "score": scores.get(p),
                            "place": placed[p][0] if p in placed else None,
                            "points": points.get(p) if league.format == "swiss" else None,
                            "advanced": (rnd.number, p) in through and not final,
                        }
                        for index, p in enumerate(table.players, start=1)
                    ],
                }
            )
        shown_rounds.append(
            {
                "number": rnd.number,
                "started_at": rnd.division.started_at,
                "deadline": rnd.division.deadline,
                "finished": rnd.finished,
                "byes": [users[p].username for p in rnd.byes if p in users],
                "tables": tables,
            }
        )
    standings = sorted(
        participants, key=lambda p: (p.rank or 10**6, p.final_position or 10**6, p.seed)
    )
    return {
        "format": league.format,
        "rounds_planned": league.rounds if league.format == "swiss" else None,
        "advance": league.advance if league.format == "knockout" else None,
        "table_size": size,
        "standings": [
            {
                "rank": p.rank,
                "username": p.user.username,
                "seed": p.seed,
                "points": p.points if league.format == "swiss" else None,
                "buchholz": p.buchholz if league.format == "swiss" else None,
                "score": p.score,
                "games": p.games_finished,
                "eliminated_in": p.eliminated_in,
                "final_position": p.final_position,
            }
            for p in standings
        ],
        "rounds": shown_rounds,
    }
