"""Database engine, sessions and the declarative base shared by relational contexts.

One engine per URL. SQLite gets foreign keys switched on and WAL journaling so the
embedded mode behaves like PostgreSQL where it matters (referential integrity,
readers not blocked by a writer).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from functools import lru_cache
from typing import TYPE_CHECKING, Any, ClassVar

from sqlalchemy import CursorResult, Engine, Integer, MetaData, Result, Table, create_engine, event, text
from sqlalchemy.orm import DeclarativeBase, Session, sessionmaker

from services.shared.settings import get_settings

NAMING_CONVENTION = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


class Base(DeclarativeBase):
    """Declarative base with a stable constraint naming convention (for Alembic)."""

    metadata = MetaData(naming_convention=NAMING_CONVENTION)

    if TYPE_CHECKING:
        # SQLAlchemy types it as any FromClause (a class may be mapped to a subquery); every
        # model of ours is mapped to a Table, so Core insert/update/delete take it as is.
        __table__: ClassVar[Table]


def rows_affected(result: Result[Any]) -> int:
    """How many rows an UPDATE or DELETE run through ``Session.execute`` or
    ``Connection.execute`` matched (``CursorResult.rowcount``; 0 when the driver does not say).
    Raises ``TypeError`` for a result that is not a DML cursor result (a programming error)."""
    if not isinstance(result, CursorResult):
        raise TypeError(f"not a cursor result: {type(result).__name__}")
    return int(result.rowcount or 0)


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    # pysqlite delays BEGIN until the first write, so a SAVEPOINT issued first would become
    # the outermost transaction and its RELEASE would commit. SQLAlchemy's documented recipe
    # ("pysqlite serializable isolation / savepoints"): turn pysqlite's own transaction
    # handling off here and emit BEGIN ourselves on every SQLAlchemy "begin".
    dbapi_connection.isolation_level = None
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA busy_timeout=5000")
    cursor.close()


@lru_cache(maxsize=8)
def get_engine(url: str | None = None) -> Engine:
    """Return the (cached) engine for ``url`` or for the configured database.

    SQLite files get their parent folder created. Raises nothing on creation;
    connection errors surface on first use. With ``DATABASE_PGBOUNCER`` psycopg prepares no
    statement (docs/operations.md, "PgBouncer").
    """
    settings = get_settings()
    url = url or settings.effective_database_url
    kwargs: dict[str, Any] = {"echo": settings.sql_echo, "future": True}
    if url.startswith("sqlite"):
        path = url.split("///", 1)[-1]
        if path and path != ":memory:":
            from pathlib import Path

            Path(path).parent.mkdir(parents=True, exist_ok=True)
        kwargs["connect_args"] = {"check_same_thread": False}
    else:
        kwargs["pool_pre_ping"] = True
        if settings.database_pgbouncer:
            # PgBouncer in transaction mode: a prepared statement would outlive its server session.
            kwargs["connect_args"] = {"prepare_threshold": None}
    if (
        not url.startswith("sqlite")
        or ":memory:" not in url
        and url.rstrip("/") not in ("sqlite:", "sqlite+pysqlite:")
    ):
        kwargs.update(pool_size=settings.db_pool_size, max_overflow=settings.db_max_overflow)
    engine = create_engine(url, **kwargs)
    if url.startswith("sqlite"):
        event.listen(engine, "connect", _sqlite_pragmas)
        event.listen(engine, "begin", lambda conn: conn.exec_driver_sql("BEGIN"))
    return engine


def analytics_url() -> str | None:
    """The URL of the analysts' read-only queries when ``ANALYTICS_DATABASE_URL`` is set (a
    replica, docs/operations.md "Past one primary"), else None: :func:`get_engine` and
    :func:`get_sessionmaker` then give the main database's own engine, not a second pool."""
    return get_settings().analytics_database_url or None


@lru_cache(maxsize=8)
def get_sessionmaker(url: str | None = None) -> sessionmaker[Session]:
    """Return a session factory bound to :func:`get_engine` for ``url``."""
    return sessionmaker(bind=get_engine(url), expire_on_commit=False)


@contextmanager
def session_scope(url: str | None = None) -> Iterator[Session]:
    """Open a session, commit on success, roll back on error (for CLIs and scripts)."""
    session = get_sessionmaker(url)()
    try:
        yield session
        session.commit()
    except BaseException:
        session.rollback()
        raise
    finally:
        session.close()


def sync_sequences(session: Session) -> None:
    """After inserts with explicit ids (seed, WooCommerce import), move PostgreSQL's
    id sequences past the largest id so later inserts without an id do not collide.
    A no-op on SQLite, whose INTEGER PRIMARY KEY already continues from the max.
    """
    bind = session.get_bind()
    if bind.dialect.name != "postgresql":
        return
    for table in Base.metadata.sorted_tables:
        pk = list(table.primary_key.columns)
        if len(pk) != 1 or pk[0].name != "id" or not isinstance(pk[0].type, Integer):
            continue
        session.execute(
            text(
                f"SELECT setval(pg_get_serial_sequence('{table.name}', 'id'), "
                f"COALESCE((SELECT MAX(id) FROM {table.name}), 0) + 1, false)"
            )
        )
