"""Settings for Argo Station.

With no environment variables the site runs on embedded defaults: SQLite, the in-memory channel
layer, eager Celery and the console email backend. Real services are switched on by environment
variables only (see README.md):

- DATABASE_URL   postgres://user:pass@host:5432/name (psycopg 3); DATABASE_POOL=1 under ASGI
- REDIS_URL      redis://host:6379/0 — channel layer, Celery broker, the counts of the limits
- CHANNELS_PREFIX  the channel layer's prefix (default asgi): Redis keeps keys apart by database
                 number but not publish/subscribe channels, so sites sharing one Redis each need their own
- EMAIL_URL      smtp://user:pass@host:587 (smtp+tls://, smtp+ssl://) — outgoing mail; file:///folder writes it there
- BOT_MOVE_DELAY seconds a bot waits before each decision (default 2)
- API_TOKEN_DAYS how long an API token lasts after it was issued (default 90)
- DJANGO_TRUSTED_PROXIES  how many proxies of the site's own stand in front of it (0: none)
- FORWARDED_ALLOW_IPS  their addresses, comma-separated (default the loopback), as gunicorn reads it
- DJANGO_SECRET_KEY, DJANGO_DEBUG, DJANGO_ALLOWED_HOSTS, SITE_URL, DEFAULT_FROM_EMAIL
- VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY — Web Push (`manage.py vapid_keys` makes a pair); without
  them the site sends no pushes and offers none
- PUSH_SERVICE_HOSTS comma-separated hosts of the push services pushes may go to (docs/security.md)
"""
from __future__ import annotations

import os
from datetime import timedelta
from pathlib import Path
from urllib.parse import parse_qs, unquote, urlparse

import dj_database_url
from django.utils.translation import gettext_lazy as _

from games.rules import packages as rules_packages

BASE_DIR = Path(__file__).resolve().parent.parent


def env_flag(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    return default if value is None else value.strip().lower() in ("1", "true", "yes", "on")


DEBUG = env_flag("DJANGO_DEBUG", True)
DEVELOPMENT_SECRET_KEY = "argo-station-development-key-not-for-production"
SECRET_KEY = os.environ.get("DJANGO_SECRET_KEY", DEVELOPMENT_SECRET_KEY)
if not DEBUG and SECRET_KEY == DEVELOPMENT_SECRET_KEY:
    from django.core.exceptions import ImproperlyConfigured
    raise ImproperlyConfigured("DJANGO_DEBUG=0 needs a secret DJANGO_SECRET_KEY: the development key is public")
ALLOWED_HOSTS = [h for h in os.environ.get("DJANGO_ALLOWED_HOSTS", "localhost,127.0.0.1,[::1],testserver").split(",") if h]
CSRF_TRUSTED_ORIGINS = [o for o in os.environ.get("DJANGO_CSRF_TRUSTED_ORIGINS", "").split(",") if o]
SITE_URL = os.environ.get("SITE_URL", "http://localhost:8000").rstrip("/")
# Behind the reverse proxy of docker-compose.yml, which sets X-Forwarded-Proto.
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
if not DEBUG and SITE_URL.startswith("https://"):
    # A public site on HTTPS: cookies only over TLS, browsers told to stay on it. A proxy that
    # terminates TLS and redirects plain HTTP itself sets DJANGO_SSL_REDIRECT=0.
    SESSION_COOKIE_SECURE = CSRF_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = int(os.environ.get("DJANGO_HSTS_SECONDS", str(365 * 24 * 3600)))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = SECURE_HSTS_PRELOAD = True
    SECURE_SSL_REDIRECT = env_flag("DJANGO_SSL_REDIRECT", True)
    if not SECURE_SSL_REDIRECT:
        SILENCED_SYSTEM_CHECKS = ["security.W008"]  # the proxy redirects to HTTPS

INSTALLED_APPS = [
    "daphne",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django.contrib.sites",
    "django.contrib.humanize",
    "rest_framework",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "channels",
    "allauth",
    "allauth.account",
    "allauth.usersessions",  # the list of browsers an account is signed in on (accounts.sign_ins)
    "accounts",
    "games",
    "tournaments",
    "stats",
    "reliability",
    "friends",
    "notes",
    "orders",
    "rematches",
    "invites",
    "quickmatch",
    "ladders",
    "letters",
    "webhooks",
    # Each game's package, so that its board module (static/) and rules page (templates/) are found.
    *rules_packages(),
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    # django-csp's, for browsers only (foundation/middleware.py): it builds the policy anew for
    # every response, the costliest middleware of a program's request.
    "foundation.middleware.CSPMiddleware",
    "argo_site.middleware.RefuseNulInPath",
    # Production serves the collected static files itself; development uses staticfiles' finders.
    *([] if DEBUG else ["whitenoise.middleware.WhiteNoiseMiddleware"]),
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    # These and the last two serve browsers only: a program's token request passes by them
    # (foundation/middleware.py).
    "foundation.middleware.AuthenticationMiddleware",
    "foundation.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "allauth.account.middleware.AccountMiddleware",
    "accounts.middleware.UserPreferencesMiddleware",
    "accounts.middleware.LoginLimitStatus",
    "accounts.middleware.ListSessions",
]

# Only the site's own files run: no inline script or style anywhere, so stored text can never run.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'"],
        "img-src": ["'self'", "data:"],
        "connect-src": ["'self'", "ws:", "wss:"] if DEBUG else ["'self'", "wss:" if SITE_URL.startswith("https") else "ws:"],
        "font-src": ["'self'"],
        "worker-src": ["'self'"],
        "manifest-src": ["'self'"],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
    },
}
# What one person can do in a while (games.limits): (uses, seconds). Far above real play.
USER_LIMITS = {"chat": (20, 60), "create_game": (20, 3600), "invite": (60, 3600), "explore": (120, 60),
               "create_tournament": (5, 24 * 3600), "message": (20, 60),
               "standing_order": (60, 3600), "webhook": (10, 3600)}
