"""Keeping the catalogue revision current (see ``models/revision.py``).

A ``before_flush`` hook on every ORM session bumps the revision, inside the same
transaction, whenever the flush adds, changes or deletes a catalogue or content row (configurators included). Code
that changes catalogue rows with bulk SQL (no ORM objects) calls :func:`bump` itself (stock
taken by an order, given back by a cancel or refund: so the revision moves with every stock change).

A :class:`RevisionWatch` knows the revision without a query per request (SQLite: ``PRAGMA
data_version``; PostgreSQL: ``LISTEN`` on migration 0021's trigger), which lets the response
cache answer the storefront's uncached stock checks from memory while it is current.
"""

from __future__ import annotations

import logging
import sqlite3
import threading
import weakref
from collections.abc import Iterable
from pathlib import Path
from typing import Any, Protocol

from sqlalchemy import event, select, update
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.orm import Session

from services.catalog import models
from services.catalog.models import CatalogRevision
from services.configurator import models as configurator_models

log = logging.getLogger(__name__)

_CATALOG_TYPES: tuple[type, ...] = tuple(
    getattr(models, name)
    for name in models.__all__
    if isinstance(getattr(models, name), type)
    and hasattr(getattr(models, name), "__tablename__")
    and name != "CatalogRevision"
) + (
    # a configurator is catalogue content too: its edits must reach cached answers and the
    # cart's cached facts (docs/spec.md section 2.13); shares are not (shoppers write them)
    configurator_models.ConfiguratorModel,
    configurator_models.ConfiguratorAngle,
    configurator_models.ConfiguratorLayer,
    configurator_models.ConfiguratorChoice,
    configurator_models.ConfiguratorChoiceImage,
    configurator_models.ConfiguratorRule,
)


_BUMPED = "catalog_revision_bumped"  # Session.info key: [(revision, stock scope)] this transaction set

StockScope = frozenset[int] | None
"""What one revision step changed: the ids of the products whose stock alone moved (an order,
a cancel or a refund), or None for any other change (or one not known)."""


def bump(session: Session, stock_of: Iterable[int] | None = None) -> None:
    """Increment the revision in the session's transaction (no-op before migration 0002). Once
    the transaction commits, this process's PostgreSQL watches learn the new revision at once
    (read-your-writes: :func:`_tell_watches`), not only when its notification arrives.

    ``stock_of``: the change moves only the stock of these products (ids; stock taken by an
    order, given back by a cancel or refund). The row then says so (``stock_products``,
    migration 0022), and the watches report it (:meth:`RevisionWatch.stock_changes`), so the
    response cache keeps the stock checks of every other product (docs/spec.md section 5).
    Without it, or with no ids, the change counts as one to anything in the catalogue."""
    ids = sorted({int(i) for i in stock_of}) if stock_of is not None else []
    scope: StockScope = frozenset(ids) if ids else None
    revision = session.execute(
        update(CatalogRevision)
        .where(CatalogRevision.id == 1)
        .values(
            revision=CatalogRevision.revision + 1,
            stock_revision=CatalogRevision.revision + 1,
            stock_products=",".join(map(str, ids)) or None,
        )
        .returning(CatalogRevision.revision)
    ).scalar()
    if revision is not None:
        session.info.setdefault(_BUMPED, []).append((int(revision), scope))


def parse_stock_products(text: str | None) -> StockScope:
    """``"1102,1201"`` (``catalog_revision.stock_products``, or a notification's last word) ->
    those ids; None (any change) for NULL, ``"*"`` or anything unreadable."""
    if not text or text == "*":
        return None
    try:
        return frozenset(int(part) for part in text.split(","))
    except ValueError:
        return None


def read(bind: Engine | Connection) -> int:
    """The current revision (0 when the table is missing or empty)."""
    try:
        if isinstance(bind, Engine):
            with bind.connect() as conn:
                return int(conn.scalar(select(CatalogRevision.revision).where(CatalogRevision.id == 1)) or 0)
        return int(bind.scalar(select(CatalogRevision.revision).where(CatalogRevision.id == 1)) or 0)
    except Exception:  # noqa: BLE001 - a missing table means "no cache key yet", never an error
        return 0


def _touches_catalogue(session: Session) -> bool:
    if any(isinstance(obj, _CATALOG_TYPES) for obj in (*session.new, *session.deleted)):
        return True
    return any(isinstance(obj, _CATALOG_TYPES) and session.is_modified(obj) for obj in session.dirty)


@event.listens_for(Session, "before_flush")
def _bump_on_catalogue_change(session: Session, _flush_context: Any, _instances: Any) -> None:
    if _touches_catalogue(session):
        bump(session)


