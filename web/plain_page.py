"""The plain page of a game whose kind has no board page of its own: who plays, whose turn it
is, the result, where its API lives."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from games import kinds, names
from games import selectors as game_selectors
from games.models import Game


def game_page_plain(request: HttpRequest, game: Game) -> HttpResponse:
    info = kinds.engine_for(game.kind).info
    seats = game_selectors.seats_of(game)
    waiting = {d["seat"]: names.decision_text(d) for d in game_selectors.waiting_for(game)}
    context = {
        "game": game,
        "kind": info,
        "seats": [{"seat": s, "waiting": waiting.get(s.position, "")} for s in seats],
    }
    return render(request, "web/game_plain.html", context)
