"""Events of the games app, sent inside the transaction that caused them.

They are the hook for background work (turn e-mails, ratings, standings): receivers record that
work in the outbox (``outbox.services.enqueue``) in the same transaction, so the work commits
with the move or not at all, and a broker that is down delays it without losing it. Receivers
that reach outside the database (live pushes) defer themselves to ``transaction.on_commit``:
a page told of a move before its commit would read the state without it.
Receivers must be quick. Arguments are ids and plain values, never model instances.
"""

from typing import Any

from django.dispatch import Signal


def announce(signal: Signal, **kwargs: Any) -> None:
    """Send one of these events now, inside the caller's transaction."""
    from .models import Game

    signal.send(sender=Game, **kwargs)


# game_id, move_number, waiting (list of {"actor", "seat", "kind", "category", "user_id", "new"};
# "new": the game started waiting for that seat with this move), latest (the game's move count
# once automatic answers followed the move), status (the game's, after the move), addressed (ids of
# the seats' players with a confirmed e-mail address)
move_committed = Signal()
# game_id
game_started = Signal()
# game_id, ranking (list of {"faction", "seat", "VP", "rank", "user_id"})
game_finished = Signal()
# game_id, message_id
chat_posted = Signal()

# A running game was aborted (``game_id``, ``reason``).
game_aborted = Signal()

# A finished game was rolled back by staff and runs again (``game_id``).
game_reopened = Signal()

# A seat's time is running out (``reminder``: a ``games.clock.Reminder``, ``now``) or ran out
# (``timeout``: a ``games.timeouts.TimeOut``); sent in the transaction that reminds or drops.
seat_reminded = Signal()
seat_timed_out = Signal()

# The end-of-game processing (``games.tasks.game_finish_process``) of a finished game
# (``game_id``), once its result is recorded: first ``result_recorded`` (bookkeeping that others
# read, e.g. ratings), then ``result_announce`` (telling the players). Sent outside any move;
# receivers must be safe to run again and may return a dict, merged into the task's result.
result_recorded = Signal()
result_announce = Signal()
