"""Every setting the shop reads from the environment, in this one module, read once.

Safe defaults give the embedded mode: a SQLite file under ``./data`` and media
files under ``./data/media``. ``DATABASE_URL=postgresql+psycopg://...`` switches
to PostgreSQL (see docs/operations.md). Nothing secret has a default.

:class:`Settings` holds the process-wide settings and, as sections, those of one concern:
``mail`` (:class:`MailSettings`), ``bank`` (:class:`BankSettings`, env ``BACS_*``),
``contact`` (:class:`ContactSettings`), ``newsletter`` (:class:`NewsletterSettings`, env
``NEWSLETTER_*``) and ``cli`` (:class:`CliSettings`, passwords for two CLI commands). The
environment variable of a field is its name in capitals after its class's ``env_prefix``
(``smtp_port`` -> ``SMTP_PORT``, ``BankSettings.iban`` -> ``BACS_IBAN``); every one of them is
in the table of docs/operations.md, "Settings", and ``tests/shared/test_settings_table.py``
keeps the two equal. No other module reads ``os.environ`` for a setting.

``get_settings()`` reads the environment once per process and caches the result, sections
included. Tests change a setting with ``monkeypatch.setenv(...)`` and then
``get_settings.cache_clear()``, so the next ``get_settings()`` reads the environment again.
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from functools import lru_cache
from pathlib import Path
from typing import Literal

from pydantic import Field, PrivateAttr, SecretStr, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from services.shared.company import COMPANY

REPO_ROOT = Path(__file__).resolve().parents[2]
# ``serve``'s default address (``--host 127.0.0.1 --port 8000``): links in mails when SHOP_URL is
# unset and no ``serve`` told otherwise.
DEFAULT_SHOP_URL = "http://127.0.0.1:8000"


class MailSettings(BaseSettings):
    """Outgoing mail (safe defaults: the embedded outbox, nothing sent).

    Fields:
        mail_backend: ``outbox`` (default; mails stay in the ``mail_outbox`` table, readable at
            ``GET /api/dev/mailbox``) or ``smtp`` (mails are queued in the same table and
            delivered through ``smtp_host``:``smtp_port``).
        mail_from: the sender (``From``).
        smtp_host, smtp_port: the SMTP relay.
        smtp_user, smtp_password: log in when set.
        smtp_starttls: upgrade the connection with STARTTLS; smtp_ssl: connect with TLS from the
            start.
        smtp_timeout: seconds to wait for the relay.
        shop_url: the storefront's public address, for links in mails (order page,
            newsletter). Unset or empty: ``serve`` sets it to the address it listens on
            (:func:`follow_serve_address`, ``serve --port 8123`` -> ``http://127.0.0.1:8123``);
            outside ``serve`` it is ``http://127.0.0.1:8000`` (``serve``'s own default).
    """

    model_config = SettingsConfigDict(env_prefix="", extra="ignore")

    mail_backend: Literal["outbox", "smtp"] = "outbox"
    mail_from: str = "HALVARD Shop <shop@halvard.example>"
    smtp_host: str = "localhost"
    smtp_port: int = 25
    smtp_user: str = ""
    smtp_password: str = ""
    smtp_starttls: bool = False
    smtp_ssl: bool = False
    smtp_timeout: float = 10.0
    shop_url: str = DEFAULT_SHOP_URL


class BankSettings(BaseSettings):
    """The shop's bank account for direct bank transfer (``bacs``) instructions (env ``BACS_*``).
    Safe demo defaults: the IBAN is the example number of the IBAN standard, nobody's account."""

    model_config = SettingsConfigDict(env_prefix="BACS_", extra="ignore")

    account_name: str = COMPANY.legal_name  # the seller (docs/spec.md section 2.16)
    iban: str = "DE89 3704 0044 0532 0130 00"
    bic: str = "COBADEFFXXX"
    bank_name: str = "Demo Bank"


class ContactSettings(BaseSettings):
    """The contact form (its rate limit is ``Settings.rate_limit_contact``).

    Fields:
        support_email: where contact messages are mailed; empty: ``support@{SITE_HOST}``
            (:attr:`support_address`).
        contact_repeat_window_seconds: an identical message from the same address within this
            many seconds is answered as sent without storing or mailing it again (0 = off).
    """

    model_config = SettingsConfigDict(env_prefix="", extra="ignore")

    support_email: str = ""
    contact_repeat_window_seconds: int = 600

    @property
    def support_address(self) -> str:
        """``SUPPORT_EMAIL`` or ``support@{SITE_HOST}``."""
        return self.support_email.strip() or f"support@{get_settings().site_host}"


class NewsletterSettings(BaseSettings):
    """Newsletter double opt-in (env ``NEWSLETTER_*``; the sign-up rate limit is
    ``Settings.rate_limit_newsletter``, links in mails start with ``MailSettings.shop_url``).

    Fields:
        confirm_ttl_hours: how long a confirm link works (a week).
        confirm_resend_seconds: at most one confirmation mail per address in this many seconds,
            however often it is signed up (protects a stranger's inbox from a flood).
    """

    model_config = SettingsConfigDict(env_prefix="NEWSLETTER_", extra="ignore")

    confirm_ttl_hours: float = 168
    confirm_resend_seconds: int = 600


class CliSettings(BaseSettings):
    """Passwords two CLI commands take from the environment (never a default, never logged).

    Fields:
        staff_password: ``create-staff``: the new user's password (empty: a hidden prompt).
        demo_staff_password: ``seed``: create or update ``admin@halvard.gg``,
            ``reviewer@halvard.gg``, ``support@halvard.gg`` and ``analyst@halvard.gg`` with this
            password (empty: no staff is seeded).
    """

    model_config = SettingsConfigDict(env_prefix="", extra="ignore")

    staff_password: SecretStr = SecretStr("")
    demo_staff_password: SecretStr = SecretStr("")


class Settings(BaseSettings):
    """Process-wide settings, with the sections ``mail``, ``bank``, ``contact``, ``newsletter``
    and ``cli`` (read from the environment when this object is made).

    Fields:
        database_url: SQLAlchemy URL. Default ``sqlite:///<repo>/data/shop.sqlite3``. Behind
            PgBouncer (API processes), PgBouncer's address.
        direct_database_url: the PostgreSQL server itself, for the processes that need a session
            of their own (``project`` follows the log with LISTEN, ``migrate``); empty: the same as
            ``database_url``. Those commands switch to it with :func:`use_direct_database`.
        database_pgbouncer: ``database_url`` goes through PgBouncer in transaction mode: psycopg
            never prepares statements (``prepare_threshold=None``, for SQLAlchemy and the event
            store), and the API refuses to run projections in-process (LISTEN needs a session).
        analytics_database_url: SQLAlchemy URL the analysts' read-only queries use (the
            analytics dashboard and its CSV downloads), e.g. a streaming replica of the primary
            (docs/operations.md, "Past one primary"). Unset: the main database
            (:attr:`effective_analytics_database_url`).
        data_dir: folder for the embedded database and generated media.
        media_url: URL prefix under which ``data_dir/media`` is served.
        media_max_age: seconds browsers may keep a media file without asking again
            (``Cache-Control: public, max-age=...``; then they revalidate with its ETag). Media
            names are not content-hashed, so this is the longest a changed image can show stale.
        webapp_dist: folder of the built storefront (``webapp/dist``) served at ``/``.
        site_host: the shop's public host; links whose last two host labels match it
            are same-site links (docs/spec.md section 2, "Links").
        sql_echo: log every SQL statement.
        db_pool_size, db_max_overflow: SQLAlchemy connections per process. Keep workers x (these +
            2 x cart_pool_size) under PostgreSQL's max_connections (100 by default). Fewer
            connections than request threads is safe: sessions are closed without needing a
            thread (services/shared/routing.py).
        event_store: "database" (events beside the configured database) or "memory".
        cart_partition_urls: comma-separated database URLs (``postgresql...://`` or
            ``sqlite:///file``) of the cart event-store partitions (docs/operations.md, "Past one
            primary: partitioned cart streams"); a cart lives in partition ``cart_id.int % N``
            (``services/cart/partitions.py``). Empty (the default): the single event store beside
            ``database_url``. N cannot change without moving streams. A malformed list (an empty
            item, another scheme, a URL twice) stops the process at start-up (``ValueError``).
        cart_partition: the partition whose log this process's projections follow
            (``CART_PARTITION``; set by ``shop project --partition I`` with
            :func:`follow_partition`, inherited by the processes it spawns); unset: none chosen.
        cart_pool_size: event-store connections per process (PostgreSQL).
        cart_snapshot_interval: a cart snapshot every N events (docs/events.md).
        catalog_cache_entries: how many rendered catalogue responses each process keeps (0 = off).
        catalog_cache_ttl: seconds a process trusts the catalogue revision before reading it again,
            i.e. the longest a catalogue edit takes to show (stock checks with no_cache are always live).
        run_projections: run the cart read-model projector (``cart_current``) in a background thread
            of the API process (started and stopped by the app's lifespan). Turn off when a separate
            ``shop project`` process follows the log (both may run: they never apply an event twice).
        projection_poll_interval: seconds between pulls of the event log when it is idle (SQLite;
            PostgreSQL is notified of new events by LISTEN/NOTIFY).
        projection_batch_window: seconds a PostgreSQL projector waits after a notification
            before it reads what is new (``CartProjector.follow_subscription``): one read and
            one transaction take all of it; fewer, larger transactions for at most this much
            more lag.
        analytics_abandoned_after_minutes: a cart with items idle this many minutes after its
            first add is abandoned (``analytics_abandoned_carts``, docs/analytics.md); changing it
            applies to carts decided from then on (``shop projections rebuild
            analytics_abandoned_carts`` re-decides them all).
        analytics_sweep_seconds: how often the analytics projector looks for carts that became
            abandoned (seconds).
        staff_session_hours: lifetime of a staff session (``staff_session`` cookie), hours.
        cookie_secure: mark the staff session cookie ``Secure`` (set ``COOKIE_SECURE=1`` behind HTTPS).
        rate_limit_storage: ``limits`` storage URI for every rate-limit counter
            (``services/shared/ratelimit.py``): ``memory://`` counts per process (N workers: up to
            N x each limit); ``redis://host:6379`` shares the counters between workers.
        rate_limit_*: each limit in the ``limits`` notation ("25/10 seconds", "5/minute;20/hour";
            empty turns it off), per client address unless said otherwise (docs/operations.md,
            Security, "Rate limits"): cart_commands (every cart POST; WooCommerce Store API's
            default of 25 POSTs per 10 s), new_carts (carts started), coupon_failures_per_cart
            and coupon_failures_per_client (refused coupon guesses), place_order (WooCommerce's
            3 checkouts per 60 s), contact, newsletter, configurator_shares (share links made,
            ``POST /api/get-share-url``), staff_login_per_email (per client and
            email) and staff_login_per_client.
        trust_proxy_headers: take the client address from ``X-Forwarded-For`` (and the scheme from
            ``X-Forwarded-Proto``) only behind a proxy that sets it; otherwise anyone could claim
            any address. Honoured only from the peers in ``forwarded_allow_ips``.
        forwarded_allow_ips: comma-separated addresses or networks (CIDR) of the reverse proxies
            whose ``X-Forwarded-*`` headers are believed when ``trust_proxy_headers`` is on
            (uvicorn's ``forwarded_allow_ips``; docs/operations.md, Security).
        max_body_bytes: the largest request body, bytes, of a route without a smaller limit.
        max_form_body_bytes: the largest body of the form-like routes (contact, newsletter,
            staff login, checkout), bytes.
        max_analytics_body_bytes: the largest body of an analytics hit (``/api/ga/...``), bytes.
        csrf_secret: key that signs the staff CSRF cookie; empty: a random key kept in
            ``DATA_DIR/csrf-secret`` (shared by the workers of one machine).
        order_link_secret: key that signs the order links of confirmation mails
            (``services/checkout/links.py``); empty: a random key kept in
            ``DATA_DIR/order-link-secret``. Changing it makes every mailed link stop working.
        hsts_max_age: seconds of ``Strict-Transport-Security`` sent on HTTPS requests (0: none).
        gc_freeze: server processes freeze their start-up heap so full garbage collections skip
            it (``services/shared/gc_tuning.py``).
    """

    model_config = SettingsConfigDict(env_prefix="", extra="ignore")

    database_url: str = ""
    analytics_database_url: str = ""
    direct_database_url: str = ""
    database_pgbouncer: bool = False
    data_dir: Path = REPO_ROOT / "data"
    media_url: str = "/media"
    media_max_age: int = 86400
    webapp_dist: Path = REPO_ROOT / "webapp" / "dist"
    site_host: str = "halvard.gg"
    sql_echo: bool = False
    db_pool_size: int = 10
    db_max_overflow: int = 10
    event_store: str = "database"
    cart_partition_urls: str = ""
    cart_partition: str = ""
    cart_pool_size: int = 10
    cart_snapshot_interval: int = 50
    catalog_cache_entries: int = 4096
    catalog_cache_ttl: float = 1.0
    run_projections: bool = True
    projection_poll_interval: float = 0.05
    projection_batch_window: float = 0.05
    analytics_abandoned_after_minutes: int = Field(default=60, ge=1, le=60 * 24 * 30)
    analytics_sweep_seconds: float = Field(default=30.0, gt=0)
    staff_session_hours: float = 12
    cookie_secure: bool = False
    rate_limit_storage: str = "memory://"
    rate_limit_cart_commands: str = "25/10 seconds"
    rate_limit_new_carts: str = "10/minute"
    rate_limit_coupon_failures_per_cart: str = "5/10 minutes"
    rate_limit_coupon_failures_per_client: str = "10/10 minutes"
    rate_limit_place_order: str = "3/minute"
    rate_limit_contact: str = "5/minute;20/hour"
    rate_limit_newsletter: str = "5/minute;20/hour"
    rate_limit_configurator_shares: str = "10/minute;100/hour"
    rate_limit_staff_login_per_email: str = "10/minute"
    rate_limit_staff_login_per_client: str = "50/minute"
    trust_proxy_headers: bool = False
    forwarded_allow_ips: str = "127.0.0.1"
    max_body_bytes: int = 1024 * 1024
    max_form_body_bytes: int = 64 * 1024
    max_analytics_body_bytes: int = 8 * 1024
    csrf_secret: str = ""
    order_link_secret: str = ""
    hsts_max_age: int = 31536000
    gc_freeze: bool = True

    _mail: MailSettings = PrivateAttr(default_factory=MailSettings)
    _bank: BankSettings = PrivateAttr(default_factory=BankSettings)
    _contact: ContactSettings = PrivateAttr(default_factory=ContactSettings)
    _newsletter: NewsletterSettings = PrivateAttr(default_factory=NewsletterSettings)
    _cli: CliSettings = PrivateAttr(default_factory=CliSettings)

    @property
    def mail(self) -> MailSettings:
        """Outgoing mail: ``MAIL_BACKEND``, ``MAIL_FROM``, ``SMTP_*``, ``SHOP_URL``."""
        return self._mail

    @property
    def bank(self) -> BankSettings:
        """The bank account of transfer instructions: ``BACS_*``."""
        return self._bank

    @property
    def contact(self) -> ContactSettings:
        """The contact form: ``SUPPORT_EMAIL``, ``CONTACT_REPEAT_WINDOW_SECONDS``."""
        return self._contact

    @property
    def newsletter(self) -> NewsletterSettings:
        """Newsletter double opt-in: ``NEWSLETTER_*``."""
        return self._newsletter

    @property
    def cli(self) -> CliSettings:
        """CLI passwords: ``STAFF_PASSWORD``, ``DEMO_STAFF_PASSWORD``."""
        return self._cli

    @property
    def effective_database_url(self) -> str:
        """The database URL in use: ``database_url`` or the embedded SQLite file."""
        if self.database_url:
            return self.database_url
        return f"sqlite:///{self.data_dir / 'shop.sqlite3'}"

    @field_validator("cart_partition_urls")
    @classmethod
    def _check_partition_urls(cls, value: str) -> str:
        parse_partition_urls(value)  # raises ValueError with the reason
        return value

    @field_validator("cart_partition")
    @classmethod
    def _check_partition(cls, value: str) -> str:
        if value.strip() and not value.strip().isdigit():
            raise ValueError(f"CART_PARTITION must be a partition index (0, 1, ...), got {value!r}")
        return value.strip()

    @property
    def followed_partition(self) -> int | None:
        """``CART_PARTITION`` as an index, None when unset."""
        return int(self.cart_partition) if self.cart_partition else None

    @property
    def cart_partitions(self) -> list[str]:
        """The cart event-store partitions' database URLs, in partition order (empty: one store
        beside the configured database; ``CART_PARTITION_URLS``)."""
        return parse_partition_urls(self.cart_partition_urls)

    @property
    def effective_analytics_database_url(self) -> str:
        """The database URL of the analysts' read-only queries: ``analytics_database_url``
        (a replica) when set, else :attr:`effective_database_url` (docs/operations.md, "Past
        one primary")."""
        return self.analytics_database_url or self.effective_database_url

    @property
    def media_dir(self) -> Path:
        """Folder holding generated product and content images."""
        return self.data_dir / "media"


SECTIONS: tuple[type[BaseSettings], ...] = (
    MailSettings,
    BankSettings,
    ContactSettings,
    NewsletterSettings,
    CliSettings,
)


def env_names() -> set[str]:
    """The name of every environment variable a setting is read from (``DATABASE_URL``,
    ``BACS_IBAN``, ...): the fields of :class:`Settings` and of its sections, each after its
    class's ``env_prefix``, in capitals."""
    classes: tuple[type[BaseSettings], ...] = (Settings, *SECTIONS)
    return {
        f"{cls.model_config.get('env_prefix', '')}{name}".upper()
        for cls in classes
        for name in cls.model_fields
    }


def secret_from_environment(name: str) -> str | None:
    """The value of the environment variable ``name`` (None when unset or empty): for a secret
    a command is told where to find (``create-analyst-role --password-env VAR``) rather than
    given on its command line, where ``ps`` and shell histories would show it. The one other
    place besides ``Settings`` that reads the environment."""
    return os.environ.get(name) or None


PARTITION_SCHEMES = ("postgresql://", "postgresql+psycopg://", "postgres://", "sqlite:///")


def parse_partition_urls(value: str) -> list[str]:
    """``CART_PARTITION_URLS`` as a list of URLs (empty string: ``[]``). Raises ``ValueError``
    naming the item for an empty item (``a,,b``), a scheme not in :data:`PARTITION_SCHEMES`, a
    URL without a database name, or a URL listed twice (two partitions in one store would
    mix their streams' notification ids)."""
    if not value.strip():
        return []
    urls = [item.strip() for item in value.split(",")]
    for n, url in enumerate(urls):
        if not url:
            raise ValueError(f"CART_PARTITION_URLS: item {n} is empty")
        if not url.startswith(PARTITION_SCHEMES):
            raise ValueError(
                f"CART_PARTITION_URLS: item {n} must start with one of {', '.join(PARTITION_SCHEMES)}"
            )
        rest = url.split("://", 1)[1]
        if url.startswith("sqlite") and not rest.strip("/"):
            raise ValueError(f"CART_PARTITION_URLS: item {n} names no SQLite file")
        if not url.startswith("sqlite") and not rest.split("?", 1)[0].partition("/")[2]:
            raise ValueError(f"CART_PARTITION_URLS: item {n} names no database")
    if len(set(urls)) != len(urls):
        raise ValueError("CART_PARTITION_URLS: a URL is listed twice")
    return urls


@lru_cache
def get_settings() -> Settings:
    """The process settings, read from the environment on the first call and cached. Tests that
    change the environment call ``get_settings.cache_clear()`` afterwards, so the next call reads
    it again."""
    return Settings()


def serve_url(host: str, port: int) -> str:
    """``http://host:port`` for a server listening on ``host``:``port``; a wildcard host
    (``0.0.0.0``, ``::``, empty) becomes ``127.0.0.1``, an IPv6 address is bracketed."""
    if host in ("", "0.0.0.0", "::"):
        host = "127.0.0.1"
    if ":" in host:
        host = f"[{host}]"
    return f"http://{host}:{port}"


def follow_serve_address(host: str, port: int) -> str:
    """Make ``SHOP_URL`` follow the address ``serve`` listens on when it is unset or empty:
    sets it to :func:`serve_url` in this process's environment (inherited by uvicorn's workers
    and reloader) and re-reads the settings. A ``SHOP_URL`` set by the operator wins. Returns the
    public URL in effect (docs/operations.md, "Settings")."""
    if not os.environ.get("SHOP_URL", "").strip():
        os.environ["SHOP_URL"] = serve_url(host, port)
        get_settings.cache_clear()
    return get_settings().mail.shop_url


def use_direct_database() -> Settings:
    """Make this process use ``DIRECT_DATABASE_URL`` (when set) as its ``DATABASE_URL``, not
    through PgBouncer (``DATABASE_PGBOUNCER`` off): for ``project`` and ``migrate``, which are
    started with the API's environment but need a real PostgreSQL session (LISTEN, DDL). Sets
    the variables in this process's environment (so processes it spawns inherit them) and
    re-reads the settings, which it returns. Nothing changes when ``DIRECT_DATABASE_URL`` is
    unset. Call it before anything builds an engine or the cart application."""
    direct = get_settings().direct_database_url.strip()
    if direct:
        os.environ["DATABASE_URL"] = direct
        os.environ["DATABASE_PGBOUNCER"] = "false"
        get_settings.cache_clear()
    return get_settings()


def follow_partition(index: int | None) -> Settings:
    """Make this process (and the processes it spawns, which inherit the environment) follow
    cart partition ``index``'s log (``CART_PARTITION``; None: unset it), and re-read the
    settings, which it returns. For ``shop project --partition I`` and the rebuilds that go
    through every partition (``services/cart/partitions.py``)."""
    if index is None:
        os.environ.pop("CART_PARTITION", None)
    else:
        os.environ["CART_PARTITION"] = str(int(index))
    get_settings.cache_clear()
    return get_settings()


@contextmanager
def overridden(overrides: Mapping[str, str]) -> Iterator[Settings]:
    """Settings read with the environment variables ``overrides`` (name -> value) set, for a
    tool that builds the app under fixed settings (the OpenAPI document,
    ``services/api/openapi_document.py``). The previous environment and settings cache are
    restored afterwards. Not for use while the app serves: the environment is process-wide."""
    saved = {name: os.environ.get(name) for name in overrides}
    os.environ.update(overrides)
    get_settings.cache_clear()
    try:
        yield get_settings()
    finally:
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value
        get_settings.cache_clear()
