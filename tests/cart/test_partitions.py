"""Cart streams partitioned across event stores (``CART_PARTITION_URLS``,
``services/cart/partitions.py``; docs/operations.md, "Past one primary: partitioned cart streams").

Everywhere (SQLite files as partitions): the setting's validation, the routing rule, every public
method of ``CartApplication`` routed, each cart's events only in its partition's store, commands,
history, support replay and ``record_order`` through the router, and each partition's projector
filling ``cart_current`` of the main database under its own tracking row.

PostgreSQL (``TEST_DATABASE_URL``): two partition databases made for the test (named after the
test database and the process's schema, dropped after): the same in-process checks, then the API
as a process on both partitions with one projection worker per partition under concurrent
commands, one worker killed with SIGKILL mid-load and started again: every acknowledged command
exactly once in its cart, and ``cart_current`` in the main database holding every cart at its
last version, both partitions' tracking rows at their logs' heads.
"""

from __future__ import annotations

import base64
import inspect
import random
import sqlite3
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit
from uuid import UUID

import httpx
import pytest
from pydantic import ValidationError
from sqlalchemy import create_engine, text

from services.analytics.projection import AnalyticsProjector, rebuild_logs
from services.analytics.projections import all_projections, projection_names
from services.cart.application import CartApplication
from services.cart.domain import cart_id_for
from services.cart.partitions import (
    ROUTED_METHODS,
    PartitionedCartApplication,
    build_partition,
    migrate_partitions,
    partition_apps,
    partition_index,
    partition_of,
    tracking_name,
)
from services.cart.projection import CartProjector
from services.shared import db as shared_db
from services.shared.errors import NotFound
from services.shared.settings import Settings, get_settings, parse_partition_urls
from tests.analytics.test_projection import THRESHOLD, drive, put_coupons, tables
from tests.cart.helpers import GERMANY, USA, FakeCatalog, new_token, shop_products
from tests.cart.processes import (
    Server,
    Worker,
    cart_current_tracking,
    free_port,
    running,
    sqlalchemy_url,
    wait_for,
    wait_for_cart_current,
)
from tests.cart.shared_cart_load import SharedCartLoad, check_carts
from tests.cart.test_crash_recovery import CLIENTS_PER_CART, PRODUCTS, seed
from tests.conftest import PG_URL, seeded_database

CARTS = 24  # enough that both partitions of 2 get carts (P(all in one) = 2 ** -23)


# ---- the setting and the rule ------------------------------------------------------------------


@pytest.mark.parametrize(
    "value, reason",
    [
        ("sqlite:///a.db,,sqlite:///b.db", "item 1 is empty"),
        ("mysql://h/db", "must start with"),
        ("postgresql://127.0.0.1:5432", "names no database"),
        ("sqlite:///", "names no SQLite file"),
        ("sqlite:///a.db, sqlite:///a.db", "listed twice"),
    ],
)
def test_a_malformed_partition_list_stops_the_settings(value: str, reason: str) -> None:
    with pytest.raises(ValueError, match=reason):
        parse_partition_urls(value)
    with pytest.raises(ValidationError, match=reason):
        Settings(cart_partition_urls=value)


def test_the_default_is_one_store_and_the_rule_is_the_id_modulo_n() -> None:
    assert Settings(cart_partition_urls="").cart_partitions == []
    two = Settings(cart_partition_urls=" postgresql://h/a , postgresql://h/b ")
    assert two.cart_partitions == ["postgresql://h/a", "postgresql://h/b"]
    cart_id = UUID(int=7)
    assert partition_of(cart_id, 1) == 0
    assert partition_of(cart_id, 2) == 1
    assert partition_of(cart_id, 3) == 1
    with pytest.raises(ValueError):
        partition_of(cart_id, 0)
    assert [tracking_name(i) for i in range(3)] == ["carts", "carts_p1", "carts_p2"]
    assert [partition_index(tracking_name(i)) for i in range(12)] == list(range(12))
    for name in ("carts_p0", "carts_p01", "carts_p", "carts_px", "carts_p1x", "other", "carts_p-1"):
        with pytest.raises(ValueError):
            partition_index(name)


