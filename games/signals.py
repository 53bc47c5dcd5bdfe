"""Events of the games app, sent once the transaction that caused them has committed
(``announce``); ``game_reopened`` is sent inside the rollback's transaction.

They are the hook for background work (turn e-mails, ratings, standings): receivers record that
work in the outbox (``outbox.services.enqueue``), so a broker that is down delays the work
without losing it.
Receivers must be quick and must not raise. Arguments are ids and plain values, never model
instances.
"""

from typing import Any

from django.dispatch import Signal


def announce(signal: Signal, **kwargs: Any) -> None:
    """Send one of these events when the caller's transaction commits (at once outside one)."""
    from django.db import transaction

    from .models import Game

    transaction.on_commit(lambda: signal.send(sender=Game, **kwargs))


# game_id, move_number, waiting (list of {"actor", "seat", "kind", "user_id", "new"}; "new": the
# game started waiting for that seat with this move)
move_committed = Signal()
# game_id
game_started = Signal()
# game_id, ranking (list of {"faction", "seat", "VP", "rank", "user_id"})
game_finished = Signal()
# game_id, message_id
chat_posted = Signal()

# A running game was aborted (``game_id``, ``reason``).
game_aborted = Signal()

# A finished game was rolled back by staff and runs again (``game_id``): ratings and standings
# change together with the game or not at all.
game_reopened = Signal()