@event.listens_for(Session, "after_commit")
def _tell_watches(session: Session) -> None:
    """Committed bumps: the watches of this process on the same database take their revisions."""
    bumps = session.info.pop(_BUMPED, None)
    if not bumps or not _WATCHES:
        return
    try:
        bind = session.get_bind()
        engine = bind if isinstance(bind, Engine) else bind.engine
        key = _url_key(engine.url.render_as_string(hide_password=False))
    except Exception:  # noqa: BLE001 - no single bind: the notification will tell them
        return
    for watch in list(_WATCHES):
        if key in watch.url_keys:
            for revision, scope in bumps:
                watch.saw(revision, scope)


@event.listens_for(Session, "after_rollback")
def _forget_bump(session: Session) -> None:
    session.info.pop(_BUMPED, None)


def _url_key(url: str) -> str:
    """``url`` (SQLAlchemy) in one spelling, whatever its driver: watches and sessions compare."""
    from sqlalchemy.engine import make_url

    return make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)


# ---- the live revision: what a process knows of the revision without a query per request ----

NOTIFY_CHANNEL = "catalog_revision"
"""PostgreSQL: migration 0021's trigger sends ``NOTIFY catalog_revision, '<schema> <revision>'``
with every change of the revision row (delivered at commit, in commit order)."""


class RevisionWatch(Protocol):
    """A live view of one database's catalogue revision (docs/spec.md section 5, stock checks;
    docs/targets.md section 4.4). ``current()`` is cheap enough to call on the event loop for
    every request: the revision as of now, or None when this watch cannot vouch for it (not
    listening yet, connection lost, not migrated): callers then read the database."""

    def current(self) -> int | None:
        """The current revision, or None (see the class docstring)."""
        ...

    def stock_changes(self, since: int, until: int) -> StockScope:
        """The products whose stock alone moved in the revisions after ``since`` up to
        ``until``: their ids (empty when ``since == until``), or None when any of those steps
        changed something else or is not known to this watch (then anything may have changed)."""
        ...

    def close(self) -> None:
        """Release the watch's connection (and stop its thread)."""
        ...


class _Steps:
    """The scopes of the last ``size`` revision steps a watch saw (revision -> StockScope)."""

    def __init__(self, size: int = 1024) -> None:
        self._size = size
        self._scopes: dict[int, StockScope] = {}

    def add(self, revision: int, scope: StockScope) -> None:
        self._scopes[revision] = scope
        while len(self._scopes) > self._size:
            del self._scopes[next(iter(self._scopes))]

    def between(self, since: int, until: int) -> StockScope:
        if until < since or until - since > self._size:
            return None
        changed: set[int] = set()
        for revision in range(since + 1, until + 1):
            scope = self._scopes.get(revision)
            if scope is None:  # another change, or a step this watch did not see
                return None
            changed |= scope
        return frozenset(changed)


class SqliteRevisionWatch:
    """SQLite: exact. ``PRAGMA data_version`` on a connection of its own (a few microseconds,
    no I/O) changes whenever another connection, in any process, has committed to the file;
    only then is the revision row read again. So ``current()`` is never behind a commit. A step
    of exactly one revision between two reads has its scope from the row (``stock_products``);
    a larger jump is "anything changed" for :meth:`stock_changes`."""

    def __init__(self, path: str) -> None:
        # called on the event loop: never wait long for a lock (WAL readers take none; a busy
        # file answers None, and the request reads the database instead)
        self._conn = sqlite3.connect(path, check_same_thread=False, isolation_level=None, timeout=0.05)
        self._lock = threading.Lock()
        self._data_version: int | None = None
        self._revision: int | None = None
        self._steps = _Steps()

    def current(self) -> int | None:
        """The current revision (None when the table is missing or the file unreadable)."""
        with self._lock:
            try:
                data_version = self._conn.execute("PRAGMA data_version").fetchone()[0]
                if data_version != self._data_version or self._revision is None:
                    row = self._conn.execute(
                        "SELECT revision, CASE WHEN stock_revision = revision THEN stock_products END"
                        " FROM catalog_revision WHERE id = 1"
                    ).fetchone()
                    revision = int(row[0]) if row and row[0] else None
                    if revision is not None and self._revision is not None and revision == self._revision + 1:
                        self._steps.add(revision, parse_stock_products(row[1]))
                    self._revision = revision
                    self._data_version = data_version
                return self._revision
            except sqlite3.Error:
                self._revision = None
                return None

    def stock_changes(self, since: int, until: int) -> StockScope:
        """See :meth:`RevisionWatch.stock_changes`."""
        return self._steps.between(since, until)

    def close(self) -> None:
        """Close the connection."""
        with self._lock:
            self._conn.close()


STOP_CHECK = 0.05
"""Seconds a PostgreSQL watch waits for notifications before it looks whether it should stop
(so :meth:`PostgresRevisionWatch.close` takes at most about this long; 20 wake-ups a second of a
thread that otherwise sleeps)."""


