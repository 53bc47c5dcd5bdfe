"""The Celery application: settings come from Django's (``CELERY_*``), tasks from each app's tasks.py."""

from __future__ import annotations

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tm_site.settings.dev")

app = Celery("tm_site")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
