"""Browser pages. Public games can be watched by anyone, logged in or not."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render

from tm_site.exceptions import NotFound

from . import selectors


def game_page(request: HttpRequest, game_id: int) -> HttpResponse:
    try:
        game = selectors.game_get(game_id, request.user, invite_code=request.GET.get("invite", ""))
    except NotFound as exc:
        raise Http404(exc.message) from exc
    context = {
        "game": game,
        "seats": selectors.seats_of(game),
        "moves": list(selectors.move_list(game))[-50:],
        "waiting_for": selectors.waiting_for(game),
    }
    return render(request, "games/game.html", context)
