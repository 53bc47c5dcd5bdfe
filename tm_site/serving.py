"""The web server's worker class (deploy/serve): uvicorn under gunicorn, forwarded headers off,
the loaded site kept out of the garbage collector's passes.

uvicorn trusts ``X-Forwarded-For`` and ``X-Forwarded-Proto`` from ``--forwarded-allow-ips``
(127.0.0.1 by default) and rewrites the client address before the site sees it: with a client
on the same machine, or a proxy that passes the header on, anyone could choose their address
and escape every limit kept per address. The site applies its own rule instead, from
``NUM_PROXIES`` (``tm_site.forwarded``; ``X-Forwarded-Proto`` through Django's
``SECURE_PROXY_SSL_HEADER``).

A loaded worker holds about 160,000 objects the garbage collector tracks (modules, classes,
the URL patterns, the settings, the serializers' fields) that live as long as the process.
Python's oldest generation walks all of them on each of its passes: about 0.3 ms of a web
worker's CPU per move in the closed loop (docs/scaling.md). Once the site is loaded they are
moved out of the collector's reach (``gc.freeze``); what the requests make is collected as
before.
"""

from __future__ import annotations

import gc
from typing import Any

from uvicorn_worker import UvicornWorker


def freeze_loaded() -> int:
    """Collect what loading left as garbage, then exempt everything still alive from every
    later pass of the collector; how many objects that is."""
    gc.collect()
    gc.freeze()
    return gc.get_freeze_count()


class Worker(UvicornWorker):
    CONFIG_KWARGS: dict[str, Any] = {**UvicornWorker.CONFIG_KWARGS, "proxy_headers": False}

    def load_wsgi(self) -> None:
        # gunicorn loads the application in each worker after the fork (no --preload): here,
        # before the worker serves its first request.
        super().load_wsgi()
        freeze_loaded()
