"""Reads for the pages: the lobby's lists, a game's page data, profiles, results."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from django.contrib.auth import get_user_model
from django.db.models import Count, F, QuerySet, Value
from django.utils.translation import gettext

from games import clock, kinds
from games import selectors as game_selectors
from games.log import effective_moves, load_state, replay
from games.models import ORIGINAL_MAP_ID, Game, Seat, StateSnapshot
from tm_site.exceptions import ApplicationError, Forbidden, NotFound
from tm_site.statements import Statement

from .bot_levels import bot_level_name
from .models import AutoLeechDefault, AutoLeechSetting, Plan, Premove, PremoveCancellation

User = get_user_model()

LIST_LIMIT = 30
_ROUND_INCOME = re.compile(r"^Round (\d) income$")


@dataclass
class GameItem:
    """A game as the lists show it."""

    game: Game
    seats: list[Seat]
    my_seat: Seat | None = None
    must_act: bool = False
    waiting_names: list[str] = field(default_factory=list)

    @property
    def free_seats(self) -> int:
        return self.game.player_count - len(self.seats)

    @property
    def map_name(self) -> str:
        """The map's name, empty for the original map (most games)."""
        if self.game.map_id == ORIGINAL_MAP_ID:
            return ""
        if not kinds.offers(self.game.kind, "setup_choices"):
            return ""
        names = dict(kinds.engine_for(self.game.kind).setup_choices()["maps"])
        return names.get(self.game.map_id, "")


def _items(games: QuerySet[Game] | list[Game], user) -> list[GameItem]:
    items = []
    for game in games:
        seats = sorted(game.seats.all(), key=lambda s: s.position)
        mine = next((s for s in seats if user.is_authenticated and s.user_id == user.pk), None)
        items.append(GameItem(game=game, seats=seats, my_seat=mine))
    _mark_waiting(items)
    return items


def _mark_waiting(items: list[GameItem]) -> None:
    """Who each running game waits for; ``must_act`` when it is the viewer (leech included)."""
    running = {i.game.pk: i for i in items if i.game.status == Game.Status.RUNNING}
    if not running:
        return
    # The waits are read from the stored snapshots in one query, each by its game's kind (a
    # snapshot behind the log is replayed).
    snapshots = StateSnapshot.objects.filter(game_id__in=list(running)).values_list(
        "game_id", "move_number", "state"
    )
    states = {}
    for game_id, move_number, state in snapshots:
        game = running[game_id].game
        if move_number == game.move_count:
            states[game_id] = kinds.engine_for(game.kind).load(state)
    for game_id, item in running.items():
        state = states[game_id] if game_id in states else load_state(item.game)
        waiting = kinds.engine_for(item.game.kind).waiting_for(state)
        seats = {s.position: s for s in item.seats}
        names = []
        for decision in waiting:
            seat = seats.get(int(decision.get("seat") or 0))
            if seat is not None and seat.user.username not in names:
                names.append(seat.user.username)
        item.waiting_names = names
        item.must_act = item.my_seat is not None and any(
            d.get("seat") == item.my_seat.position for d in waiting
        )


def _with_seats(qs: QuerySet[Game]) -> QuerySet[Game]:
    return qs.select_related("created_by").prefetch_related("seats__user")


def lobby(user) -> dict[str, list[GameItem]]:
    visible = game_selectors.visible_games(user)
    joinable = (
        Game.objects.filter(status=Game.Status.OPEN, public=True)
        .annotate(seat_total=Count("seats"))
        .filter(seat_total__lt=F("player_count"))
    )
    if user.is_authenticated:
        joinable = joinable.exclude(seats__user=user)
        mine = _with_seats(
            Game.objects.filter(
                seats__user=user, status__in=[Game.Status.OPEN, Game.Status.RUNNING]
            ).order_by("-last_move_at", "-created_at")
        )[:100]
    else:
        mine = Game.objects.none()
    running = visible.filter(status=Game.Status.RUNNING)
    if user.is_authenticated:
        running = running.exclude(seats__user=user)
    my_items = _items(list(mine), user)
    # Games where the player must act first, the rest by latest activity.
    my_items.sort(key=lambda i: not i.must_act)
    return {
        "my_games": my_items,
        "open_games": _items(_with_seats(joinable.order_by("-created_at"))[:LIST_LIMIT], user),
        "running_games": _items(_with_seats(running.order_by("-last_move_at"))[:LIST_LIMIT], user),
        "finished_games": _items(
            _with_seats(
                visible.filter(status=Game.Status.FINISHED).order_by("-finished_at", "-id")
            )[:LIST_LIMIT],
            user,
        ),
    }


