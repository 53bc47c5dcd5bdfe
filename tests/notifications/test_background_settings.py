"""Celery and mail settings from the environment, and the beat schedule."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from django.conf import settings

from tm_site import celery_app
from tm_site.env import email_settings


def settings_under(env: dict[str, str], *names: str) -> dict:
    """Settings as a process started with ``env`` (and nothing else from ours) sees them."""
    code = (
        "import json, django; from django.conf import settings; django.setup(); "
        f"print(json.dumps({{n: getattr(settings, n, None) for n in {list(names)!r}}}, default=str))"
    )
    base = {k: v for k, v in os.environ.items() if k in ("PATH", "HOME", "LANG")}
    out = subprocess.run(
        [sys.executable, "-c", code],
        env={**base, "DJANGO_SETTINGS_MODULE": "tm_site.settings.dev", **env},
        cwd=settings.BASE_DIR,
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(out.stdout.strip().splitlines()[-1])


def test_without_redis_tasks_go_through_a_folder(tmp_path):
    found = settings_under(
        {"CELERY_FILESYSTEM_DIR": str(tmp_path)},
        "CELERY_BROKER_URL",
        "CELERY_BROKER_TRANSPORT_OPTIONS",
        "CELERY_RESULT_BACKEND",
        "EMAIL_BACKEND",
    )
    assert found["CELERY_BROKER_URL"].startswith("filesystem://")
    assert found["CELERY_BROKER_TRANSPORT_OPTIONS"]["data_folder_in"] == str(tmp_path / "queue")
    assert found["CELERY_RESULT_BACKEND"] is None
    assert found["EMAIL_BACKEND"] == "django.core.mail.backends.console.EmailBackend"


def test_with_redis_and_a_mail_server(tmp_path):
    found = settings_under(
        {
            "REDIS_URL": "redis://cache.internal:6379/2",
            "EMAIL_HOST": "mail.internal",
            "EMAIL_PORT": "587",
            "EMAIL_HOST_USER": "tm",
            "EMAIL_HOST_PASSWORD": "secret",
        },
        "CELERY_BROKER_URL",
        "CELERY_RESULT_BACKEND",
        "EMAIL_BACKEND",
        "EMAIL_HOST",
        "EMAIL_PORT",
        "EMAIL_USE_TLS",
        "EMAIL_HOST_USER",
    )
    assert (
        found["CELERY_BROKER_URL"]
        == found["CELERY_RESULT_BACKEND"]
        == "redis://cache.internal:6379/2"
    )
    assert found["EMAIL_BACKEND"] == "django.core.mail.backends.smtp.EmailBackend"
    assert (found["EMAIL_HOST"], found["EMAIL_PORT"], found["EMAIL_USE_TLS"]) == (
        "mail.internal",
        587,
        True,
    )
    assert found["EMAIL_HOST_USER"] == "tm"


def test_mail_to_a_folder():
    assert email_settings("file:///var/mail/tm") == {
        "EMAIL_BACKEND": "django.core.mail.backends.filebased.EmailBackend",
        "EMAIL_FILE_PATH": "/var/mail/tm",
    }


@pytest.mark.parametrize("entry", sorted(settings.CELERY_BEAT_SCHEDULE))
def test_every_periodic_task_exists(entry):
    celery_app.loader.import_default_modules()
    assert settings.CELERY_BEAT_SCHEDULE[entry]["task"] in celery_app.tasks
