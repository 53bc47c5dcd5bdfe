"""Background work: Celery, beat, outgoing mail, notifications and time controls.

Imported at the end of base.py. With ``REDIS_URL`` set, Redis is the broker and result backend;
without it tasks go through kombu's filesystem transport under ``.celery/`` and ``make run``
starts the worker (with beat) that consumes them. ``CELERY_TASK_ALWAYS_EAGER=1`` runs every
task in the process that queues it instead.
"""

from pathlib import Path

from celery.schedules import crontab

from tm_site.env import env_bool, env_float, env_int, env_str, site_name

_BASE_DIR = Path(__file__).resolve().parent.parent.parent
_REDIS_URL = env_str("REDIS_URL")

# --- Celery ----------------------------------------------------------------------------------

# Every connection to Redis has timeouts: a hung Redis (connections open, no answer) breaks the
# worker's connection after CELERY_BROKER_SOCKET_TIMEOUT seconds instead of leaving it waiting
# for ever, and the worker reconnects (below). A request hands work to the broker after its
# commit and waits for it at most OUTBOX_PUBLISH_TIMEOUT seconds. An unacknowledged task (its
# worker died) goes back to the queue after CELERY_VISIBILITY_TIMEOUT.
REDIS_BROKER_TRANSPORT_OPTIONS: dict[str, object] = {
    "visibility_timeout": env_int("CELERY_VISIBILITY_TIMEOUT", 3600),
    "socket_connect_timeout": env_int("CELERY_BROKER_CONNECT_TIMEOUT", 2),
    "socket_timeout": env_int("CELERY_BROKER_SOCKET_TIMEOUT", 5),
    "socket_keepalive": True,
    # Idle connections are checked with a PING before use, so a stale one is replaced.
    "health_check_interval": env_int("CELERY_BROKER_HEALTH_CHECK", 10),
    "retry_on_timeout": True,
}
CELERY_BROKER_URL = env_str("CELERY_BROKER_URL", _REDIS_URL or "filesystem://localhost/")
CELERY_RESULT_BACKEND = env_str("CELERY_RESULT_BACKEND", _REDIS_URL) or None
if CELERY_BROKER_URL.startswith("filesystem://"):
    _QUEUE_DIR = Path(env_str("CELERY_FILESYSTEM_DIR", str(_BASE_DIR / ".celery")))
    for _folder in ("queue", "processed", "control"):
        (_QUEUE_DIR / _folder).mkdir(parents=True, exist_ok=True)
    CELERY_BROKER_TRANSPORT_OPTIONS: dict[str, object] = {
        "data_folder_in": str(_QUEUE_DIR / "queue"),
        "data_folder_out": str(_QUEUE_DIR / "queue"),
        "processed_folder": str(_QUEUE_DIR / "processed"),
        # Exchange tables (worker control, broadcasts); kombu's default is ./control.
        "control_folder": str(_QUEUE_DIR / "control"),
        "store_processed": False,
    }
else:
    CELERY_BROKER_TRANSPORT_OPTIONS = REDIS_BROKER_TRANSPORT_OPTIONS