# --- a game's page ---------------------------------------------------------------------------


def game_for_page(game_id: int, user, invite_code: str = "") -> Game:
    return game_selectors.game_get(game_id, user, invite_code=invite_code)


def game_page(game: Game, user) -> dict[str, Any]:
    """Everything the game page renders on the server or hands to its script at load."""
    seats = game_selectors.seats_of(game)
    my_seat = next((s for s in seats if user.is_authenticated and s.user_id == user.pk), None)
    started = game.setup is not None
    state = load_state(game) if started else None
    view = state_view_of(game, state, seats) if state is not None else None
    legal: list[str] = []
    sacrifices: list[dict] = []
    running = state is not None and game.status == Game.Status.RUNNING
    if running and my_seat is not None and not my_seat.dropped:
        engine = kinds.engine_for(game.kind)
        legal = engine.legal_commands(state, my_seat.position)
        if kinds.offers(game.kind, "sacrifice_offers"):
            sacrifices = engine.sacrifice_offers(state, my_seat.position)
    insider = my_seat is not None or game_selectors.can_manage(game, user)
    clocks = {s.position: clock.seat_clock(game, s) for s in seats}
    return {
        "clocks": clocks if any(clocks.values()) else {},
        "seats": seats,
        "my_seat": my_seat,
        "view": view,
        "legal": legal,
        "sacrifices": sacrifices,
        "can_manage": game_selectors.can_manage(game, user),
        "invite_code": game.invite_code if insider and not game.public else "",
        "results": results(game, state) if game.status == Game.Status.FINISHED else None,
    }


def state_view_of(
    game: Game, state: Any, seats: list[Seat] | None = None, view: dict | None = None
) -> dict:
    """A state of the game (its own or a previewed one), shaped like ``GET /state/``: ``view``
    is the kind's view of it for the viewer (a spectator's when not given)."""
    engine = kinds.engine_for(game.kind)
    view = dict(engine.view(state, None) if view is None else view)
    view["move_number"] = game.move_count
    view["started"] = True
    players = []
    for seat in seats if seats is not None else game_selectors.seats_of(game):
        players.append(
            {
                "seat": seat.position,
                "username": seat.user.username,
                "faction": engine.role(state, seat.position) or None,
                "actor": engine.actor(state, seat.position),
                "dropped": seat.dropped,
            }
        )
    view["players"] = players
    return view


def transform_build_parts(game: Game, user, hex_id: str) -> dict:
    """Whether the caller could transform ``hex_id`` to their home terrain now, and whether
    they could build a dwelling there, each part on its own with the rule it breaks (Yucata
    shows the impossible part as unavailable)."""
    if not kinds.offers(game.kind, "transform_and_build"):
        names = ", ".join(
            kinds.engine_for(k).info.name for k in kinds.offering("transform_and_build")
        )
        raise ApplicationError(f"Transform and build is a {names} move, not {game.kind}'s.")
    seat = game.seats.filter(user=user).first() if user.is_authenticated else None
    if seat is None:
        raise Forbidden("You have no seat in this game.")
    if game.status != Game.Status.RUNNING:
        raise ApplicationError(f"The game is {game.get_status_display()}, not running.")
    state = load_state(game)
    engine = kinds.engine_for(game.kind)
    return {
        "hex": hex_id,
        "actor": engine.actor(state, seat.position),
        "move_number": game.move_count,
        **engine.transform_and_build(state, seat.position, hex_id),
    }


def state_at(game: Game, move_number: int, user=None) -> dict:
    """The game as it stood after log entry ``move_number`` (a move in force), shaped like
    ``GET /state/`` and seen as ``user`` may see it (a game with hidden hands shows only the
    viewer's own cards); 0 is the state before the first move."""
    if game.setup is None:
        raise NotFound("The game has not started: it has no history yet.")
    kept = effective_moves(list(game.moves.order_by("number")))
    numbers = [m.number for m in kept]
    if move_number and move_number not in numbers:
        raise NotFound(f"Move {move_number} is not a move in force in this game.")
    state = replay(game, [m for m in kept if m.number <= move_number])
    seen = kinds.engine_for(game.kind).view(state, game_selectors.viewer_seat(game, user))
    view = state_view_of(game, state, view=seen)
    view["move_number"] = move_number
    view["latest_move_number"] = game.move_count
    return view


