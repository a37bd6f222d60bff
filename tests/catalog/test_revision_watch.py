"""The live catalogue revision (``services/catalog/revision.py``: ``RevisionWatch``), which the
response cache keys the storefront's uncached stock checks by (docs/spec.md section 7).

On SQLite the watch is exact (``PRAGMA data_version``); on PostgreSQL it hears migration 0021's
NOTIFY, and takes a commit of its own process at once."""

from __future__ import annotations

from pathlib import Path

from sqlalchemy import text
from sqlalchemy.orm import Session

from services.catalog import revision
from services.shared.db import get_engine
from tests.cart.processes import wait_for
from tests.conftest import PG_URL

BOUND = 15.0  # seconds: only stops a stuck test (conditions are polled, not timed)


def _listening(watch: revision.RevisionWatch) -> int:
    """The watch's revision once it has one (a PostgreSQL watch reads it from its thread)."""
    wait_for(lambda: watch.current() is not None, BOUND, lambda: "the watch never read the revision")
    current = watch.current()
    assert current is not None
    return current


def _reaches(watch: revision.RevisionWatch, expected: int) -> None:
    wait_for(
        lambda: watch.current() == expected,
        BOUND,
        lambda: f"the watch says {watch.current()}, not {expected}",
    )


def _bump_elsewhere(url: str) -> None:
    """Move the revision on a connection of its own, with no ORM session of this process (as
    another process would): only the database can tell the watch."""
    with get_engine(url).begin() as conn:
        conn.execute(text("UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1"))


def test_open_watch_by_database(db_url: str, tmp_path: Path) -> None:
    watch = revision.open_watch(db_url)
    assert watch is not None
    try:
        assert _listening(watch) == revision.read(get_engine(db_url))
    finally:
        watch.close()
    assert revision.open_watch("sqlite://") is None  # in memory: one connection's own database
    assert revision.open_watch(f"sqlite:///{tmp_path / 'missing.sqlite3'}") is None
    assert revision.open_watch("postgresql+psycopg://shop@127.0.0.1:5432/shop", pgbouncer=True) is None


def test_a_watch_follows_commits_of_this_process_and_of_others(db_url: str, session: Session) -> None:
    watch = revision.open_watch(db_url)
    assert watch is not None
    try:
        start = _listening(watch)

        revision.bump(session)
        assert watch.current() == start  # not committed yet
        session.commit()
        assert watch.current() == start + 1  # this process's commit: at once, on both databases

        revision.bump(session)
        session.rollback()
        assert watch.current() == start + 1  # rolled back: nothing to learn

        _bump_elsewhere(db_url)  # SQLite: data_version; PostgreSQL: the trigger's NOTIFY
        _reaches(watch, start + 2)
        assert revision.read(get_engine(db_url)) == start + 2
    finally:
        watch.close()


def _stock_bump_elsewhere(url: str, products: str) -> None:
    """What ``bump(session, stock_of=...)`` writes, on a connection of its own (another process's
    order, as far as this process can tell)."""
    with get_engine(url).begin() as conn:
        conn.execute(
            text(
                "UPDATE catalog_revision SET revision = revision + 1, stock_revision = revision + 1,"
                " stock_products = :products WHERE id = 1"
            ),
            {"products": products},
        )


