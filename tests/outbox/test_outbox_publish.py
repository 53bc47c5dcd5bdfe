"""A web process publishes the outbox's entries: its task is registered wherever Django runs."""

from __future__ import annotations

import subprocess
import sys

from django.conf import settings


def test_a_fresh_process_has_the_outbox_task_registered():
    # A new interpreter, as a web worker starts: nothing imported but Django's setup.
    script = (
        "import django; django.setup(); from celery import current_app; "
        "print('outbox.tasks.entry_run' in current_app.tasks)"
    )
    result = subprocess.run(
        [sys.executable, "-c", script],
        cwd=settings.BASE_DIR,
        env={"DJANGO_SETTINGS_MODULE": "tm_site.settings.test", "PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.stdout.strip() == "True", result.stderr
