"""Terra Mystica's game page: the board, the move entry, the planner, the ledger (the template
and scripts beside this module, in templates/terra_mystica and static/terra_mystica)."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from games import selectors as game_selectors
from games.models import ORIGINAL_MAP_ID, Game
from games.names import faction_name

from ..contract import PageSite


def board_page(engine: Any, request: HttpRequest, game: Game, site: PageSite) -> HttpResponse:
    page = site.game_page(game, request.user)
    texts = engine.page_texts(game.options, (page["results"] or {}).get("sources", []))
    my_seat = page["my_seat"]
    script_data = {
        "game": {
            "id": game.pk,
            "name": str(game),
            "status": game.status,
            "public": game.public,
            "player_count": game.player_count,
            "move_number": game.move_count,
            "time_control": game.time_control,
        },
        "clocks": page["clocks"],
        "me": {
            "username": request.user.get_username() if request.user.is_authenticated else None,
            "seat": my_seat.position if my_seat else None,
            "dropped": bool(my_seat and my_seat.dropped),
        },
        "invite": request.GET.get("invite", ""),
        "view": page["view"],
        "legal": page["legal"],
        "sacrifices": page["sacrifices"],
        "catalog": texts["catalog"],
        "options": {o["name"]: o["label"] for o in texts["options"]},
        "vp_series": page["results"]["vp_series"] if page["results"] else None,
        "premoves": site.premoves(game, request.user) if my_seat else None,
    }
    chat = list(game_selectors.chat_list(game).reverse()[:100])[::-1]
    answers = site.automatic_answers(game, request.user) if my_seat else None
    context = {
        "game": game,
        **page,
        "script_data": script_data,
        "chat": chat,
        "move_form_number": game.move_count,
        "autoleech": answers["settings"] if answers else None,
        "autoleech_form": answers["form"] if answers else None,
        "league": site.league(game),
        "map_name": ""
        if game.map_id == ORIGINAL_MAP_ID
        else dict(engine.setup_choices()["maps"]).get(game.map_id, game.map_id),
        "options": texts["options"],
        "merchants_provisional": texts["catalog"]["merchants"]["provisional"],
        "result_sources": texts["vp_sources"],
        "seated": bool(my_seat and not my_seat.dropped),
        "handover": site.seat_handover(game, request.user),
        "waiting_names": _waiting_names(page["view"], my_seat),
    }
    return render(request, "terra_mystica/game.html", context)


def _waiting_names(view: dict | None, my_seat: Any) -> list[str] | None:
    """Who the game waits for, as the banner names them before the script runs: ``None`` when
    it waits for the viewer, else each player once, by name (and faction once chosen)."""
    if not view or not view.get("waiting_for"):
        return []
    seats = {d["seat"] for d in view["waiting_for"]}
    if my_seat is not None and not my_seat.dropped and my_seat.position in seats:
        return None
    players = {p["seat"]: p for p in view.get("players", [])}
    names = []
    for seat in sorted(seats):
        player = players.get(seat)
        if player is None:
            continue
        faction = player["faction"]
        names.append(
            f"{player['username']} ({faction_name(faction)})" if faction else player["username"]
        )
    return names
