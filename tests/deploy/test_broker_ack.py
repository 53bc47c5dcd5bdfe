"""An acknowledgement that a hung Redis does not answer leaves the worker able to fetch
(tm_site/broker.py): kombu's own transport kept the prefetch slot taken for ever, so a worker
with one slot per process stopped taking tasks while still answering pings."""

from __future__ import annotations

import signal

import pytest
from kombu import Connection

from tests.support.servers import private_redis
from tm_site import broker, celery_app  # noqa: F401  (celery_app: the transport is in use)


@pytest.mark.parametrize("ack", ["ack", "reject"])
def test_a_lost_acknowledgement_frees_the_prefetch_slot(ack):
    with private_redis() as redis:
        assert redis.process is not None
        with Connection(
            redis.url, transport_options={"socket_timeout": 1, "socket_connect_timeout": 1}
        ) as connection:
            assert isinstance(connection.transport, broker.Transport)
            queue = connection.SimpleQueue("tm-test-ack")
            queue.consumer.qos(prefetch_count=1)
            queue.put({"n": 1})
            message = queue.get(timeout=5)
            qos = queue.channel.qos
            assert not qos.can_consume()  # the one slot is taken by the message
            redis.process.send_signal(signal.SIGSTOP)
            try:
                with pytest.raises(Exception, match=r"(?i)timeout|timed out"):
                    getattr(message, ack)()
            finally:
                redis.process.send_signal(signal.SIGCONT)
            assert qos.can_consume()
            queue.close()
