"""The web server's worker class (deploy/serve): uvicorn under gunicorn, forwarded headers off,
the loaded site kept out of the garbage collector's passes.

uvicorn trusts ``X-Forwarded-For`` and ``X-Forwarded-Proto`` from ``--forwarded-allow-ips``
(127.0.0.1 by default) and rewrites the client address before the site sees it: with a client
on the same machine, or a proxy that passes the header on, anyone could choose their address
and escape every limit kept per address. The site applies its own rule instead, from
``NUM_PROXIES`` (``tm_site.forwarded``; ``X-Forwarded-Proto`` through Django's
``SECURE_PROXY_SSL_HEADER``).

Once the site is loaded, what it holds is moved out of the garbage collector's reach
(``tm_site.gcfreeze``); what the requests make is collected as before.
"""

from __future__ import annotations

from typing import Any

from uvicorn_worker import UvicornWorker

from .gcfreeze import freeze_loaded


class Worker(UvicornWorker):
    CONFIG_KWARGS: dict[str, Any] = {**UvicornWorker.CONFIG_KWARGS, "proxy_headers": False}

    def load_wsgi(self) -> None:
        # gunicorn loads the application in each worker after the fork (no --preload): here,
        # before the worker serves its first request.
        super().load_wsgi()
        freeze_loaded()
