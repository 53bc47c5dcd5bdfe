"""An SMTP server (aiosmtpd) in a thread on a free port that counts what it receives: the
benchmark's players with confirmed addresses get their turn mails delivered for real."""

from __future__ import annotations

import logging
import threading
from collections.abc import Iterator
from contextlib import contextmanager

from aiosmtpd.controller import Controller

from .stack import free_port


class _Counter:
    def __init__(self) -> None:
        self.received = 0
        self.lock = threading.Lock()

    async def handle_DATA(self, server, session, envelope) -> str:
        with self.lock:
            self.received += 1
        return "250 Message accepted for delivery"


@contextmanager
def mail_sink() -> Iterator[tuple[str, _Counter]]:
    """Yield the EMAIL_URL of a running sink and its counter."""
    logging.getLogger("mail.log").setLevel(logging.WARNING)  # aiosmtpd's line per command
    counter = _Counter()
    controller = Controller(counter, hostname="127.0.0.1", port=free_port())
    controller.start()
    try:
        yield f"smtp://127.0.0.1:{controller.port}", counter
    finally:
        controller.stop()
