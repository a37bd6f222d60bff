"""Settings for every context, read once from environment variables.

Safe defaults give the embedded mode: a SQLite file under ``./data`` and media
files under ``./data/media``. ``DATABASE_URL=postgresql+psycopg://...`` switches
to PostgreSQL (see docs/operations.md). Nothing secret has a default.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from pydantic_settings import BaseSettings, SettingsConfigDict

REPO_ROOT = Path(__file__).resolve().parents[2]


class Settings(BaseSettings):
    """Process-wide settings.

    Fields:
        database_url: SQLAlchemy URL. Default ``sqlite:///<repo>/data/shop.sqlite3``.
        data_dir: folder for the embedded database and generated media.
        media_url: URL prefix under which ``data_dir/media`` is served.
        media_max_age: seconds browsers may keep a media file without asking again
            (``Cache-Control: public, max-age=...``; then they revalidate with its ETag). Media
            names are not content-hashed, so this is the longest a changed image can show stale.
        webapp_dist: folder of the built storefront (``webapp/dist``) served at ``/``.
        site_host: the shop's public host; links whose last two host labels match it
            are same-site links (spec section 2, "Links").
        sql_echo: log every SQL statement.
        db_pool_size, db_max_overflow: SQLAlchemy connections per process. Keep workers x (these +
            2 x cart_pool_size) under PostgreSQL's max_connections (100 by default). Fewer
            connections than request threads is safe: sessions are closed without needing a
            thread (services/shared/routing.py).
        event_store: "database" (events beside the configured database) or "memory".
        cart_pool_size: event-store connections per process (PostgreSQL).
        cart_snapshot_interval: a cart snapshot every N events (docs/events.md).
        cart_fast_path: serve cart commands on the event loop when nothing in them can block
            (``services/cart/fast_path.py``); off, every command takes the FastAPI route.
        catalog_cache_entries: how many rendered catalogue responses each process keeps (0 = off).
        catalog_cache_ttl: seconds a process trusts the catalogue revision before reading it again,
            i.e. the longest a catalogue edit takes to show (stock checks with no_cache are always live).
        run_projections: run the cart read-model projector (``cart_current``) in a background thread
            of the API process (started and stopped by the app's lifespan). Turn off when a separate
            ``shop project`` process follows the log (both may run: they never apply an event twice).
        projection_poll_interval: seconds between pulls of the event log when it is idle (SQLite;
            PostgreSQL is notified of new events by LISTEN/NOTIFY).
        projection_batch_window: seconds the PostgreSQL subscription gathers events into one
            projection transaction after the first arrives (``CartProjector.follow_subscription``);
            fewer, larger transactions for at most this much more lag.
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
            3 checkouts per 60 s), contact, newsletter, staff_login_per_email (per client and
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
        hsts_max_age: seconds of ``Strict-Transport-Security`` sent on HTTPS requests (0: none).
    """

    model_config = SettingsConfigDict(env_prefix="", extra="ignore")

    database_url: str = ""
    data_dir: Path = REPO_ROOT / "data"
    media_url: str = "/media"
    media_max_age: int = 86400
    webapp_dist: Path = REPO_ROOT / "webapp" / "dist"
    site_host: str = "halvard.gg"
    sql_echo: bool = False
    db_pool_size: int = 10
    db_max_overflow: int = 10
    event_store: str = "database"
    cart_pool_size: int = 10
    cart_snapshot_interval: int = 50
    cart_fast_path: bool = True
    catalog_cache_entries: int = 4096
    catalog_cache_ttl: float = 1.0
    run_projections: bool = True
    projection_poll_interval: float = 0.05
    projection_batch_window: float = 0.05
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
    rate_limit_staff_login_per_email: str = "10/minute"
    rate_limit_staff_login_per_client: str = "50/minute"
    trust_proxy_headers: bool = False
    forwarded_allow_ips: str = "127.0.0.1"
    max_body_bytes: int = 1024 * 1024
    max_form_body_bytes: int = 64 * 1024
    max_analytics_body_bytes: int = 8 * 1024
    csrf_secret: str = ""
    hsts_max_age: int = 31536000

    @property
    def effective_database_url(self) -> str:
        """The database URL in use: ``database_url`` or the embedded SQLite file."""
        if self.database_url:
            return self.database_url
        return f"sqlite:///{self.data_dir / 'shop.sqlite3'}"

    @property
    def media_dir(self) -> Path:
        """Folder holding generated product and content images."""
        return self.data_dir / "media"


@lru_cache
def get_settings() -> Settings:
    """Return the cached process settings (tests call ``get_settings.cache_clear()``)."""
    return Settings()
