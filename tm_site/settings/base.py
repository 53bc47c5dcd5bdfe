"""Settings shared by every environment. Values that differ per deployment come from the environment."""

from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

from tm_site.env import (
    email_settings,
    env_bool,
    env_float,
    env_int,
    env_list,
    env_str,
    site_name,
)
from tm_site.safety import DEVELOPMENT_SECRET_KEY

BASE_DIR = Path(__file__).resolve().parent.parent.parent

SECRET_KEY = env_str("SECRET_KEY", DEVELOPMENT_SECRET_KEY)
# Keys retired by a rotation, newest first: what they signed (sessions, API tokens, mail links)
# stays valid while they are listed (docs/operations.md, "Rotating SECRET_KEY").
SECRET_KEY_FALLBACKS = env_list("SECRET_KEY_FALLBACKS")
DEBUG = False
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "127.0.0.1,localhost")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS")

INSTALLED_APPS = [
    # First, so that runserver serves HTTP and WebSockets (ASGI).
    "daphne",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "rest_framework",
    "rest_framework.authtoken",
    "django_filters",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "django_celery_beat",
    "outbox",
    "accounts",
    "games",
    # The game kinds, each an app of its own (management commands, pages' templates).
    "games.kinds.terra_mystica.apps.TerraMysticaConfig",
    "games.kinds.mythotopia.apps.MythotopiaConfig",
    "leagues",
    "ratings",
    "notifications",
    "bots",
    "stats",
    "opendata",
    "channels",
    "web",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "tm_site.middleware.RejectNulMiddleware",
    "tm_site.middleware.ContentSecurityPolicyMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # After sessions (the switch's choice lives in a cookie), before common (redirects).
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "tm_site.middleware.SynchronousChainMiddleware",
]

# Sent with every response. Pages load scripts and styles from this site only (no inline code;
# data travels in json_script blocks); the game page's WebSocket is same-origin.
CONTENT_SECURITY_POLICY: dict[str, list[str]] = {
    "default-src": ["'self'"],
    "script-src": ["'self'"],
    "style-src": ["'self'"],
    "img-src": ["'self'", "data:"],
    "connect-src": ["'self'"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
}

# The game kinds this site hosts: id -> engine class keeping games.kinds.contract.GameEngine.
GAME_KINDS = {
    "terra_mystica": "games.kinds.terra_mystica.adapter.TerraMystica",
    "mythotopia": "games.kinds.mythotopia.adapter.Mythotopia",
}

ROOT_URLCONF = "tm_site.urls"
WSGI_APPLICATION = "tm_site.wsgi.application"
ASGI_APPLICATION = "tm_site.asgi.application"
# Requests a web process serves at once (tm_site/sync_http.py): its pool of threads.
HTTP_THREADS = env_int("HTTP_THREADS", 8)

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "web.context_processors.site",
            ],
        },
    },
]

