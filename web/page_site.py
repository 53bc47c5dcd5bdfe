"""What the web app hands a kind's board page (games.kinds.contract.PageSite): the parts every
board page shows beside its board, read from the web app's own selectors and services."""

from __future__ import annotations

from typing import Any

from games.models import Game
from leagues import selectors as league_selectors

from . import autoleech, selectors, services


class WebPageSite:
    def game_page(self, game: Game, user: Any) -> dict[str, Any]:
        return selectors.game_page(game, user)

    def premoves(self, game: Game, user: Any) -> dict[str, Any]:
        return selectors.premoves_view(game, user)

    def seat_handover(self, game: Game, user: Any) -> dict[str, Any] | None:
        return selectors.seat_handover(game, user)

    def automatic_answers(self, game: Game, user: Any) -> dict[str, Any] | None:
        if game.status not in (Game.Status.OPEN, Game.Status.RUNNING):
            return None
        return {
            "settings": services.autoleech_settings_get(game=game, user=user),
            "form": autoleech.form_class()(),
        }

    def league(self, game: Game) -> dict[str, Any] | None:
        return league_selectors.league_info_for_games([game.pk]).get(game.pk)


SITE = WebPageSite()
