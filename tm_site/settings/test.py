import os
from pathlib import Path

from .base import *  # noqa: F403
from .base import REST_FRAMEWORK

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
# Each test process keeps its own cache, so throttle counters never leak between workers.
CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
# Whole corpus games are replayed through the API; the throttling tests lower these themselves.
REST_FRAMEWORK = {
    **REST_FRAMEWORK,
    "DEFAULT_THROTTLE_RATES": {
        "anon": "100000/min",
        "writes": "100000/min",
        "login": "100000/min",
        "register": "100000/min",
    },
}
# Static files are not collected in tests.
WHITENOISE_AUTOREFRESH = True
# Tasks run where they are queued; the tests with a real worker switch this off themselves.
CELERY_TASK_ALWAYS_EAGER = True
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_BROKER_URL = "memory://localhost/"
CELERY_RESULT_BACKEND = None
# Live updates stay inside each test process (the browser tests run their own server).
CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}

# Tests run with DEBUG off and the development key: tm_site.safety lets them.
ALLOW_DEVELOPMENT_KEY = True

# A browser test's server may take its catalogs from elsewhere: the pseudo-locale that proves
# every word of the pages goes through them (tests/support/pseudo_locale.py).
if os.environ.get("TEST_LOCALE_PATHS"):
    LOCALE_PATHS = [Path(p) for p in os.environ["TEST_LOCALE_PATHS"].split(os.pathsep)]