CELERY_BROKER_CONNECTION_TIMEOUT = env_int("CELERY_BROKER_CONNECT_TIMEOUT", 2)
# A worker that loses the broker reconnects for as long as it takes (never gives up and exits),
# and hands the tasks it was running back (acks_late: they come again; all are idempotent).
CELERY_BROKER_CONNECTION_RETRY = True
CELERY_BROKER_CONNECTION_MAX_RETRIES = None
CELERY_WORKER_CANCEL_LONG_RUNNING_TASKS_ON_CONNECTION_LOSS = True
# The result backend (Redis) likewise: bounded waits, a check of idle connections, retries.
CELERY_REDIS_SOCKET_CONNECT_TIMEOUT = env_int("CELERY_BROKER_CONNECT_TIMEOUT", 2)
CELERY_REDIS_SOCKET_TIMEOUT = env_int("CELERY_BROKER_SOCKET_TIMEOUT", 5)
CELERY_REDIS_SOCKET_KEEPALIVE = True
CELERY_REDIS_RETRY_ON_TIMEOUT = True
CELERY_REDIS_BACKEND_HEALTH_CHECK_INTERVAL = env_int("CELERY_BROKER_HEALTH_CHECK", 10)
CELERY_RESULT_BACKEND_ALWAYS_RETRY = True
CELERY_RESULT_BACKEND_MAX_RETRIES = 10
# The worker is stuck (tm_site/liveness.py, run by deploy/worker) when work has waited this
# many seconds and no task has finished meanwhile.
WORKER_STALE_AFTER = env_int("WORKER_STALE_AFTER", 300)
CELERY_TASK_ALWAYS_EAGER = env_bool("CELERY_TASK_ALWAYS_EAGER", False)
# Celery's Django fixup closes every database connection before and after each task, and in a
# prefork child the whole connection pool with it: each task then opened a PostgreSQL session of
# its own (two a move). It now does so once every this many tasks; between them the worker hands
# its connections back as a request does (tm_site.celery: broken or obsolete ones closed, pooled
# ones returned to the pool).
CELERY_DB_REUSE_MAX = env_int("CELERY_DB_REUSE_MAX", 500)
CELERY_TASK_DEFAULT_QUEUE = env_str("CELERY_TASK_DEFAULT_QUEUE", "tm_site")
CELERY_TASK_SERIALIZER = "json"
CELERY_RESULT_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_TASK_IGNORE_RESULT = CELERY_RESULT_BACKEND is None
CELERY_RESULT_EXPIRES = 24 * 3600
# Acknowledge after the task has run, so a worker killed mid-task leaves it to be redelivered;
# every task is idempotent, so running one again is safe.
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_TIME_LIMIT = env_int("CELERY_TASK_TIME_LIMIT", 600)
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_TIMEZONE = "UTC"
CELERY_BEAT_SCHEDULER = "tm_site.scheduler:Scheduler"
CELERY_BEAT_SCHEDULE = {
    "outbox-sweep": {"task": "outbox.tasks.sweep", "schedule": float(env_int("OUTBOX_SWEEP", 30))},
    "time-controls": {"task": "games.tasks.clocks_check", "schedule": 60.0},
    "bots-wake": {"task": "bots.tasks.bots_wake", "schedule": 120.0},
    "finished-games": {"task": "games.tasks.games_finish_pending", "schedule": 600.0},
    "idle-games": {"task": "games.tasks.games_abort_idle", "schedule": crontab(minute=17)},
    "ratings-recompute": {
        "task": "ratings.tasks.ratings_recompute",
        "schedule": crontab(hour=env_int("RATINGS_RECOMPUTE_HOUR", 3), minute=30),
    },
    # After the ratings' recompute: exclusions and parameter changes reach the statistics.
    "stats-rebuild": {"task": "stats.tasks.stats_rebuild", "schedule": crontab(hour=4, minute=5)},
    "opendata-dump": {"task": "opendata.tasks.dumps_build", "schedule": crontab(hour=4, minute=20)},
    "league-seasons": {"task": "leagues.advance_seasons", "schedule": crontab(minute="*/15")},
    "notifications-retry": {"task": "notifications.tasks.notifications_flush", "schedule": 300.0},
    "notifications-purge": {
        "task": "notifications.tasks.notifications_purge",
        "schedule": crontab(hour=4, minute=45),
    },
    "notifications-digest": {
        "task": "notifications.tasks.digests_send",
        "schedule": crontab(hour=env_int("NOTIFICATIONS_DIGEST_HOUR", 6), minute=0),
    },
}

# --- Mail ------------------------------------------------------------------------------------

# EMAIL_HOST and friends override EMAIL_URL (parsed in base.py) field by field.
if env_str("EMAIL_HOST"):
    EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    EMAIL_HOST = env_str("EMAIL_HOST")
    EMAIL_PORT = env_int("EMAIL_PORT", 25)
    EMAIL_HOST_USER = env_str("EMAIL_HOST_USER")
    EMAIL_HOST_PASSWORD = env_str("EMAIL_HOST_PASSWORD")
    EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", EMAIL_PORT == 587)
    EMAIL_USE_SSL = env_bool("EMAIL_USE_SSL", EMAIL_PORT == 465)
EMAIL_TIMEOUT = env_int("EMAIL_TIMEOUT", 30)

# --- Notifications and time controls ---------------------------------------------------------

# Work recorded with a move (outbox/): the sweep runs entries older than OUTBOX_GRACE seconds
# that no worker claimed; a claim older than OUTBOX_LEASE seconds belonged to a dead worker.
OUTBOX_GRACE = env_int("OUTBOX_GRACE", 10)
OUTBOX_LEASE = env_int("OUTBOX_LEASE", 120)
OUTBOX_MAX_ATTEMPTS = env_int("OUTBOX_MAX_ATTEMPTS", 10)
# The longest a request (or a task) waits to hand an entry to the broker after its commit; a
# broker that has not answered by then leaves the entry to the sweep.
OUTBOX_PUBLISH_TIMEOUT = env_float("OUTBOX_PUBLISH_TIMEOUT", 1.0)

# Absolute address of the site, for links in mails.
SITE_URL = env_str("SITE_URL", "http://127.0.0.1:8000").rstrip("/")
NOTIFICATIONS_SUBJECT_PREFIX = env_str("NOTIFICATIONS_SUBJECT_PREFIX", f"[{site_name()}] ")
# A mail claimed by a worker that died before sending it is sent again after this long.
NOTIFICATIONS_SEND_LEASE = env_int("NOTIFICATIONS_SEND_LEASE", 600)
NOTIFICATIONS_MAX_ATTEMPTS = env_int("NOTIFICATIONS_MAX_ATTEMPTS", 8)
NOTIFICATIONS_KEEP_DAYS = env_int("NOTIFICATIONS_KEEP_DAYS", 90)
# A running game in which nobody has moved for this many days is aborted.
GAMES_IDLE_ABORT_DAYS = env_int("GAMES_IDLE_ABORT_DAYS", 60)