# Tournaments a player (not a moderator) may have open for sign-up at once (tournaments.services).
TOURNAMENTS_OPEN_AT_ONCE = 3
# Failed logins (accounts/adapter.py): per account however it is named, per client address; and
# every sign-in whatever its result, each a password check of about half a second of CPU. The
# benchmarks sign in their many users from one address (SIGN_INS_PER_ADDRESS, benchmarks/run_all.sh).
LOGIN_LIMITS = {"account": (5, 300), "address": (10, 60), "sign_ins_account": (10, 600),
                "sign_ins_address": (int(os.environ.get("SIGN_INS_PER_ADDRESS", "30")), 600)}
# The client's address is the one our outermost proxy saw: with N proxies of our own in front, the
# N-th X-Forwarded-For entry from the right (deploy/argo-site.conf sets it); 0 = the peer itself.
TRUSTED_PROXY_COUNT = int(os.environ.get("DJANGO_TRUSTED_PROXIES", "0"))
# ... and only when the peer is one of those proxies: a client that reached the application some
# other way writes its own X-Forwarded-For. The variable gunicorn and uvicorn read for the same
# trust (gunicorn.conf.py, docker-compose.yml); "*" trusts any peer.
TRUSTED_PROXY_ADDRESSES = [a.strip() for a in os.environ.get("FORWARDED_ALLOW_IPS", "127.0.0.1,::1").split(",") if a.strip()]
CSRF_FAILURE_VIEW = "games.entry.api.errors.csrf_failure"
DATA_UPLOAD_MAX_MEMORY_SIZE = 256 * 1024  # the largest real request (a chat line, a decision) is far smaller

ROOT_URLCONF = "argo_site.urls"
WSGI_APPLICATION = "argo_site.wsgi.application"
ASGI_APPLICATION = "argo_site.asgi.application"
SITE_ID = 1

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "django.template.context_processors.i18n",
                "django.template.context_processors.tz",
                "games.entry.context_processors.site",
                "letters.context_processors.unread",
            ],
        },
    },
]

# --- database ----------------------------------------------------------------------------------