def results(game: Game, state: Any) -> dict[str, Any]:
    """Final ranking with the VP by source, rating changes once computed, VP over time."""
    from ratings.selectors import game_rating_changes

    ranking = [
        {
            "seat": r["seat"],
            "rank": r["rank"],
            "faction": r["role"],
            "vp": r["score"],
            "dropped": r["dropped"],
            "vp_breakdown": r["breakdown"],
        }
        for r in kinds.engine_for(game.kind).result(state)
    ]
    seats = {s.position: s for s in game_selectors.seats_of(game)}
    changes = game_rating_changes(game.pk)
    order = [
        "start",
        "round scoring",
        "town",
        "favor tiles",
        "bonus tiles",
        "advances",
        "faction",
        "dig",
        "leech",
        "cults",
        "network",
        "resources",
    ]
    sources: list[str] = [s for s in order if any(s in r.get("vp_breakdown", {}) for r in ranking)]
    for row in ranking:
        for source in row.get("vp_breakdown", {}):
            if source not in sources:
                sources.append(source)
    rows = []
    for row in ranking:
        seat = seats.get(int(row.get("seat") or 0))
        change = changes.get(seat.user_id) if seat is not None else None
        breakdown = row.get("vp_breakdown", {})
        rows.append(
            {
                "rank": row.get("rank"),
                "faction": row.get("faction"),
                "username": seat.user.username if seat else "",
                "vp": row.get("vp"),
                "dropped": row.get("dropped"),
                "breakdown": [breakdown.get(s, 0) for s in sources],
                "rating_before": change.rating_before if change else None,
                "rating_after": change.rating_after if change else None,
                "rating_delta": change.delta if change else None,
            }
        )
    return {
        "sources": sources,
        "rows": rows,
        "rated": bool(changes),
        "vp_series": vp_series(game),
        # The end of the game step by step, for a kind that tells it (Terra Mystica's).
        "steps": kinds.engine_for(game.kind).final_steps(game)
        if kinds.offers(game.kind, "final_steps")
        else [],
    }


def vp_series(game: Game) -> dict[str, Any]:
    """Each faction's VP after every ledger row of the moves in force, with round marks."""
    moves = list(game.moves.order_by("number"))
    points: dict[str, list[list[int]]] = {}
    marks: list[list[Any]] = []
    index = 0
    for move in effective_moves(moves):
        for row in move.ledger or []:
            comment = row.get("comment")
            if comment is not None:
                match = _ROUND_INCOME.match(comment)
                label = f"R{match.group(1)}" if match else ""
                if match and not any(m[1] == label for m in marks):
                    marks.append([index, label])
                elif comment.startswith("Scoring ") and not any(m[1] == "end" for m in marks):
                    marks.append([index, "end"])
                continue
            faction = row.get("faction")
            vp = (row.get("after") or {}).get("VP")
            if faction is None or vp is None:
                continue
            series = points.setdefault(faction, [])
            if not series or series[-1][1] != vp:
                series.append([index, vp])
            index += 1
    for series in points.values():
        if series and series[-1][0] != index:
            series.append([index, series[-1][1]])
    return {"length": index, "marks": marks, "series": points}


# --- players ---------------------------------------------------------------------------------


def player_get(username: str):
    user = User.objects.filter(username=username, is_active=True).select_related("profile").first()
    if user is None:
        raise NotFound(f"No player named {username!r}.")
    return user


def player_profile(player, viewer) -> dict[str, Any]:
    from ratings.selectors import player_rating

    visible = game_selectors.visible_games(viewer)
    seats = list(
        Seat.objects.filter(user=player, game__in=visible)
        .exclude(game__status=Game.Status.ABORTED)
        .select_related("game")
        .order_by("-game__created_at")[:200]
    )
    finished = [s for s in seats if s.game.status == Game.Status.FINISHED]
    rating = player_rating(player.pk)
    return {
        "standing": rating_standing(player),
        "seats": seats,
        "finished_count": len(finished),
        "wins": sum(1 for s in finished if s.rank == 1),
        "average_vp": round(sum(s.final_vp or 0 for s in finished) / len(finished))
        if finished
        else None,
        "rating": rating,
    }


def leaderboard_page(
    page_number: int | str | None, *, provisional: bool = False, bots: bool = False
):
    """One page of the leaderboard: established players, or everyone rated when asked; the
    bots' leaderboard with ``bots``."""
    from django.core.paginator import Paginator

    from ratings.selectors import leaderboard

    players = leaderboard(min_games=1, bots=bots) if provisional else leaderboard(bots=bots)
    return Paginator(players, 50).get_page(page_number)


