"""Events of the games app, sent after the transaction that caused them has committed.

They are the hook for background work (turn e-mails, realtime pushes, ratings): receivers enqueue
tasks and must not raise. Arguments are ids and plain values, never model instances.
"""

from django.dispatch import Signal

# game_id, move_number, waiting (list of {"actor", "seat", "kind", "user_id", "new"}; "new": the
# game started waiting for that seat with this move)
move_committed = Signal()
# game_id
game_started = Signal()
# game_id, ranking (list of {"faction", "seat", "VP", "rank", "user_id"})
game_finished = Signal()
# game_id, message_id
chat_posted = Signal()

# A running game was aborted (``game_id``, ``reason``), sent after the commit.
game_aborted = Signal()
