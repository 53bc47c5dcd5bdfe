"""The outbox's tests play moves at a table and watch what their transactions commit: the same
fixtures as the mails' tests."""

from tests.notifications.conftest import committed, table

__all__ = ["committed", "table"]