def test_every_public_method_of_the_cart_application_is_routed() -> None:
    """A method added to ``CartApplication`` (e.g. an async command path) must be routed by cart
    in ``PartitionedCartApplication`` too: this fails until it is."""
    public = {
        name
        for name, value in vars(CartApplication).items()
        if not name.startswith("_") and inspect.isfunction(value)
    }
    assert public <= ROUTED_METHODS, f"not routed: {sorted(public - ROUTED_METHODS)}"
    for name in ROUTED_METHODS:
        mine = getattr(PartitionedCartApplication, name)
        theirs = getattr(CartApplication, name)
        assert inspect.iscoroutinefunction(mine) == inspect.iscoroutinefunction(theirs), name
        assert (
            list(inspect.signature(mine).parameters)[:2] == list(inspect.signature(theirs).parameters)[:2]
        ), name


# ---- in process: the router on two stores ------------------------------------------------------


def _router(settings: Settings, catalog: FakeCatalog) -> PartitionedCartApplication:
    migrate_partitions(settings)
    return PartitionedCartApplication(
        [build_partition(settings, i, catalog) for i in range(len(settings.cart_partitions))]
    )


def _stored_ids(url: str) -> set[str]:
    """The cart ids with events in the partition store at ``url``."""
    if url.startswith("sqlite"):
        with sqlite3.connect(url.split(":///", 1)[1]) as conn:
            return {str(UUID(row[0])) for row in conn.execute("SELECT originator_id FROM stored_events")}
    engine = create_engine(sqlalchemy_url(url))
    try:
        with engine.connect() as conn:
            return {str(row[0]) for row in conn.execute(text("SELECT originator_id FROM carts_events"))}
    finally:
        engine.dispose()


def check_router(router: PartitionedCartApplication, urls: list[str], main_url: str) -> None:
    """Carts spread over both partitions, each cart's events only in its own store; commands,
    history, the support replay's reads, ``record_order`` through the router; each partition's
    projector fills ``cart_current`` in the main database under its own tracking row."""
    from services.support import service as support

    tokens = [new_token() for _ in range(CARTS)]
    for n, token in enumerate(tokens):
        router.start(token)
        router.execute(token, {"type": "add", "product_id": 1, "variation_id": None}, f"k{n}")
        router.execute(token, {"type": "set_country", "country": "US" if n % 2 else "DE"}, f"c{n}")
    where = {str(cart_id_for(t)): partition_of(cart_id_for(t), 2) for t in tokens}
    assert set(where.values()) == {0, 1}, "both partitions hold carts"
    stored = [_stored_ids(url) for url in urls]
    for cart_id, index in where.items():
        assert cart_id in stored[index]
        assert cart_id not in stored[1 - index], f"{cart_id} stored in both partitions"

    token = tokens[0]
    assert router.state(token)["version"] == 3
    assert [e["type"] for e in router.history(token)][-1] == "CountrySet"
    assert router.get_cart(token, version=2).version == 2
    again = router.execute(token, {"type": "add", "product_id": 1, "variation_id": None}, "k0")
    assert again.replayed
    cart_id = cart_id_for(token)
    assert router.repository.get(cart_id).version == 3  # what the support timeline reads
    assert len(list(router.repository.event_store.get(cart_id))) == 3
    assert len(list(router.events.get(cart_id, desc=True, limit=1))) == 1  # checkout's GA4 read
    ordered = router.record_order(token, "9001", 1190, "EUR")
    assert ordered["lines"] == [] and router.state(token)["orders"] == ["9001"]
    with pytest.raises(NotFound):
        router.state(new_token())
    assert router.recorder.max_notification_id() == sum(
        int(p.recorder.max_notification_id() or 0) for p in router.partitions
    )

    engine = shared_db.get_engine(main_url)
    for app in partition_apps(router):
        with CartProjector(app, engine, poll_interval=0.01) as projector:
            projector.catch_up()
            assert projector.writer.position() == app.recorder.max_notification_id()
    with engine.connect() as conn:
        rows = dict(conn.execute(text("SELECT cart_id, version FROM cart_current")).all())
        tracked = cart_current_tracking(conn)
    assert {cid: rows.get(cid) for cid in where} == {
        str(cart_id_for(t)): router.state(t)["version"] for t in tokens
    }
    assert tracked == {p.name: p.recorder.max_notification_id() for p in router.partitions}
    # A rebuild across partitions (``shop rebuild-projections``): every tracking back to 0 and
    # the view emptied before any partition catches up, so none empties another's rows.
    projectors = [CartProjector(app, engine) for app in partition_apps(router)]
    for projector in projectors:
        projector.reset()
    for projector in projectors:
        projector.catch_up()
    with engine.connect() as conn:
        rebuilt = dict(conn.execute(text("SELECT cart_id, version FROM cart_current")).all())
    assert rebuilt == rows
    with shared_db.get_sessionmaker(main_url)() as session:
        timeline = support.timeline(session, router, str(cart_id))  # type: ignore[arg-type]
    assert timeline.document["version"] == 4


