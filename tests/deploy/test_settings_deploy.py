"""Production defaults: servers start on production settings, refuse the public development key,
say so when static files were not collected, and serve the API docs without a CDN."""

from __future__ import annotations

import os
import subprocess
import sys

from django.conf import settings
from django.contrib.staticfiles import finders


def start(module: str, **env: str) -> subprocess.CompletedProcess:
    """Import a server's entry point as the server would, in a clean process."""
    clean = {
        k: v for k, v in os.environ.items() if k not in ("DJANGO_SETTINGS_MODULE", "SECRET_KEY")
    }
    return subprocess.run(
        [sys.executable, "-c", f"import {module}; print('started')"],
        cwd=settings.BASE_DIR,
        env={**clean, **env},
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_servers_default_to_production_settings_and_need_a_secret_key():
    for module in ("tm_site.wsgi", "tm_site.asgi"):
        result = start(module)
        assert result.returncode != 0 and "SECRET_KEY must be set" in result.stderr


def test_the_development_key_is_refused_when_debug_is_off():
    result = start("tm_site.wsgi", DJANGO_SETTINGS_MODULE="tm_site.settings.base")
    assert result.returncode != 0
    assert "Refusing to serve with the public development SECRET_KEY" in result.stderr


def test_production_settings_say_when_static_files_are_not_collected(tmp_path):
    env = {"SECRET_KEY": "x" * 50, "ALLOWED_HOSTS": "example.org", "STATIC_ROOT": str(tmp_path)}
    result = start("tm_site.wsgi", **env)
    assert result.returncode != 0 and "collectstatic" in result.stderr
    collected = subprocess.run(
        [sys.executable, "manage.py", "collectstatic", "--noinput"],
        cwd=settings.BASE_DIR,
        env={**os.environ, **env, "DJANGO_SETTINGS_MODULE": "tm_site.settings.prod"},
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert collected.returncode == 0, collected.stderr
    result = start("tm_site.wsgi", **env)
    assert result.returncode == 0 and "started" in result.stdout, result.stderr


def test_api_docs_load_swagger_ui_from_the_site_itself(client):
    page = client.get("/api/docs/")
    assert page.status_code == 200
    html = page.content.decode()
    assert "cdn.jsdelivr.net" not in html and "unpkg.com" not in html
    assert "/static/drf_spectacular_sidecar/swagger-ui-dist/" in html
    script = html.split("/static/drf_spectacular_sidecar/swagger-ui-dist/", 1)[1].split('"')[0]
    assert finders.find(f"drf_spectacular_sidecar/swagger-ui-dist/{script}")


def test_pages_and_the_api_carry_a_policy_that_allows_no_inline_code(client, db):
    for path in ("/", "/api/docs/", "/api/v1/games/", "/login/"):
        policy = client.get(path).headers["Content-Security-Policy"]
        directives = dict(d.strip().split(" ", 1) for d in policy.split(";"))
        assert directives["script-src"] == "'self'", path
        assert directives["style-src"] == "'self'", path
        assert directives["frame-ancestors"] == "'none'", path
    html = client.get("/api/docs/").content.decode()
    assert "<style" not in html and "<script>" not in html
