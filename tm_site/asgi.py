"""ASGI entry point: HTTP through Django (its synchronous handler, in a pool of threads:
tm_site/sync_http.py), WebSockets (live game updates) through Channels."""

import os

from django.conf import settings
from django.core.wsgi import get_wsgi_application

# Servers run production settings unless told otherwise; manage.py defaults to development.
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tm_site.settings.prod")
# Django must be set up before anything imports models.
django_application = get_wsgi_application()

from tm_site.safety import check_serving_settings  # noqa: E402

check_serving_settings()

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402

from tm_site.forwarded import ForwardedClient  # noqa: E402
from tm_site.sync_http import SyncHttp  # noqa: E402
from web.routing import websocket_urlpatterns  # noqa: E402

# The client of every HTTP request and WebSocket by the one rule of NUM_PROXIES.
application = ForwardedClient(
    ProtocolTypeRouter(
        {
            "http": SyncHttp(django_application, threads=settings.HTTP_THREADS),
            "websocket": AllowedHostsOriginValidator(
                AuthMiddlewareStack(URLRouter(websocket_urlpatterns))
            ),
        }
    )
)