class PostgresRevisionWatch:
    """PostgreSQL: a thread ``LISTEN``s on :data:`NOTIFY_CHANNEL` on a connection of its own,
    then reads the revision; every notification for its schema then sets it. ``current()``
    reads that number: behind a commit by the notification's delivery (about a millisecond on
    one machine), None while not listening (before the first read, after the connection is
    lost until it is back, or when migration 0021's trigger is missing). Reconnects every
    ``retry`` seconds. Not through PgBouncer in transaction mode (LISTEN needs a session).
    Every step has its own notification, and its scope (migration 0022's last word), so
    :meth:`stock_changes` knows each step it was told of, its own process's commits included."""

    def __init__(self, url: str, retry: float = 1.0, same_as: str | None = None) -> None:
        self._conninfo = _url_key(url)  # a libpq URI (``options=-csearch_path=...`` included)
        # the URLs of this database whose sessions' commits it takes at once (``saw``): its own,
        # and e.g. PgBouncer's in front of it when it listens on the server itself
        self.url_keys = {self._conninfo, *([_url_key(same_as)] if same_as else [])}
        self._retry = retry
        self._revision: int | None = None
        self._steps = _Steps()
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self.attempts = 0  # connections tried so far (for tests and logs)
        self.backend_pid: int | None = None  # the listening session's, while connected
        _WATCHES.add(self)
        self._thread = threading.Thread(target=self._run, name="catalog-revision-watch", daemon=True)
        self._thread.start()

    def current(self) -> int | None:
        """The revision last told, or None while not listening."""
        return self._revision

    def stock_changes(self, since: int, until: int) -> StockScope:
        """See :meth:`RevisionWatch.stock_changes`."""
        with self._lock:
            return self._steps.between(since, until)

    def saw(self, revision: int, scope: StockScope = None) -> None:
        """This process committed ``revision`` (``_tell_watches``), a step of ``scope``: take it
        now if listening."""
        with self._lock:
            if self._revision is not None:
                self._steps.add(revision, scope)
                self._revision = max(self._revision, revision)

    def close(self) -> None:
        """Stop listening and wait for the thread (about :data:`STOP_CHECK` seconds; at most
        five, should the thread be stuck connecting)."""
        _WATCHES.discard(self)
        self._stop.set()
        self._thread.join(timeout=5)

    def _run(self) -> None:
        while not self._stop.is_set():
            try:
                self._listen()
            except Exception:  # noqa: BLE001 - e.g. the database restarting: read it again later
                log.warning("catalogue revision watch lost its connection; retrying", exc_info=True)
            finally:
                with self._lock:
                    self._revision = None
            self._stop.wait(self._retry)

    def _listen(self) -> None:
        import psycopg

        self.attempts += 1
        with psycopg.connect(self._conninfo, autocommit=True) as conn:
            self.backend_pid = conn.info.backend_pid
            schema = conn.execute(
                "SELECT n.nspname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace"
                " WHERE c.oid = to_regclass('catalog_revision')"
            ).fetchone()
            trigger = conn.execute(
                "SELECT 1 FROM pg_trigger WHERE tgname = 'catalog_revision_notify'"
                " AND tgrelid = to_regclass('catalog_revision')"
            ).fetchone()
            if schema is None or trigger is None:  # not migrated to 0021: no change would be told
                return
            conn.execute(f"LISTEN {NOTIFY_CHANNEL}")
            row = conn.execute("SELECT revision FROM catalog_revision WHERE id = 1").fetchone()
            with self._lock:
                self._revision = int(row[0]) if row and row[0] else None
            prefix = f"{schema[0]} "
            while not self._stop.is_set():
                # a short wait, so that close() returns within it (an app's shutdown, each test's)
                for note in conn.notifies(timeout=STOP_CHECK):
                    if note.payload.startswith(prefix):  # in commit order; never step back
                        number, _, scope = note.payload[len(prefix) :].partition(" ")
                        with self._lock:
                            self._steps.add(int(number), parse_stock_products(scope))
                            self._revision = max(int(number), self._revision or 0)


def open_watch(url: str, *, pgbouncer: bool = False, same_as: str | None = None) -> RevisionWatch | None:
    """A :class:`RevisionWatch` for the database at ``url`` (a SQLAlchemy URL): SQLite files and
    PostgreSQL; None for in-memory SQLite, a missing file and PostgreSQL behind PgBouncer
    (``pgbouncer``: LISTEN needs a session of its own), where readers keep reading the revision
    from the database. ``same_as``: another URL of the same PostgreSQL database (PgBouncer's,
    when ``url`` is the server's own) whose sessions' commits the watch takes at once."""
    from sqlalchemy.engine import make_url

    parsed = make_url(url)
    if parsed.get_backend_name() == "sqlite":
        if not parsed.database or parsed.database == ":memory:" or not Path(parsed.database).is_file():
            return None
        try:
            return SqliteRevisionWatch(parsed.database)
        except sqlite3.Error:
            log.warning("no catalogue revision watch on %s", parsed.database, exc_info=True)
            return None
    if pgbouncer:
        return None
    return PostgresRevisionWatch(url, same_as=same_as)


_WATCHES: weakref.WeakSet[PostgresRevisionWatch] = weakref.WeakSet()  # open ones, for _tell_watches
