"""Deployment settings: from the environment, and `check --deploy` clean in production."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from tm_site.env import email_settings

ROOT = Path(__file__).resolve().parents[2]


def run_manage(*args: str, **env: str) -> subprocess.CompletedProcess:
    environment = {k: v for k, v in os.environ.items() if k not in ("DJANGO_SETTINGS_MODULE",)}
    environment.update(env)
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_check_deploy_is_clean_under_production_settings():
    result = run_manage(
        "check",
        "--deploy",
        "--fail-level",
        "WARNING",
        DJANGO_SETTINGS_MODULE="tm_site.settings.prod",
        SECRET_KEY="x7$Kp2!vQz9#Lm4@Wn8^Rt6&Yb3*Hc5(Jd1)Fg0-Ae7+Ss2=Tu9",
        ALLOWED_HOSTS="tm.example.org",
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


def test_production_refuses_to_start_without_a_secret_key():
    result = run_manage("check", DJANGO_SETTINGS_MODULE="tm_site.settings.prod", SECRET_KEY="")
    assert result.returncode != 0
    assert "SECRET_KEY must be set" in result.stderr


def test_email_url_forms():
    smtp = email_settings("smtp://mailer:p%40ss@mail.example.org:587?from=tm%40example.org")
    assert smtp["EMAIL_HOST"] == "mail.example.org"
    assert smtp["EMAIL_PORT"] == 587
    assert smtp["EMAIL_HOST_PASSWORD"] == "p@ss"
    assert smtp["EMAIL_USE_TLS"] is True
    assert smtp["DEFAULT_FROM_EMAIL"] == "tm@example.org"
    assert email_settings("smtps://mail.example.org")["EMAIL_USE_SSL"] is True
    assert email_settings("console://")["EMAIL_BACKEND"].endswith("console.EmailBackend")
