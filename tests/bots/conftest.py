"""The bots' tests share the real worker of the background-work tests."""

from tests.notifications.conftest import (  # noqa: F401  (fixtures)
    celery_worker_queue,
    real_worker,
    smtp_server,
)
