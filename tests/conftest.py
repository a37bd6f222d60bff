"""Test fixtures shared by every context.

The database under test is SQLite (a temporary file) unless ``TEST_DATABASE_URL``
names a PostgreSQL database; then each pytest process works in its own schema
(``search_path``) so parallel runs never see each other's rows. Every test that
takes ``db_url`` gets a freshly migrated, empty database.
"""

from __future__ import annotations

import contextlib
import os
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.orm import Session

from services.api.bootstrap import migrate
from services.shared import db as shared_db
from services.shared.settings import get_settings

PG_URL = os.environ.get("TEST_DATABASE_URL", "")

# Rate limits under test (services/shared/ratelimit.py). Every test client comes from one
# address, and many tests send far more cart commands, carts, coupon guesses and orders than a
# shopper would: the suite runs with these per-client limits unless a test sets its own (the
# rate-limit tests set real values with monkeypatch, then ``reset_limits()``). The per-cart
# coupon limit keeps its real default. Counters are forgotten before every test
# (``_fresh_rate_limits``). Contact, newsletter and staff login keep their real defaults: their
# tests send few requests and test those limits as they ship.
GENEROUS_TEST_LIMITS = {
    "RATE_LIMIT_CART_COMMANDS": "100000/second",
    "RATE_LIMIT_NEW_CARTS": "100000/second",
    "RATE_LIMIT_COUPON_FAILURES_PER_CLIENT": "100000/second",
    "RATE_LIMIT_PLACE_ORDER": "100000/second",
}
for _name, _value in GENEROUS_TEST_LIMITS.items():
    os.environ.setdefault(_name, _value)

try:  # hypothesis profiles: "ci" runs more examples than a quick local run
    from hypothesis import settings as hypothesis_settings

    hypothesis_settings.register_profile("ci", max_examples=300, deadline=None)
    hypothesis_settings.register_profile("dev", max_examples=50, deadline=None)
    hypothesis_settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))
except ImportError:  # pragma: no cover
    pass


@pytest.fixture(autouse=True)
def _fresh_rate_limits() -> Iterator[None]:
    """Every test starts with empty rate-limit counters read from the current settings, and
    leaves none behind."""
    from services.shared.ratelimit import reset_limits

    reset_limits()
    yield
    get_settings.cache_clear()
    reset_limits()


def _pg_url_with_schema(base: str, schema: str) -> str:
    sep = "&" if "?" in base else "?"
    return f"{base}{sep}options=-csearch_path%3D{schema}"


@pytest.fixture(scope="session")
def pg_schema_url() -> Iterator[str | None]:
    """A PostgreSQL URL bound to a schema private to this pytest process (or None)."""
    if not PG_URL:
        yield None
        return
    schema = f"t_{uuid.uuid4().hex[:12]}"
    admin = create_engine(PG_URL, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text(f'CREATE SCHEMA "{schema}"'))
    try:
        yield _pg_url_with_schema(PG_URL, schema)
    finally:
        shared_db.get_engine.cache_clear()
        shared_db.get_sessionmaker.cache_clear()
        with admin.connect() as conn:
            conn.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
        admin.dispose()


def _reset_pg(url: str) -> None:
    engine = create_engine(url, isolation_level="AUTOCOMMIT")
    with engine.connect() as conn:
        schema = conn.execute(text("SELECT current_schema()")).scalar_one()
        conn.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
        conn.execute(text(f'CREATE SCHEMA "{schema}"'))
    engine.dispose()


def _empty_database(pg_schema_url: str | None, folder: Path) -> str:
    """The process's PostgreSQL schema, emptied, or a new SQLite file in ``folder``."""
    if pg_schema_url:
        _reset_pg(pg_schema_url)
        return pg_schema_url
    return f"sqlite:///{folder / 'test.sqlite3'}"


def _point_settings_at(env: pytest.MonkeyPatch, url: str, data_dir: Path) -> None:
    env.setenv("DATABASE_URL", url)
    env.setenv("DATA_DIR", str(data_dir))
    env.setenv("CATALOG_CACHE_TTL", "0")  # read the catalogue revision on every request


@pytest.fixture
def db_url(tmp_path: Path, pg_schema_url: str | None, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """URL of an empty, migrated database; the app's settings point at it for the test."""
    url = _empty_database(pg_schema_url, tmp_path)
    _point_settings_at(monkeypatch, url, tmp_path / "data")
    get_settings.cache_clear()
    shared_db.get_engine.cache_clear()
    shared_db.get_sessionmaker.cache_clear()
    _close_cart_app()
    migrate(url)
    yield url
    _close_cart_app()
    shared_db.get_engine(url).dispose()
    shared_db.get_engine.cache_clear()
    shared_db.get_sessionmaker.cache_clear()
    get_settings.cache_clear()


def _close_cart_app() -> None:
    """Close and forget the process-wide cart application, so the next test binds to its own
    database and no event-store connection pool is left for the garbage collector."""
    from services.cart.deps import get_cart_app

    if get_cart_app.cache_info().currsize:
        get_cart_app().close()
    get_cart_app.cache_clear()


@pytest.fixture
def session(db_url: str) -> Iterator[Session]:
    """An ORM session on the test database (the test commits when it needs to)."""
    s = shared_db.get_sessionmaker(db_url)()
    try:
        yield s
    finally:
        s.close()


@contextlib.contextmanager
def seeded_database(
    tmp_path_factory: pytest.TempPathFactory,
    pg_schema_url: str | None,
    name: str,
    seed: Callable[[Session], None],
    env_vars: dict[str, str] | None = None,
) -> Iterator[tuple[str, pytest.MonkeyPatch]]:
    """One migrated database filled by ``seed(session)`` (which commits), for a module-scoped
    fixture whose tests each work on rows of their own.

    Yields ``(url, env)``: the database URL (the process's PostgreSQL schema, emptied, or a new
    SQLite file) and the ``MonkeyPatch`` holding ``DATABASE_URL``, ``DATA_DIR``,
    ``CATALOG_CACHE_TTL=0`` and ``env_vars``, so the fixture can set more before it builds its
    app. Cached settings, engines and the process-wide cart application are forgotten before
    and closed after, so the module neither sees nor leaves another module's state."""
    from services.cart.deps import get_cart_app

    with pytest.MonkeyPatch.context() as env:
        url = _empty_database(pg_schema_url, tmp_path_factory.mktemp(name))
        _point_settings_at(env, url, tmp_path_factory.mktemp(f"{name}-data"))
        for key, value in (env_vars or {}).items():
            env.setenv(key, value)
        get_settings.cache_clear()
        shared_db.get_engine.cache_clear()
        shared_db.get_sessionmaker.cache_clear()
        get_cart_app.cache_clear()
        migrate(url)
        with shared_db.get_sessionmaker(url)() as session:
            seed(session)
        try:
            yield url, env
        finally:
            if get_cart_app.cache_info().currsize:
                get_cart_app().close()
            get_cart_app.cache_clear()
            shared_db.get_engine(url).dispose()
            shared_db.get_engine.cache_clear()
            shared_db.get_sessionmaker.cache_clear()
            get_settings.cache_clear()