def test_a_watch_tells_which_products_stock_alone_moved(db_url: str, session: Session) -> None:
    """Each step's scope (migration 0022): the products of a stock-only bump, None for any other
    step, for a bump by hand (the row's old scope no longer holds) and for steps not seen."""
    watch = revision.open_watch(db_url)
    assert watch is not None
    try:
        start = _listening(watch)
        assert watch.stock_changes(start, start) == frozenset()

        revision.bump(session, stock_of=[101, 100, 101])  # an order: this process's commit
        session.commit()
        assert watch.current() == start + 1
        assert watch.stock_changes(start, start + 1) == {100, 101}

        revision.bump(session)  # a catalogue edit
        session.commit()
        assert watch.current() == start + 2  # (SQLite: a step is known when read one at a time)
        assert watch.stock_changes(start + 1, start + 2) is None
        assert watch.stock_changes(start, start + 2) is None  # anything may have changed

        _stock_bump_elsewhere(db_url, "200")  # another process's order
        _reaches(watch, start + 3)
        assert watch.stock_changes(start + 2, start + 3) == {200}

        _bump_elsewhere(db_url)  # by hand: the stock scope of start + 3 says nothing of start + 4
        _reaches(watch, start + 4)
        assert watch.stock_changes(start + 3, start + 4) is None

        revision.bump(session, stock_of=[])  # no ids: a change to anything
        session.commit()
        assert watch.current() == start + 5
        assert watch.stock_changes(start + 4, start + 5) is None
    finally:
        watch.close()


def test_sqlite_watch_is_exact_and_says_none_without_the_table(tmp_path: Path) -> None:
    path = tmp_path / "shop.sqlite3"
    url = f"sqlite:///{path}"
    with get_engine(url).begin() as conn:
        conn.execute(text("CREATE TABLE other (x INTEGER)"))
    watch = revision.open_watch(url)
    assert isinstance(watch, revision.SqliteRevisionWatch)
    try:
        assert watch.current() is None  # not migrated: nothing to vouch for
        with get_engine(url).begin() as conn:
            conn.execute(
                text(
                    "CREATE TABLE catalog_revision (id INTEGER PRIMARY KEY, revision INTEGER,"
                    " stock_products TEXT, stock_revision INTEGER)"
                )
            )
            conn.execute(text("INSERT INTO catalog_revision VALUES (1, 7, NULL, NULL)"))
        assert watch.current() == 7
        for expected in (8, 9):
            _bump_elsewhere(url)
            assert watch.current() == expected  # never behind a commit
        _stock_bump_elsewhere(url, "5")
        assert watch.current() == 10 and watch.stock_changes(9, 10) == {5}
        _stock_bump_elsewhere(url, "6")
        _stock_bump_elsewhere(url, "7")  # two commits between reads: which steps moved what is lost
        assert watch.current() == 12 and watch.stock_changes(10, 12) is None
    finally:
        watch.close()
        get_engine(url).dispose()


if PG_URL:

    def test_postgres_watch_hears_only_its_schema(db_url: str) -> None:
        watch = revision.open_watch(db_url)
        assert isinstance(watch, revision.PostgresRevisionWatch)
        try:
            start = _listening(watch)
            with get_engine(db_url).begin() as conn:  # another schema's revision, same channel
                conn.execute(text("SELECT pg_notify('catalog_revision', 'elsewhere 999999')"))
            _bump_elsewhere(db_url)
            _reaches(watch, start + 1)
        finally:
            watch.close()

    def test_postgres_watch_cannot_vouch_while_disconnected_or_without_the_trigger(db_url: str) -> None:
        watch = revision.PostgresRevisionWatch(db_url, retry=0.05)
        try:
            start = _listening(watch)
            pid = watch.backend_pid
            with get_engine(db_url).begin() as conn:
                conn.execute(text("SELECT pg_terminate_backend(:pid)"), {"pid": pid})
            _bump_elsewhere(db_url)  # while it may be reconnecting: read again on reconnect
            wait_for(lambda: watch.backend_pid != pid, BOUND, lambda: "the watch never reconnected")
            _reaches(watch, start + 1)

            with get_engine(db_url).begin() as conn:  # a database not migrated to 0021
                conn.execute(text("DROP TRIGGER catalog_revision_notify ON catalog_revision"))
                conn.execute(text("SELECT pg_terminate_backend(:pid)"), {"pid": watch.backend_pid})
            tries = watch.attempts
            wait_for(lambda: watch.attempts >= tries + 2, BOUND, lambda: f"{watch.attempts} attempts")
            assert watch.current() is None  # it cannot hear changes, so it vouches for nothing
        finally:
            watch.close()
