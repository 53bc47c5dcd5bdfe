"""ASGI entry point: HTTP through Django, WebSockets (live game updates) through Channels."""

import os

from django.core.asgi import get_asgi_application

# Servers run production settings unless told otherwise; manage.py defaults to development.
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tm_site.settings.prod")
# Django must be set up before anything imports models.
django_application = get_asgi_application()

from tm_site.safety import check_serving_settings  # noqa: E402

check_serving_settings()

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402

from web.routing import websocket_urlpatterns  # noqa: E402

application = ProtocolTypeRouter(
    {
        "http": django_application,
        "websocket": AllowedHostsOriginValidator(
            AuthMiddlewareStack(URLRouter(websocket_urlpatterns))
        ),
    }
)
