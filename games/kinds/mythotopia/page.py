"""Mythotopia's game page: the map, the player's cards, the move entry (the template and
scripts beside this module, in templates/mythotopia and static/mythotopia)."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from games import selectors as game_selectors
from games.models import Game

from ..contract import PageSite
from .names import localized_board


def board_page(engine: Any, request: HttpRequest, game: Game, site: PageSite) -> HttpResponse:
    """Its script data is the viewer's own view (their cards under ``my_hand``, the others'
    only as sizes) and their legal commands; the script refreshes both from the API on every
    live update."""
    view = game_selectors.game_state_view(game, request.user)
    seat = game_selectors.viewer_seat(game, request.user)
    seated = seat is not None and game.status == Game.Status.RUNNING
    legal = game_selectors.legal_commands_for(game, request.user)["commands"] if seated else []
    script_data = {
        "game": {"id": game.pk, "status": game.status, "move_number": game.move_count},
        "me": {"seat": seat},
        "view": view,
        "legal": legal,
        "board": localized_board(engine.board()),
    }
    dropped = seat is not None and game.seats.filter(position=seat, dropped=True).exists()
    context = {
        "game": game,
        "kind": engine.info,
        "script_data": script_data,
        "seated": seat is not None,
        # The server decides whether the last move may be taken back; the script shows the
        # button only while the viewer's own move is the last one.
        "can_undo": seated and not dropped,
        "can_chat": seat is not None or request.user.is_staff,
        "seat_action": _seat_action(game, seat, dropped),
        "handover": site.seat_handover(game, request.user),
    }
    return render(request, "mythotopia/game.html", context)


def _seat_action(game: Game, seat: int | None, dropped: bool) -> str:
    """What a player may do with their seat, as the Terra Mystica page offers it: leave an
    open game, resign from a running one."""
    if seat is None or dropped:
        return ""
    if game.status == Game.Status.OPEN:
        return "leave"
    if game.status == Game.Status.RUNNING:
        return "resign"
    return ""