def test_two_sqlite_partitions_route_store_and_project(db_url: str, tmp_path: Path) -> None:
    urls = [f"sqlite:///{tmp_path / f'part{i}' / 'events.sqlite3'}" for i in range(2)]
    settings = Settings(database_url=db_url, cart_partition_urls=",".join(urls), data_dir=tmp_path / "data")
    router = _router(settings, FakeCatalog(shop_products(), [GERMANY, USA]))
    try:
        check_router(router, urls, db_url)
    finally:
        router.close()


# ---- PostgreSQL: partition databases of the test's own -----------------------------------------


def _database_url(url: str, name: str) -> str:
    """``url`` (without its ``search_path`` options) naming the database ``name``."""
    parts = urlsplit(url)
    return urlunsplit((parts.scheme, parts.netloc, f"/{name}", "", ""))


def partition_databases(schema_url: str, count: int) -> Iterator[list[str]]:
    """``count`` new databases on the test database's server, named ``<test db>_<schema>_p<i>``
    (the schema is private to this pytest process, so parallel runs never share one), with the
    event store's tables (``migrate_partitions``); dropped afterwards. Yields their URLs."""
    base = PG_URL
    database = urlsplit(base).path.lstrip("/") or "postgres"
    schema = schema_url.rsplit("search_path%3D", 1)[1].split("&")[0]
    names = [f"{database}_{schema}_p{i}"[:63] for i in range(count)]
    admin = create_engine(_database_url(base, "postgres"), isolation_level="AUTOCOMMIT")
    try:
        with admin.connect() as conn:
            for name in names:
                conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
                conn.execute(text(f'CREATE DATABASE "{name}"'))
        urls = [_database_url(base, name).replace("postgresql+psycopg://", "postgresql://") for name in names]
        migrate_partitions(Settings(cart_partition_urls=",".join(urls)))
        yield urls
    finally:
        with admin.connect() as conn:
            for name in names:
                conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()


