"""Settings of a worker started as a separate process by the tests (see test_worker_killed.py)."""

import os

from tm_site.settings.test import *  # noqa: F403
from tm_site.settings.test import DATABASES, REDIS_BROKER_TRANSPORT_OPTIONS

CELERY_TASK_ALWAYS_EAGER = False
CELERY_BROKER_URL = CELERY_RESULT_BACKEND = os.environ["TM_TEST_BROKER_URL"]
CELERY_TASK_DEFAULT_QUEUE = os.environ["TM_TEST_QUEUE"]
# A message left unacknowledged by a dead worker comes back after a second.
CELERY_BROKER_TRANSPORT_OPTIONS = {
    **REDIS_BROKER_TRANSPORT_OPTIONS,  # the site's timeouts
    "visibility_timeout": 1,
    "unacked_restore_interval": 1,
    "unacked_restore_throttle": 1,
}
EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
EMAIL_HOST = "127.0.0.1"
EMAIL_PORT = int(os.environ["TM_TEST_SMTP_PORT"])
EMAIL_USE_TLS = EMAIL_USE_SSL = False
DATABASES["default"]["NAME"] = os.environ["TM_TEST_DATABASE_NAME"]