def rating_standing(user) -> dict[str, Any]:
    """Where a player stands towards the leaderboard: rated games, the games it takes."""
    from ratings.conf import elo_params
    from ratings.selectors import player_rating

    params = elo_params()
    needed = params.min_games
    rating = player_rating(user.pk) if user.is_authenticated else None
    games = rating.games if rating else 0
    return {
        "rating": rating,
        "games": games,
        "needed": needed,
        "missing": max(needed - games, 0),
        "established": games >= needed,
        "players": gettext("%(min)s to %(max)s")
        % {"min": params.min_players, "max": params.max_players},
    }


# --- automatic answers -----------------------------------------------------------------------


def _autoleech_rows(game_id: int, user_ids: Any) -> QuerySet:
    """(own, user id, settings) of these players (ids, or a subquery of them): own 1 for the
    game's own settings, 0 for the account's. One round trip for both kinds (a move that
    opens power offers waits for it)."""
    defaults = (
        AutoLeechDefault.objects.filter(user_id__in=user_ids)
        .annotate(own=Value(0))
        .values_list("own", "user_id", "settings")
    )
    own = (
        AutoLeechSetting.objects.filter(game_id=game_id, user_id__in=user_ids)
        .annotate(own=Value(1))
        .values_list("own", "user_id", "settings")
    )
    return defaults.union(own, all=True)


def _by_user(rows: Any) -> dict[int, dict]:
    return {user_id: settings for _, user_id, settings in sorted(rows, key=lambda row: row[0])}


def autoleech_settings_by_user(game: Game, user_ids: list[int]) -> dict[int, dict]:
    """Each player's automatic answers in this game: the game's own settings, else the
    account's (players with neither are asked)."""
    return _by_user(_autoleech_rows(game.pk, user_ids))


# Read while a move is played (its first power offer): built once (tm_site/statements.py).
_AUTOLEECH_OF_SEATS = Statement(
    lambda game_id: _autoleech_rows(
        game_id, Seat.objects.filter(game_id=game_id).values("user_id")
    ),
    int,
)


def autoleech_settings_of_seats(game: Game) -> dict[int, dict]:
    """``autoleech_settings_by_user`` for every player seated in ``game``."""
    return _by_user(_AUTOLEECH_OF_SEATS.rows(game.pk))


def autoleech_default_get(user) -> dict | None:
    row = AutoLeechDefault.objects.filter(user=user).first()
    return row.settings if row else None


# --- the planner and premoves ----------------------------------------------------------------


def plan_get(game: Game, user) -> dict[str, Any]:
    plan = Plan.objects.filter(game=game, user=user).first() if user.is_authenticated else None
    return {"rows": plan.rows if plan else [], "notes": plan.notes if plan else ""}


def premoves_view(game: Game, user) -> dict[str, Any]:
    """The player's queue of premoves, why the last one was cancelled (until they queue
    again), and the latest move (queued moves may have been played)."""
    if not user.is_authenticated:
        return {"commands": [], "cancelled": None, "move_number": game.move_count}
    commands = list(
        Premove.objects.filter(game=game, user=user)
        .order_by("position")
        .values_list("command", flat=True)
    )
    cancelled = (
        PremoveCancellation.objects.filter(game=game, user=user)
        .values("command", "reason", "move_number")
        .first()
    )
    return {"commands": commands, "cancelled": cancelled, "move_number": game.move_count}


def seat_handover(game: Game, user) -> dict[str, Any] | None:
    """What the game page offers to hand a seat to the computer: in an unrated running game,
    to its players, the seats people play, those that have left included (the service decides
    whether a seat's player has been silent long enough); to whom another right lets (a
    league's organiser, where the league allows it), the seats that have left; None
    otherwise."""
    from accounts.selectors import display_name, is_bot
    from bots.services import hand_over_right

    if game.status != Game.Status.RUNNING or not user.is_authenticated:
        return None
    if not kinds.bot_levels(game.kind):
        return None
    seats = list(game.seats.select_related("user__profile").order_by("position"))
    player = not game.counts_for_rating and any(
        s.user_id == user.pk and not s.dropped for s in seats
    )
    if not player and hand_over_right(game, user) is not True:
        return None
    offered = [
        {
            "position": s.position,
            "name": display_name(s.user),
            "mine": s.user_id == user.pk,
            "left": s.dropped,
        }
        for s in seats
        if not is_bot(s.user) and (player or s.dropped)
    ]
    if not offered:
        return None
    return {
        "seats": offered,
        "levels": [(lv, bot_level_name(lv)) for lv in kinds.bot_levels(game.kind)],
    }