if PG_URL:

    @pytest.fixture
    def partitions(pg_schema_url: str | None) -> Iterator[list[str]]:
        """Two partition databases of this test (made and dropped by it)."""
        assert pg_schema_url is not None
        yield from partition_databases(pg_schema_url, 2)

    def test_two_postgres_partitions_route_store_and_project(
        db_url: str, partitions: list[str], tmp_path: Path
    ) -> None:
        settings = Settings(database_url=db_url, cart_partition_urls=",".join(partitions), cart_pool_size=2)
        router = _router(settings, FakeCatalog(shop_products(), [GERMANY, USA]))
        try:
            check_router(router, partitions, db_url)
        finally:
            router.close()

    @pytest.fixture
    def partitioned_shop(
        tmp_path_factory: pytest.TempPathFactory, pg_schema_url: str | None, partitions: list[str]
    ) -> Iterator[str]:
        """The crash test's catalogue in the migrated main schema; ``CART_PARTITION_URLS``
        names the two partition databases (the subprocesses inherit it)."""
        env = {"CART_PARTITION_URLS": ",".join(partitions)}
        with seeded_database(tmp_path_factory, pg_schema_url, "partitions", seed, env) as (url, _):
            yield url

    @pytest.mark.usefixtures("one_cluster_at_a_time")
    def test_api_on_two_partitions_with_a_worker_each_loses_nothing_across_kill_9(
        partitioned_shop: str, partitions: list[str], tmp_path: Path
    ) -> None:
        # Three processes with two partitions each side: pools smaller than SMALL_POOLS, so this
        # test and the process test of the other pytest worker stay under PostgreSQL's 100
        # connections (the API: 2 x (2 + 2) event-store + 2 + 4 SQLAlchemy connections).
        pools = {"DB_POOL_SIZE": "2", "DB_MAX_OVERFLOW": "4", "CART_POOL_SIZE": "2"}
        api = Server(free_port(), tmp_path / "api.log", {"RUN_PROJECTIONS": "false", **pools})
        workers = [Worker(tmp_path / f"worker{i}.log", pools, partition=i) for i in range(2)]
        processes = [api, *workers]
        try:
            with running(*processes):
                with httpx.Client(base_url=api.base_url, timeout=30) as http:
                    tokens = [http.post("/api/cart").json()["token"] for _ in range(CARTS // 3)]
                homes = {partition_of(cart_id_for(t), 2) for t in tokens}
                assert homes == {0, 1}, "the load reaches both partitions"
                load = SharedCartLoad(
                    [api.base_url],
                    tokens,
                    PRODUCTS,
                    clients_per_cart=CLIENTS_PER_CART // 2,
                    prefix="parts",
                    timeout=30.0,
                    deadline=600.0,
                )
                load.start()
                total = len(load.logs) * 18
                wait_for(lambda: load.answered >= total // 4 or load.done(), 120, lambda: f"{load.answered}")
                assert load.answered < total, "the kill must come mid-load"
                workers[1].kill()
                workers[1].start()
                assert load.join(), "clients still running after the deadline"

                problems = [
                    f"cart {log.cart} client {log.client}: {log.error}" for log in load.logs if log.error
                ]
                problems += [f"{s.key}: unexpected answer {s.unexpected}" for s in load.sent if s.unexpected]
                problems += [f"{s.key}: never answered" for s in load.sent if s.status is None]
                assert not problems, "\n".join(problems[:20]) + f"\nlog:\n{api.output()}"
                reports = check_carts(api.base_url, load)
                findings = [f"cart {n}: {p}" for n, r in enumerate(reports) for p in r.problems]
                assert not findings, "\n".join(findings)
                assert sum(r.acknowledged for r in reports) == len(load.sent) == total

                stored = [_stored_ids(url) for url in partitions]
                for token in tokens:
                    cid, home = str(cart_id_for(token)), partition_of(cart_id_for(token), 2)
                    assert cid in stored[home] and cid not in stored[1 - home]

                logs = {tracking_name(index): url for index, url in enumerate(partitions)}
                wait_for_cart_current(partitioned_shop, api.base_url, tokens, logs=logs)
                for process in processes:
                    assert "Traceback" not in process.output(10**6), process.output()
        finally:
            get_settings.cache_clear()


# ---- checkout over HTTP on a partitioned shop (SQLite files, or PostgreSQL databases) ----------


@pytest.fixture
def partition_stores(tmp_path: Path, pg_schema_url: str | None) -> Iterator[list[str]]:
    """Two partition stores of the test: databases of its own on PostgreSQL
    (:func:`partition_databases`), SQLite files otherwise, tables made either way."""
    if pg_schema_url:
        yield from partition_databases(pg_schema_url, 2)
        return
    urls = [f"sqlite:///{tmp_path / f'part{i}.sqlite3'}" for i in range(2)]
    migrate_partitions(Settings(cart_partition_urls=",".join(urls), data_dir=tmp_path))
    yield urls


def test_checkout_places_orders_for_carts_of_both_partitions(
    tmp_path_factory: pytest.TempPathFactory, pg_schema_url: str | None, partition_stores: list[str]
) -> None:
    """The HTTP shop with ``CART_PARTITION_URLS``: carts made, filled, handed off and ordered
    through the API; each order recorded on its cart (``record_order``, in the cart's own
    partition), the replay of the order answered from the same order."""
    from fastapi.testclient import TestClient

    from services.api.app import create_app
    from services.cart.deps import get_cart_app
    from tests.checkout.conftest import cart, place, product
    from tests.checkout.conftest import seed as checkout_seed

    env = {
        "CART_PARTITION_URLS": ",".join(partition_stores),
        "RUN_PROJECTIONS": "false",
        "RATE_LIMIT_PLACE_ORDER": "",
        "MAIL_BACKEND": "outbox",
        "CART_POOL_SIZE": "2",
    }
    with seeded_database(tmp_path_factory, pg_schema_url, "partitioned-checkout", checkout_seed, env) as (
        url,
        _,
    ):
        with shared_db.get_sessionmaker(url)() as session:
            pid = product(session)
        with TestClient(create_app()) as http:
            router = get_cart_app()
            assert isinstance(router, PartitionedCartApplication) and router.count == 2
            tokens = [cart(http, (pid, 1)) for _ in range(8)]
            assert {partition_of(cart_id_for(t), 2) for t in tokens} == {0, 1}
            for token in tokens:
                answer = place(http, token, key=f"order-{token[:8]}")
                assert answer.status_code == 201, answer.text
                order_id = str(answer.json()["order"]["id"])
                again = place(http, token, key=f"order-{token[:8]}")
                assert str(again.json()["order"]["id"]) == order_id
                state = router.state(token)
                assert state["orders"] == [order_id] and state["lines"] == []
                home = router.for_token(token)
                assert home is router.partitions[partition_of(cart_id_for(token), 2)]
                assert [e["type"] for e in home.history(token)][-1] == "OrderPlaced"


# ---- the analytics read models across partitions (docs/operations.md, "Projections per partition")


def analytics_tracking(engine: Any) -> dict[tuple[str, str], int]:
    """``(application name, projection name) -> position`` of every analytics tracking row."""
    with engine.connect() as conn:
        rows = conn.execute(
            text(
                "SELECT application_name, projection_name, notification_id FROM projection_tracking "
                "WHERE projection_name LIKE 'analytics%'"
            )
        ).all()
    return {(app, name): int(position) for app, name, position in rows}


def seeded_tokens(rng: random.Random, count: int) -> list[str]:
    """``count`` cart tokens (256 bits, URL-safe, like ``new_token``) drawn from ``rng``."""
    return [base64.urlsafe_b64encode(rng.randbytes(32)).rstrip(b"=").decode() for _ in range(count)]


def project_live(
    router: PartitionedCartApplication,
    engine: Any,
    catalog: FakeCatalog,
    rng: random.Random,
    tokens: list[str],
    abandoned_after: timedelta,
) -> None:
    """Random shoppers on ``tokens`` (adds, configured builds, counts, coupons, checkout with and
    without the hand-off, orders placed through ``record_order``, a price change now and then;
    ``tests/analytics/test_projection.drive``), each partition's log followed by its own
    analytics projector in small batches between rounds of commands, as ``project --partition
    I`` follows it; then one sweep."""
    live = [
        AnalyticsProjector(app, engine, abandoned_after=abandoned_after, batch_size=7, poll_interval=0.01)
        for app in partition_apps(router)
    ]
    for _ in range(4):
        drive(router, engine, catalog, rng, tokens, 45)  # type: ignore[arg-type]
        for projector in live:
            projector.catch_up()
    live[0].sweep(datetime.now(UTC))  # the table is every partition's: one sweep sees them all
    assert analytics_tracking(engine) == caught_up(router)


def caught_up(router: PartitionedCartApplication) -> dict[tuple[str, str], int]:
    """:func:`analytics_tracking` when every partition's seven projections are at its log's head."""
    return {
        (app.name, name): int(app.recorder.max_notification_id() or 0)
        for app in router.partitions
        for name in projection_names()
    }


def analytics_router(
    main_url: str, urls: list[str], tmp_path: Path, catalog: FakeCatalog
) -> PartitionedCartApplication:
    """The router on the partition stores ``urls`` with ``catalog`` and its coupons."""
    settings = Settings(
        database_url=main_url,
        cart_partition_urls=",".join(urls),
        data_dir=tmp_path / "data",
        cart_pool_size=2,
    )
    return _router(settings, put_coupons(catalog))


def test_analytics_rebuilt_from_both_partitions_equals_what_they_projected_live(
    db_url: str,
    partition_stores: list[str],
    tmp_path: Path,
    catalog: FakeCatalog,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Both partitions' logs followed live into the one database, then ``rebuild_logs`` with a
    projector per partition: the seven read models and their state hold exactly the rows of
    the live run, in one process and with rebuild worker processes (each reading its own
    partition's log). Abandonment after 1 microsecond, so every gap makes abandonments and
    returns."""
    # The rebuild workers are spawned: they read the partitions from the environment.
    monkeypatch.setenv("CART_PARTITION_URLS", ",".join(partition_stores))
    get_settings.cache_clear()
    router = analytics_router(db_url, partition_stores, tmp_path, catalog)
    engine = shared_db.get_engine(db_url)
    try:
        # Tokens from a seed, like the shoppers' moves: which carts order, and so whether both
        # partitions hold orders, is then the same in every run (random tokens left one partition
        # without an order now and then).
        tokens = seeded_tokens(random.Random(16), 16)
        homes = {partition_of(cart_id_for(t), 2) for t in tokens}
        assert homes == {0, 1}
        project_live(router, engine, catalog, random.Random(21), tokens, THRESHOLD)
        live = tables(engine)

        # What the run holds: carts of both partitions ordered, hand-offs, coupons, abandonment.
        events = live["analytics_cart_events"]
        types = {row[6] for row in events}
        assert {"OrderPlaced", "CheckoutStarted", "Cleared", "CouponApplied", "CommandRefused"} <= types
        ordered = {row[0] for row in events if row[6] == "OrderPlaced"}
        assert {partition_of(UUID(cid), 2) for cid in ordered} == {0, 1}, "orders in both partitions"
        assert live["analytics_abandoned_carts"] and live["analytics_revenue_daily"]
        with engine.connect() as conn:
            actions = set(conn.execute(text("SELECT action FROM analytics_coupon_ledger")).scalars())
            placed = conn.execute(
                text(
                    "SELECT COUNT(DISTINCT cart_id || ':' || version) FROM analytics_cart_events"
                    " WHERE event_type = 'OrderPlaced'"
                )
            ).scalar_one()
            orders = conn.execute(text("SELECT COUNT(*) FROM orders")).scalar_one()
            counted = conn.execute(text("SELECT SUM(orders) FROM analytics_revenue_daily")).scalar_one()
            started = conn.execute(
                text("SELECT day, country, currency, cart_id FROM analytics_funnel_carts")
            ).all()
        assert {"applied", "refused", "redeemed"} <= actions, actions
        assert orders == counted == placed > 0
        by_day: dict[tuple[Any, ...], set[int]] = {}
        for day, country, currency, cart_id in started:
            by_day.setdefault((day, country, currency), set()).add(partition_of(UUID(cart_id), 2))
        assert {0, 1} in by_day.values(), "a daily funnel row counts carts of both partitions"

        # Rows a rebuild must replace, not keep: some gone, some wrong.
        with engine.begin() as conn:
            conn.execute(text("DELETE FROM analytics_cart_events WHERE version > 3"))
            conn.execute(text("UPDATE analytics_funnel_daily SET carts_started = carts_started + 5"))
        progress: list[tuple[int, int]] = []
        rebuilders = [
            AnalyticsProjector(
                app, engine, abandoned_after=THRESHOLD, rebuild_workers=1, rebuild_batch_size=50
            )
            for app in partition_apps(router)
        ]
        positions = rebuild_logs(rebuilders, progress=lambda done, total: progress.append((done, total)))
        heads = [int(app.recorder.max_notification_id() or 0) for app in partition_apps(router)]
        assert positions == heads
        assert progress[-1] == (sum(heads), sum(heads))
        assert tables(engine) == live
        assert analytics_tracking(engine) == caught_up(router)

        # Shared by worker processes per partition (each worker reads its parent's partition).
        shared = [
            AnalyticsProjector(app, engine, abandoned_after=THRESHOLD, rebuild_workers=2, parallel_min=1)
            for app in partition_apps(router)
        ]
        assert rebuild_logs(shared) == heads
        assert tables(engine) == live
        # One projection alone: the others keep their rows, and its own rows come back.
        funnel = [
            AnalyticsProjector(app, engine, abandoned_after=THRESHOLD) for app in partition_apps(router)
        ]
        assert rebuild_logs(funnel, "analytics_funnel_daily") == heads
        assert tables(engine) == live
    finally:
        router.close()


def test_a_partition_projector_of_a_changed_projection_makes_every_partition_back_fill(
    db_url: str, partition_stores: list[str], tmp_path: Path, catalog: FakeCatalog
) -> None:
    """A projection whose code version changed is emptied by the first projector that starts
    (of any partition); every partition's tracking of it goes back to 0 with it, so the other
    partitions' carts come back too (not only the first partition's)."""
    router = analytics_router(db_url, partition_stores, tmp_path, catalog)
    engine = shared_db.get_engine(db_url)
    try:
        tokens = [new_token() for _ in range(12)]
        project_live(router, engine, catalog, random.Random(5), tokens, timedelta(minutes=60))
        live = tables(engine)
        with engine.begin() as conn:
            conn.execute(text("UPDATE analytics_projections SET version = version + 100"))
        apps = partition_apps(router)
        restarted = [AnalyticsProjector(app, engine, abandoned_after=timedelta(minutes=60)) for app in apps]
        assert set(analytics_tracking(engine).values()) == {0}
        for projector in restarted:
            projector.catch_up()
        assert tables(engine) == live
    finally:
        router.close()


def test_the_rebuild_commands_rebuild_the_analytics_of_every_partition(
    db_url: str,
    partition_stores: list[str],
    tmp_path: Path,
    catalog: FakeCatalog,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``shop projections rebuild analytics_...`` (each of the seven), ``projections rebuild
    all`` and ``rebuild-projections`` with two ``CART_PARTITION_URLS``: exit code 0 (no longer 2),
    a line per partition, and the analytics tables equal to what the partitions projected
    live (abandonment after the setting's 60 minutes, as the commands use)."""
    from typer.testing import CliRunner

    from services.api.cli import app as cli

    monkeypatch.setenv("CART_PARTITION_URLS", ",".join(partition_stores))
    monkeypatch.setenv("ANALYTICS_ABANDONED_AFTER_MINUTES", "60")
    monkeypatch.setenv("CART_POOL_SIZE", "2")
    monkeypatch.setenv("CART_PARTITION", "0")  # the commands move it; restored after the test
    get_settings.cache_clear()
    router = analytics_router(db_url, partition_stores, tmp_path, catalog)
    engine = shared_db.get_engine(db_url)
    runner = CliRunner()
    try:
        tokens = [new_token() for _ in range(12)]
        project_live(router, engine, catalog, random.Random(8), tokens, timedelta(minutes=60))
        live = tables(engine)
        assert live["analytics_cart_events"] and live["analytics_funnel_daily"]
        heads = [int(app.recorder.max_notification_id() or 0) for app in partition_apps(router)]

        for name in [*projection_names(), "all"]:
            with engine.begin() as conn:  # a rebuild must bring the rows of what it rebuilds back
                for projection in all_projections(engine.dialect.name, timedelta(minutes=60)):
                    if name in ("all", projection.name):
                        conn.execute(projection.tables[0].delete())
            result = runner.invoke(cli, ["projections", "rebuild", name])
            assert result.exit_code == 0, result.output
            for partition, head in enumerate(heads):
                assert f"(partition {partition}) rebuilt up to notification {head}" in result.output
            assert tables(engine) == live, name
        result = runner.invoke(cli, ["rebuild-projections"])
        assert result.exit_code == 0, result.output
        assert "not rebuilt" not in result.output
        assert "analytics_* rebuilt from 2 partitions" in result.output
        assert tables(engine) == live
        assert analytics_tracking(engine) == caught_up(router)
        with engine.connect() as conn:
            carts = conn.execute(text("SELECT COUNT(*) FROM cart_current")).scalar_one()
        assert carts == len({row[0] for row in live["analytics_cart_events"]})

        unknown = runner.invoke(cli, ["projections", "rebuild", "nosuch"])
        assert unknown.exit_code == 2 and "analytics_funnel_daily" in unknown.output
    finally:
        router.close()
