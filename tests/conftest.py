"""Test fixtures shared by every context.

The database under test is SQLite (a temporary file) unless ``TEST_DATABASE_URL``
names a PostgreSQL database; then each pytest process works in its own schema
(``search_path``) so parallel runs never see each other's rows. Every test that
takes ``db_url`` gets a freshly migrated, empty database.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from argon2 import PasswordHasher
from argon2 import profiles as argon2_profiles
from sqlalchemy import create_engine, text
from sqlalchemy.orm import Session

from services.api.bootstrap import migrate
from services.shared import db as shared_db
from services.shared.settings import get_settings
from services.staff import passwords as staff_passwords

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

    # CI runs the suite twice (SQLite, then PostgreSQL) and the property tests draw new random
    # examples each time: 150 a run is 300 a CI run for every property.
    hypothesis_settings.register_profile("ci", max_examples=150, deadline=None)
    hypothesis_settings.register_profile("dev", max_examples=50, deadline=None)
    hypothesis_settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))
except ImportError:  # pragma: no cover
    pass


# Password hashing under test (services/staff/passwords.py): argon2id with the cheapest cost
# parameters instead of RFC 9106's low-memory profile (64 MiB, three passes, four lanes: about a
# second a hash on a loaded CI machine, and the staff tests hash and verify in nearly every test).
# Hashes still are argon2id, salted, verified and checked for rehash the same way;
# tests/staff/test_domain.py checks that the shop itself uses the RFC 9106 profile
# (``REAL_PASSWORD_HASHER``). A server started as a subprocess hashes as it ships.
REAL_PASSWORD_HASHER = staff_passwords._hasher
_CHEAP_PASSWORD_HASHER = PasswordHasher.from_parameters(argon2_profiles.CHEAPEST)
staff_passwords._hasher = lambda: _CHEAP_PASSWORD_HASHER  # type: ignore[assignment]


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


# What a freshly migrated PostgreSQL schema holds, per schema URL (one per pytest process): the
# next test that needs one gets it by emptying the tables and putting these rows back, not by
# running every migration again (seconds a test on a slow machine); whenever the schema's
# definitions differ from the migrated ones (a test changed them: a downgrade, a dropped
# trigger), it is dropped and migrated as before.
_PG_FINGERPRINT = """
SELECT md5(string_agg(item, E'\\n' ORDER BY item)) FROM (
    SELECT 'rel ' || c.relname || ' ' || c.relkind::text FROM pg_class c WHERE c.relnamespace = ns()
    UNION ALL
    SELECT 'col ' || c.relname || '.' || a.attname || ' ' || format_type(a.atttypid, a.atttypmod)
        || ' ' || a.attnotnull::text || ' ' || coalesce(pg_get_expr(d.adbin, d.adrelid), '')
    FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
    LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
    WHERE c.relnamespace = ns() AND a.attnum > 0 AND NOT a.attisdropped
    UNION ALL
    SELECT 'idx ' || pg_get_indexdef(i.indexrelid) FROM pg_index i JOIN pg_class c ON c.oid = i.indrelid
    WHERE c.relnamespace = ns()
    UNION ALL
    SELECT 'con ' || con.conname || ' ' || pg_get_constraintdef(con.oid) FROM pg_constraint con
    WHERE con.connamespace = ns()
    UNION ALL
    SELECT 'trg ' || pg_get_triggerdef(t.oid) || ' ' || t.tgenabled::text FROM pg_trigger t
    JOIN pg_class c ON c.oid = t.tgrelid WHERE c.relnamespace = ns() AND NOT t.tgisinternal
    UNION ALL
    SELECT 'fn ' || p.proname || ' ' || md5(p.prosrc) FROM pg_proc p WHERE p.pronamespace = ns()
) AS items(item)
""".replace("ns()", "current_schema()::regnamespace")
_pg_templates: dict[
    str, tuple[str, list[str], dict[str, list[dict[str, object]]], list[tuple[str, int | None]]]
] = {}


def _pg_snapshot(url: str) -> None:
    """Remember the just-migrated schema at ``url``: its fingerprint, tables, rows, sequences."""
    engine = create_engine(url, isolation_level="AUTOCOMMIT")
    with engine.connect() as conn:
        fingerprint = conn.execute(text(_PG_FINGERPRINT)).scalar_one()
        tables = list(
            conn.execute(
                text("SELECT tablename FROM pg_tables WHERE schemaname = current_schema() ORDER BY tablename")
            ).scalars()
        )
        rows = {
            table: [dict(r._mapping) for r in conn.execute(text(f'SELECT * FROM "{table}"'))]
            for table in tables
        }
        sequences = [
            (name, last)
            for name, last in conn.execute(
                text("SELECT sequencename, last_value FROM pg_sequences WHERE schemaname = current_schema()")
            )
        ]
    engine.dispose()
    _pg_templates[url] = (fingerprint, tables, {t: r for t, r in rows.items() if r}, sequences)


def _pg_reset_to_template(url: str) -> bool:
    """Put the schema at ``url`` back as migrated (see ``_pg_templates``); False when it cannot
    (no template yet, its definitions changed, or the restore failed, e.g. for want of the
    superuser's ``session_replication_role``), and the caller migrates from scratch."""
    template = _pg_templates.get(url)
    if template is None:
        return False
    fingerprint, tables, rows, sequences = template
    engine = create_engine(url)
    try:
        with engine.begin() as conn:
            if conn.execute(text(_PG_FINGERPRINT)).scalar_one() != fingerprint:
                return False
            # rows only (DELETE, not TRUNCATE: a few rows in small tables, no new files); the
            # replica role skips triggers, foreign keys included, so the order does not matter
            conn.execute(text("SET LOCAL session_replication_role = replica"))
            for table in tables:
                conn.execute(text(f'DELETE FROM "{table}"'))
            for table, table_rows in rows.items():
                columns = list(table_rows[0])
                names = ", ".join(f'"{c}"' for c in columns)
                params = ", ".join(f":p{i}" for i in range(len(columns)))
                conn.execute(
                    text(f'INSERT INTO "{table}" ({names}) VALUES ({params})'),
                    [{f"p{i}": row[c] for i, c in enumerate(columns)} for row in table_rows],
                )
            for name, last in sequences:  # as migrated: untouched (next value 1) or at ``last``
                if last is None:
                    conn.execute(text(f'ALTER SEQUENCE "{name}" RESTART'))
                else:
                    conn.execute(
                        text("SELECT setval(:name, :last, true)"), {"name": f'"{name}"', "last": last}
                    )
        return True
    except Exception:  # noqa: BLE001 - anything unexpected: migrate from scratch instead
        return False
    finally:
        engine.dispose()


# The migrated SQLite database (and the cart event store's file in its data folder), made once
# per pytest process by ``migrate``; every test that needs a migrated SQLite database gets a copy
# of it, which is what ``migrate`` would make, in a fraction of the time.
_sqlite_template: Path | None = None


def _copy_sqlite(source: Path, target: Path) -> None:
    """Copy one SQLite database file (the backup API, so pages still in a write-ahead log come
    along)."""
    target.parent.mkdir(parents=True, exist_ok=True)
    with (
        contextlib.closing(sqlite3.connect(source)) as src,
        contextlib.closing(sqlite3.connect(target)) as dst,
    ):
        src.backup(dst)


def _migrated_sqlite_template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The folder holding ``test.sqlite3`` and ``data/`` as ``migrate`` leaves them (made once)."""
    global _sqlite_template
    if _sqlite_template is None:
        folder = tmp_path_factory.mktemp("migrated-template")
        url = f"sqlite:///{folder / 'test.sqlite3'}"
        with pytest.MonkeyPatch.context() as env:
            _point_settings_at(env, url, folder / "data")
            _forget_cached_state()
            migrate(url)
            shared_db.get_engine(url).dispose()
            _forget_cached_state()
        _sqlite_template = folder
    return _sqlite_template


def _forget_cached_state() -> None:
    get_settings.cache_clear()
    shared_db.get_engine.cache_clear()
    shared_db.get_sessionmaker.cache_clear()


def _migrated_database(
    pg_schema_url: str | None, tmp_path_factory: pytest.TempPathFactory, folder: Path, data_dir: Path
) -> str:
    """A freshly migrated database: the process's PostgreSQL schema, put back as the first
    migration of this process left it (``_pg_reset_to_template``; dropped and migrated again
    when its definitions changed), or a copy of the migrated SQLite template in ``folder`` with
    the event store's file in ``data_dir``. The settings must point at it already."""
    if pg_schema_url:
        if not _pg_reset_to_template(pg_schema_url):
            _reset_pg(pg_schema_url)
            migrate(pg_schema_url)
            _pg_snapshot(pg_schema_url)
        return pg_schema_url
    template = _migrated_sqlite_template(tmp_path_factory)
    _copy_sqlite(template / "test.sqlite3", folder / "test.sqlite3")
    for path in (template / "data").rglob("*.sqlite3"):  # the cart event store's file
        _copy_sqlite(path, data_dir / path.relative_to(template / "data"))
    return f"sqlite:///{folder / 'test.sqlite3'}"


def _point_settings_at(env: pytest.MonkeyPatch, url: str, data_dir: Path) -> None:
    env.setenv("DATABASE_URL", url)
    env.setenv("DATA_DIR", str(data_dir))
    env.setenv("CATALOG_CACHE_TTL", "0")  # read the catalogue revision on every request


@pytest.fixture
def db_url(
    tmp_path: Path,
    tmp_path_factory: pytest.TempPathFactory,
    pg_schema_url: str | None,
    monkeypatch: pytest.MonkeyPatch,
) -> Iterator[str]:
    """URL of an empty, migrated database; the app's settings point at it for the test."""
    url = pg_schema_url or f"sqlite:///{tmp_path / 'test.sqlite3'}"
    _point_settings_at(monkeypatch, url, tmp_path / "data")
    _forget_cached_state()
    _close_cart_app()
    assert _migrated_database(pg_schema_url, tmp_path_factory, tmp_path, tmp_path / "data") == url
    _forget_cached_state()
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
        folder, data_dir = tmp_path_factory.mktemp(name), tmp_path_factory.mktemp(f"{name}-data")
        url = pg_schema_url or f"sqlite:///{folder / 'test.sqlite3'}"
        _point_settings_at(env, url, data_dir)
        for key, value in (env_vars or {}).items():
            env.setenv(key, value)
        _forget_cached_state()
        get_cart_app.cache_clear()
        _migrated_database(pg_schema_url, tmp_path_factory, folder, data_dir)
        _forget_cached_state()
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


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark every test that uses `one_cluster_at_a_time` as `cluster`, so a run can take them
    apart: scripts/test.sh runs them on PostgreSQL after the rest, one at a time, because the
    other pytest worker's tests plus a cluster's pools can pass PostgreSQL's 100 connections."""
    for item in items:
        if "one_cluster_at_a_time" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.cluster)


@pytest.fixture
def one_cluster_at_a_time(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Hold a lock shared by every pytest process of the run while the test runs: the tests that
    start several server and worker processes (each with its own connection pools) take it, so
    two of them never run at once on the two pytest workers and together stay under
    PostgreSQL's 100 connections. The lock file sits in the run's temporary root, which the
    pytest-xdist workers share."""
    import fcntl

    root = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        root = root.parent  # popen-gwN/ -> the run's root
    with open(root / "process-clusters.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)
