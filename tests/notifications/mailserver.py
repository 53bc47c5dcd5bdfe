"""A real SMTP server (aiosmtpd) in a thread, on a free port, keeping what it receives."""

from __future__ import annotations

import asyncio
import threading
import time
from email import message_from_bytes, policy
from email.message import EmailMessage

from aiosmtpd.controller import Controller


class _Handler:
    def __init__(self, server: MailServer) -> None:
        self.server = server

    async def handle_DATA(self, smtp, session, envelope) -> str:
        server = self.server
        if server.refuse:
            return "451 Requested action aborted: try again later"
        hold = server.hold
        if hold is not None:
            server.holding.set()
            # Do not answer until released: the sender is stuck in the middle of sending.
            await asyncio.get_running_loop().run_in_executor(None, hold.wait)
            if server.drop_held:
                return "451 Requested action aborted: try again later"
        message = message_from_bytes(
            envelope.original_content or envelope.content, policy=policy.default
        )
        with server.changed:
            server.messages.append(message)
            server.peers.append(session.peer)
            server.changed.notify_all()
        return "250 Message accepted for delivery"


class _Controller(Controller):
    def _trigger_server(self) -> None:
        # Bound to port 0: learn the port the system chose before connecting to it.
        self.port = self.server.sockets[0].getsockname()[1]
        super()._trigger_server()


class MailServer:
    def __init__(self, port: int = 0) -> None:
        self.messages: list[EmailMessage] = []
        # The client's (address, port) of each message: one per connection it came over.
        self.peers: list[tuple[str, int]] = []
        self.changed = threading.Condition()
        self.refuse = False
        self.hold: threading.Event | None = None
        self.holding = threading.Event()
        self.drop_held = False
        self._controller = _Controller(_Handler(self), hostname="127.0.0.1", port=port)

    def start(self) -> None:
        self._controller.start()

    def hold_next(self) -> None:
        """Leave the next message unanswered until ``release``."""
        self.holding.clear()
        self.drop_held = False
        self.hold = threading.Event()

    def release(self, *, drop: bool) -> None:
        """Answer the held message: accepted, or refused (its sender is gone)."""
        hold, self.hold = self.hold, None
        self.drop_held = drop
        if hold is not None:
            hold.set()

    def stop(self) -> None:
        if self.hold is not None:
            self.hold.set()
        self._controller.stop()

    @property
    def port(self) -> int:
        return self._controller.port

    def settings(self) -> dict:
        return {
            "EMAIL_BACKEND": "django.core.mail.backends.smtp.EmailBackend",
            "EMAIL_HOST": "127.0.0.1",
            "EMAIL_PORT": self.port,
            "EMAIL_USE_TLS": False,
            "EMAIL_USE_SSL": False,
            "EMAIL_HOST_USER": "",
            "EMAIL_HOST_PASSWORD": "",
            "EMAIL_TIMEOUT": 10,
        }

    def wait_for(self, count: int, timeout: float = 30.0) -> list[EmailMessage]:
        """Wait until at least ``count`` messages have arrived; returns them all."""
        deadline = time.monotonic() + timeout
        with self.changed:
            while len(self.messages) < count:
                left = deadline - time.monotonic()
                if left <= 0:
                    raise AssertionError(
                        f"{len(self.messages)} of {count} mails arrived within {timeout} s: "
                        f"{[m['Subject'] for m in self.messages]}"
                    )
                self.changed.wait(left)
            return list(self.messages)

    def to(self, address: str) -> list[EmailMessage]:
        with self.changed:
            return [m for m in self.messages if address in m["To"]]