DATABASE_URL = os.environ.get("DATABASE_URL", "")
if DATABASE_URL:
    database = dj_database_url.parse(DATABASE_URL, conn_max_age=600, conn_health_checks=True)
    # Named once here, so a test server in another process finds the same test database.
    database["TEST"] = {"NAME": f"test_{database['NAME']}"}
    if database["ENGINE"] == "django.db.backends.postgresql":
        database["ENGINE"] = "argo_site.postgresql"  # the same, with a health check of no round trip
        # Values sent apart from the statement, and a statement run five times kept prepared on its
        # connection: no quoting of a game's state into the text, no planning of the same join for
        # every decision. A pooler in transaction mode would not keep them: the site talks to
        # PostgreSQL directly (docs/performance.md).
        database.setdefault("OPTIONS", {}).update({"server_side_binding": True, "prepare_threshold": 5})
    if database["ENGINE"].endswith("sqlite3"):
        # A write transaction takes the lock at its start: two workers upgrading read locks at
        # once would fail with "database is locked" instead of waiting their turn.
        database.setdefault("OPTIONS", {}).update({"timeout": 20, "transaction_mode": "IMMEDIATE"})
    if env_flag("DATABASE_POOL", False) and database["ENGINE"] == "argo_site.postgresql":  # psycopg's pool
        # Under ASGI each thread would keep its own connection: use psycopg's pool instead.
        database["CONN_MAX_AGE"] = 0
        # With CONN_HEALTH_CHECKS Django gives the pool its `check` (ConnectionPool.check_connection):
        # a pooled connection is tried before it is lent, so a PostgreSQL restart costs a
        # reconnect, not an error. Naming `check` here as well would make the pool refuse to start.
        database.setdefault("OPTIONS", {})["pool"] = {"min_size": 2, "max_size": 16, "timeout": 10}
else:
    database = {"ENGINE": "django.db.backends.sqlite3", "NAME": BASE_DIR / "db.sqlite3",
                "OPTIONS": {"timeout": 20, "transaction_mode": "IMMEDIATE"},
                # A file, not memory: the browser tests' server process must see the test data;
                # one per test run, so that two runs never share it.
                "TEST": {"NAME": str(BASE_DIR / f"test_db_{os.getpid()}.sqlite3")}}
DATABASES = {"default": database}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# The cache holds allauth's other rate limits (signups, password resets): in the database, so every
# worker shares them and they hold while Redis is down. Its table is made by a migration. Failed
# logins, chat, new games and invitations are counted atomically by games/limits.py instead.
CACHES = {"default": {"BACKEND": "django.core.cache.backends.db.DatabaseCache", "LOCATION": "site_cache"},
          # What every reader of a page sees alike and may see a few seconds late (the lobby's games in
          # progress, LOBBY_IN_PLAY_SECONDS): each process keeps its own copy, nothing to share.
          "pages": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "pages"}}
# The lobby's "Games in progress" is drawn at most this often per process and language: with fifty
# games it was a third of the home page's time at 200,000 games (docs/performance.md).
LOBBY_IN_PLAY_SECONDS = 10

# --- Redis: channel layer and Celery -------------------------------------------------------------

REDIS_URL = os.environ.get("REDIS_URL", "")
if REDIS_URL:
    # Redis publish/subscribe: a group message is one PUBLISH, where the list-based layer asked Redis
    # three times per group and per member; live messages are for whoever listens now, nothing
    # waits in Redis for a socket that is gone (docs/performance.md).
    CHANNEL_LAYERS = {"default": {"BACKEND": "channels_redis.pubsub.RedisPubSubChannelLayer",
                                  "CONFIG": {"hosts": [REDIS_URL],
                                             "prefix": os.environ.get("CHANNELS_PREFIX", "asgi")}}}
else:
    CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}

CELERY_BROKER_URL = REDIS_URL or "memory://"
CELERY_TASK_ALWAYS_EAGER = env_flag("CELERY_TASK_ALWAYS_EAGER", not REDIS_URL)
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_TASK_IGNORE_RESULT = True
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_BROKER_TRANSPORT_OPTIONS = {"max_retries": 2, "interval_start": 0, "interval_step": 0.5}
CELERY_TIMEZONE = "UTC"
# Periodic work; every task is idempotent, so a run twice or after an outage sends nothing twice.
CELERY_BEAT_SCHEDULE = {
    "enforce-deadlines": {"task": "games.tasks.enforce_deadlines", "schedule": 60.0},
    "pending-turn-emails": {"task": "games.tasks.pending_turn_emails", "schedule": 120.0},
    "send-reminders": {"task": "games.tasks.send_reminders", "schedule": 300.0},
    "send-digests": {"task": "games.tasks.send_digests", "schedule": 300.0},  # the batches of "your turn"
    "tournaments-tick": {"task": "tournaments.tick", "schedule": 60.0},
    "ladders-sweep": {"task": "ladders.sweep", "schedule": 300.0},
    "rematches-unanswered": {"task": "rematches.close_unanswered", "schedule": 3600.0},
}

