"""End of a game: recording its result, and keeping track of the processing that follows.

``life.after_move`` stores each seat's final VP and rank with the move that ends the game.
``games.tasks.game_finish_process`` then runs, after the commit, the steps that need not hold up
that move: record the full result (VP by source), rate the game, send the game-over mails, mark
the game processed. Every step is idempotent, so a task that dies half way can simply run again;
``games_finish_pending`` finds the games whose processing never completed.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from django.db import transaction
from django.utils import timezone

from . import kinds, log
from .models import Game, Seat

# A finished game not processed after this long has lost its task (or the task keeps failing).
PROCESSING_GRACE = timedelta(minutes=5)


def game_result_record(game_id: int) -> bool:
    """Store rank, final VP and VP by source of every seat; False unless the game is finished."""
    with transaction.atomic():
        game = log.locked_game(game_id)
        if game.status != Game.Status.FINISHED:
            return False
        if game.result_recorded_at is not None:
            return True
        result = kinds.engine_for(game.kind).result(log.load_state(game))
        seats = {s.position: s for s in game.seats.all()}
        for row in result:
            seat = seats.get(row["seat"])
            if seat is not None:
                seat.final_vp = row["score"]
                seat.rank = row["rank"]
                seat.vp_breakdown = row["breakdown"]
        Seat.objects.bulk_update(list(seats.values()), ["final_vp", "rank", "vp_breakdown"])
        game.result_recorded_at = timezone.now()
        game.save(update_fields=["result_recorded_at"])
    return True


def game_finish_done(game_id: int) -> None:
    Game.objects.filter(
        pk=game_id, status=Game.Status.FINISHED, finish_processed_at__isnull=True
    ).update(finish_processed_at=timezone.now())


def games_finish_pending(now: datetime | None = None) -> list[int]:
    """Finished games whose end-of-game processing has not completed within the grace time."""
    cutoff = (now or timezone.now()) - PROCESSING_GRACE
    return list(
        Game.objects.filter(
            status=Game.Status.FINISHED,
            finish_processed_at__isnull=True,
            finished_at__lt=cutoff,
        )
        .order_by("finished_at")
        .values_list("pk", flat=True)
    )