DATABASES = {
    "default": dj_database_url.parse(
        env_str("DATABASE_URL") or f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        conn_max_age=env_int("CONN_MAX_AGE", 0),
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # IMMEDIATE transactions take the write lock up front, so concurrent move submissions
    # wait for each other instead of failing with "database is locked".
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        {"transaction_mode": "IMMEDIATE", "timeout": 20}
    )
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"
# The statements of a move and of the reads after it (tm_site/statements.py) bind their values on
# the server, and PostgreSQL prepares each once a connection has run it this many times, then
# plans it no more; Django's other statements are never prepared. 0 turns it off (a pooler in
# transaction mode that predates PgBouncer 1.21's prepared statements).
DB_PREPARE_THRESHOLD = env_int("DB_PREPARE_THRESHOLD", 5)

REDIS_URL = env_str("REDIS_URL")
# Seconds a request waits for the cache (rate limits) to connect or answer: a hung Redis then
# costs a request this long once per limit, which fails open (tm_site/throttling.py).
CACHE_TIMEOUT = env_float("CACHE_TIMEOUT", 1.0)
REDIS_CACHE = {
    "BACKEND": "tm_site.cache.SharedPoolRedisCache",
    "LOCATION": REDIS_URL,
    "OPTIONS": {"socket_connect_timeout": CACHE_TIMEOUT, "socket_timeout": CACHE_TIMEOUT},
}
if REDIS_URL:
    CACHES = {"default": REDIS_CACHE}
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

# Live game updates (web/consumers.py): through Redis when there is one, so every process
# hears every game; in memory otherwise (a single process, as `make run` serves).
if REDIS_URL:
    CHANNEL_LAYERS = {
        "default": {
            # channels_redis's, a group's members read in one round trip (tm_site/layers.py).
            "BACKEND": "tm_site.layers.ChannelLayer",
            "CONFIG": {"hosts": [REDIS_URL]},
        }
    }
else:
    CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
LOGIN_URL = "/login/"

LANGUAGE_CODE = "en"
# The interface's languages: the browser's choice unless the player picked one (docs/ui.md).
LANGUAGES = [("en", "English"), ("de", "Deutsch")]
LOCALE_PATHS = [BASE_DIR / "locale"]
LANGUAGE_COOKIE_AGE = 365 * 24 * 3600
LANGUAGE_COOKIE_SAMESITE = "Lax"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = Path(env_str("STATIC_ROOT", str(BASE_DIR / "staticfiles")))

# The site's name, in pages, mail and the API's title.
SITE_NAME = site_name()

# E-mail: console output unless EMAIL_URL names a real server.
globals().update(email_settings(env_str("EMAIL_URL", "console://")))
DEFAULT_FROM_EMAIL = env_str(
    "DEFAULT_FROM_EMAIL", globals().get("DEFAULT_FROM_EMAIL", f"{SITE_NAME} <noreply@localhost>")
)

# Confirmation links mailed when a player gives an address: at most this many an hour per
# account, and a day per address (a 429 names the limit).
CONFIRMATION_MAILS_PER_ACCOUNT = env_int("CONFIRMATION_MAILS_PER_ACCOUNT", 3)
CONFIRMATION_MAILS_PER_ADDRESS = env_int("CONFIRMATION_MAILS_PER_ADDRESS", 3)

# An API token unused for this many days expires (docs/api.md); a password change revokes it.
API_TOKEN_IDLE_DAYS = env_int("API_TOKEN_IDLE_DAYS", 30)

NUM_PROXIES = env_int("NUM_PROXIES", 0)

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        # Token first: unauthenticated API calls get 401 with "WWW-Authenticate: Token".
        "accounts.authentication.ExpiringTokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticatedOrReadOnly"],
    "DEFAULT_RENDERER_CLASSES": [
        "rest_framework.renderers.JSONRenderer",
        "rest_framework.renderers.BrowsableAPIRenderer",
    ],
    "DEFAULT_PARSER_CLASSES": ["tm_site.parsers.SafeJSONParser"],
    "DEFAULT_SCHEMA_CLASS": "tm_site.schema.AutoSchema",
    "DEFAULT_FILTER_BACKENDS": ["django_filters.rest_framework.DjangoFilterBackend"],
    "DEFAULT_THROTTLE_CLASSES": [
        "tm_site.throttling.WriteRateThrottle",
        "tm_site.throttling.AnonThrottle",
    ],
    # How many proxies of ours stand in front of the site (docs/operations.md). 0: the client is
    # the socket's address and X-Forwarded-For, which any client can write, is ignored. Every
    # server process applies this one rule (tm_site/forwarded.py).
    "NUM_PROXIES": NUM_PROXIES,
    "DEFAULT_THROTTLE_RATES": {
        "anon": env_str("THROTTLE_ANON", "300/min"),
        "writes": env_str("THROTTLE_WRITES", "300/min"),
        "login": env_str("THROTTLE_LOGIN", "10/min"),
        "register": env_str("THROTTLE_REGISTER", "20/hour"),
    },
    "EXCEPTION_HANDLER": "tm_site.exceptions.api_exception_handler",
    "TEST_REQUEST_DEFAULT_FORMAT": "json",
}

SPECTACULAR_SETTINGS = {
    "TITLE": f"{SITE_NAME} API",
    "DESCRIPTION": "Asynchronous Terra Mystica: games, moves, players.",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    # Swagger UI and ReDoc from the project's own static files (a pinned package), not a CDN.
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "COMPONENT_SPLIT_REQUEST": True,
}

# Where the nightly open-data dumps are written and served from (docs/open-data.md).
OPENDATA_ROOT = Path(env_str("OPENDATA_ROOT", str(BASE_DIR / "var" / "opendata")))

# Longest command row a client may send; real rows are well under 200 characters.
TM_MAX_COMMAND_LENGTH = env_int("TM_MAX_COMMAND_LENGTH", 500)
TM_CHAT_MAX_LENGTH = 2000

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env_str("LOG_LEVEL", "INFO")},
    "loggers": {
        # Replaces Django's own console handler (DEBUG only), which printed every django.*
        # message (the development server's request lines) a second time beside the root's.
        "django": {"handlers": [], "level": "INFO"},
        "django.request": {"level": "ERROR"},
    },
}

# X-Forwarded-Proto is trusted only from a proxy of ours, like X-Forwarded-For: by default when
# NUM_PROXIES says there is one, never without one.
USE_X_FORWARDED_PROTO = env_bool("USE_X_FORWARDED_PROTO", NUM_PROXIES > 0)
if USE_X_FORWARDED_PROTO and NUM_PROXIES <= 0:
    raise ImproperlyConfigured(
        "USE_X_FORWARDED_PROTO trusts a proxy's header, but NUM_PROXIES is 0: set NUM_PROXIES "
        "to the number of proxies of ours in front of the site (docs/operations.md)."
    )
if USE_X_FORWARDED_PROTO:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")

# Celery, beat, mail overrides, notifications and time controls.
from .background import *  # noqa: E402, F403