# --- email ---------------------------------------------------------------------------------------


def email_settings(url: str) -> dict:
    """EMAIL_URL such as smtp+tls://user:password@mail.example.org:587, or file:///var/mail/argo (each
    email written to a file in that folder, by whichever process sends it: staging, tests)."""
    if not url:
        return {"EMAIL_BACKEND": "django.core.mail.backends.console.EmailBackend"}
    parts = urlparse(url)
    query = parse_qs(parts.query)
    scheme = parts.scheme.lower()
    if scheme == "file" and parts.path:
        return {"EMAIL_BACKEND": "django.core.mail.backends.filebased.EmailBackend", "EMAIL_FILE_PATH": unquote(parts.path)}
    if scheme not in ("smtp", "smtp+tls", "smtp+ssl"):
        raise ValueError(f"EMAIL_URL scheme must be smtp, smtp+tls, smtp+ssl or file, not {scheme!r}")
    return {
        "EMAIL_BACKEND": "django.core.mail.backends.smtp.EmailBackend",
        "EMAIL_HOST": parts.hostname or "localhost",
        "EMAIL_PORT": parts.port or (465 if scheme == "smtp+ssl" else 587 if scheme == "smtp+tls" else 25),
        "EMAIL_HOST_USER": unquote(parts.username or ""),
        "EMAIL_HOST_PASSWORD": unquote(parts.password or ""),
        "EMAIL_USE_TLS": scheme == "smtp+tls" or (scheme == "smtp" and "tls" in query),
        "EMAIL_USE_SSL": scheme == "smtp+ssl",
        "EMAIL_TIMEOUT": 20,
    }


globals().update(email_settings(os.environ.get("EMAIL_URL", "")))
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "Argo Station <noreply@argo-station.local>")
SERVER_EMAIL = DEFAULT_FROM_EMAIL

# Web Push (games.reactions.push): base64url keys of one P-256 pair; the subject tells push services whom to ask.
VAPID_PUBLIC_KEY = os.environ.get("VAPID_PUBLIC_KEY", "")
VAPID_PRIVATE_KEY = os.environ.get("VAPID_PRIVATE_KEY", "")
PUSH_ALLOW_HTTP = DEBUG  # push services are https; a local stand-in (tests, development) may not be
# The hosts (and every host below them) the site posts pushes to: the push services of Chromium
# browsers (FCM), Firefox, Safari and Edge (docs/security.md says where the list comes from).
# Webhooks (webhooks.addresses) post to https on the public internet only; tests and development may let
# in http, any port and any address, for a stand-in server on the same machine. Never on in production.
WEBHOOKS_ALLOW_LOCAL = False
PUSH_SERVICE_HOSTS = [h.strip() for h in (
    os.environ.get("PUSH_SERVICE_HOSTS")
    or "fcm.googleapis.com,updates.push.services.mozilla.com,push.apple.com,notify.windows.com").split(",") if h.strip()]
VAPID_SUBJECT = os.environ.get("VAPID_SUBJECT", "mailto:" + DEFAULT_FROM_EMAIL.rpartition("<")[2].rstrip(">"))

# --- accounts ------------------------------------------------------------------------------------

# Django's and allauth's backends, each reading a session's user with the profile in one query
# (accounts.backends).
AUTHENTICATION_BACKENDS = [
    "accounts.backends.PasswordBackend",
    "accounts.backends.AccountBackend",
]
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
ACCOUNT_ADAPTER = "accounts.adapter.AccountAdapter"
ACCOUNT_USER_DISPLAY = "accounts.models.display_name"  # "signed in as Bob", as every page names him
# allauth's own count of failed logins is a read-then-write in the cache, which parallel guesses
# outrun: the adapter counts them atomically instead (settings.LOGIN_LIMITS).
ACCOUNT_RATE_LIMITS = {"login_failed": None}
ACCOUNT_LOGIN_METHODS = {"username", "email"}
ACCOUNT_SIGNUP_FIELDS = ["email*", "username*", "password1*", "password2*"]
ACCOUNT_EMAIL_VERIFICATION = "mandatory"
ACCOUNT_LOGIN_ON_EMAIL_CONFIRMATION = True  # the link in the first email signs the new player in
ACCOUNT_SIGNUP_FORM_CLASS = "accounts.forms.SignupExtras"  # the browser's time zone, the page's language
ACCOUNT_UNIQUE_EMAIL = True
ACCOUNT_CHANGE_EMAIL = True
ACCOUNT_LOGOUT_ON_GET = False
ACCOUNT_EMAIL_SUBJECT_PREFIX = "[Argo Station] "
ACCOUNT_DEFAULT_HTTP_PROTOCOL = "https" if SITE_URL.startswith("https") else "http"
LOGIN_REDIRECT_URL = "/"
LOGIN_URL = "/accounts/login/"

