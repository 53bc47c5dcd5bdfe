"""kombu's Redis transport, with acknowledgements that cannot wedge the worker.

With ``acks_late`` a worker acknowledges a task after running it. kombu's Redis transport
removes the message from Redis's unacknowledged set first and frees the worker's prefetch slot
only after that succeeded: when Redis does not answer (it hung; "Couldn't ack …,
reason: network:TimeoutError" in the log), the slot stays taken for ever, and with one slot per
process (``CELERY_WORKER_PREFETCH_MULTIPLIER = 1``) the worker never fetches another task while
still answering pings. Here the slot is freed whatever Redis answered; the message left in the
unacknowledged set comes back after ``CELERY_VISIBILITY_TIMEOUT`` and runs again, which every
task allows (they are idempotent). ``use()`` (called by tm_site/celery.py) makes it the
transport of every ``redis://`` broker URL in the process: web, worker and beat alike.
"""

from __future__ import annotations

from kombu.transport import TRANSPORT_ALIASES, redis, virtual


class QoS(redis.QoS):
    def ack(self, delivery_tag):
        try:
            self._remove_from_indices(delivery_tag).execute()
        finally:
            virtual.QoS.ack(self, delivery_tag)

    def reject(self, delivery_tag, requeue=False):
        try:
            if requeue:
                self.restore_by_tag(delivery_tag, leftmost=True)
            else:
                self._remove_from_indices(delivery_tag).execute()
        finally:
            virtual.QoS.ack(self, delivery_tag)


class Channel(redis.Channel):
    QoS = QoS


class Transport(redis.Transport):
    Channel = Channel


def use() -> None:
    TRANSPORT_ALIASES["redis"] = f"{__name__}:Transport"