# --- i18n and time -------------------------------------------------------------------------------

LANGUAGE_CODE = "en"
LANGUAGES = [("en", _("English")), ("de", _("German")), ("fr", _("French"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

# --- static files --------------------------------------------------------------------------------

STATIC_URL = "/static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = BASE_DIR / "staticfiles"
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}

# --- the API -------------------------------------------------------------------------------------

REST_FRAMEWORK = {
    # Token first: its WWW-Authenticate header makes "not signed in" a 401 (a session still works).
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "accounts.api.auth.ProfileTokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticatedOrReadOnly"],
    "DEFAULT_SCHEMA_CLASS": "games.entry.api.schema.SiteAutoSchema",
    "DEFAULT_PAGINATION_CLASS": "foundation.api.Pages",
    "PAGE_SIZE": 50,
    "EXCEPTION_HANDLER": "games.entry.api.errors.json_exception_handler",
    # JSON in and out, nothing else: one contract, exactly typed (the pages use their own forms).
    "DEFAULT_PARSER_CLASSES": ["games.entry.api.parsers.SafeJSONParser"],
    # DRF's JSON, written by orjson (foundation/encoding.py)
    "DEFAULT_RENDERER_CLASSES": ["foundation.encoding.FastJSONRenderer"],
    "TEST_REQUEST_DEFAULT_FORMAT": "json",
}
# An API token ends by itself this long after it was issued (POST /api/auth/token/ issues a new key
# each time): a key copied somewhere long forgotten stops working. Sockets opened with it close too.
API_TOKEN_LIFETIME = timedelta(days=int(os.environ.get("API_TOKEN_DAYS", "90")))
# One token per device (the `device` a sign-in names); a sign-in past this many ends the oldest.
API_TOKENS_PER_ACCOUNT = 10
SPECTACULAR_SETTINGS = {
    "TITLE": "Argo Station API",
    "DESCRIPTION": "Play board games asynchronously: games, decisions, undo, chat, ratings and accounts.",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "COMPONENT_SPLIT_REQUEST": True,
    "ENUM_NAME_OVERRIDES": {
        "GameStatusEnum": "games.models.Game.Status",
        "SeatStatusEnum": "games.models.Seat.Status",
        "TimeControlEnum": "games.models.Game.TimeControl",
        "WebhookFormatEnum": "webhooks.models.Webhook.Format",
    },
}

# --- game play -----------------------------------------------------------------------------------

DEFAULT_HOURS_PER_MOVE = 72
DEFAULT_BANK = (72, 24, 168)  # a new time bank game's bank, increment and cap, in hours
VACATION_DAYS_PER_YEAR = 30
# A turn nearing its deadline: a push with 24 hours left on the player's clock, an email with 8, a
# last call with 2 (games.reactions.emails.reminder_emails; each a switch of the player's).
NOTICE_STEPS = (("nudge", timedelta(hours=24)), ("reminder", timedelta(hours=8)), ("last_call", timedelta(hours=2)))
DIGEST_HOUR = 8               # the local hour of a new reader's one batch a day (Profile.batch_hours)
# Seconds a bot waits before each decision, so that people can read the move before it: the
# worker's task waits (countdown), or a timer thread on the embedded defaults; 0 plays at once.
BOT_MOVE_DELAY = float(os.environ.get("BOT_MOVE_DELAY", "2"))

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {"one_line": {"()": "argo_site.logs.OneLine"}},
    "handlers": {
        "console": {"class": "logging.StreamHandler"},
        "console_one_line": {"class": "logging.StreamHandler", "filters": ["one_line"]},
    },
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "WARNING")},
    "loggers": {
        # Refused requests are answered with their reason; only server errors are worth a line.
        "django.request": {"handlers": ["console"], "level": "ERROR", "propagate": False},
        # What a client sent wrong (a Host the site does not serve, a malformed upload): a line each.
        "django.security": {"handlers": ["console_one_line"], "level": "ERROR", "propagate": False},
    },
}
