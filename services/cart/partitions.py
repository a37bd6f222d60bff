"""Cart streams partitioned across several event stores (``CART_PARTITION_URLS``).

With N partition URLs the cart with id ``cart_id`` (a UUID derived from its token,
``services.cart.domain.cart_id_for``) lives in partition ``cart_id.int % N``: every event and
snapshot of its stream is stored in that partition's database, and nowhere else. The rule is a
pure function of the id and N, so every process routes a cart the same way; N therefore cannot
change in place (a cart would be looked for in another store): docs/operations.md, "Past one
primary: partitioned cart streams", says how to add partitions.

:class:`PartitionedCartApplication` holds one :class:`CartApplication` per partition (each with
its own event store, connection pool, group committer and cart cache; one shared catalogue) and
offers the public interface of ``CartApplication``, each method delegating to the cart's
partition. It is what ``services.cart.deps.get_cart_app`` returns when partitions are set.

Each partition's application has its own *tracking name* (its ``name``): ``carts`` for
partition 0, so a one-partition setup keeps today's ``projection_tracking`` rows, and
``carts_p1``, ``carts_p2``... after it. The projections' tracking rows (``projection_tracking``,
keyed by application name) are thus distinct per partition. The library derives its table names
from the name it was *built* with: every partition is built as ``carts`` (tables
``carts_events``/``carts_snapshots`` in its own database, exactly migration 0020's) and renamed
afterwards, so migration 0020's DDL serves every partition unchanged
(:func:`migrate_partitions`).
"""

from __future__ import annotations

import importlib.util
import re
from collections.abc import Sequence
from types import ModuleType
from typing import Any
from uuid import UUID

import sqlalchemy as sa

from services.cart.application import CartApplication, CommandGuard, CommandResult
from services.cart.domain import Cart, cart_id_for
from services.cart.eventstore import partition_eventstore_env
from services.cart.facts import CatalogFacts
from services.cart.types import CartCommand, CartState
from services.shared.settings import REPO_ROOT, Settings

BASE_NAME = CartApplication.name  # "carts": the library's table prefix in every partition


def tracking_name(index: int) -> str:
    """The application name partition ``index`` (0-based) tracks its projections under:
    ``carts`` for 0 (today's single store), ``carts_p<index>`` after it."""
    if index < 0:
        raise ValueError(f"partition index must be >= 0, got {index}")
    return BASE_NAME if index == 0 else f"{BASE_NAME}_p{index}"


def partition_index(name: str) -> int:
    """The partition index whose tracking name is ``name`` (the inverse of
    :func:`tracking_name`: ``carts`` 0, ``carts_p<i>`` i); ``ValueError`` for any other name."""
    if name == BASE_NAME:
        return 0
    found = re.fullmatch(rf"{BASE_NAME}_p([1-9][0-9]*)", name)
    if found is None:
        raise ValueError(f"{name!r} is not the tracking name of a cart partition")
    return int(found.group(1))


def partition_of(cart_id: UUID, count: int) -> int:
    """The partition (0..count-1) of the cart ``cart_id``: ``cart_id.int % count``. Stable for a
    given ``count``; ``ValueError`` when ``count`` < 1."""
    if count < 1:
        raise ValueError(f"a partitioned store needs at least one partition, got {count}")
    return cart_id.int % count


def build_partition(settings: Settings, index: int, catalog: CatalogFacts | None = None) -> CartApplication:
    """Partition ``index``'s ``CartApplication`` on ``settings.cart_partitions[index]`` (its own
    event store and pool; snapshot interval from the settings; ``catalog`` shared), named
    :func:`tracking_name` ``(index)``. ``IndexError`` for an index out of range."""
    urls = settings.cart_partitions
    if not 0 <= index < len(urls):
        raise IndexError(f"partition {index} does not exist (CART_PARTITION_URLS lists {len(urls)})")
    env = partition_eventstore_env(settings, urls[index])
    env["CART_SNAPSHOT_INTERVAL"] = str(settings.cart_snapshot_interval)
    app = CartApplication(env, catalog=catalog)
    # Built as "carts" (the library's table names, migration 0020's), tracked under its own name.
    app.name = tracking_name(index)
    return app


class _RoutedEventStore:
    """``app.events`` / ``app.repository.event_store`` of the router: ``get`` by originator id,
    delegated to that cart's partition (what the support timeline and GA4 read)."""

    def __init__(self, router: PartitionedCartApplication) -> None:
        self._router = router

    def get(self, originator_id: UUID, *args: Any, **kwargs: Any) -> Any:
        """The partition's ``EventStore.get(originator_id, ...)``: that stream's events."""
        return self._router.for_cart(originator_id).events.get(originator_id, *args, **kwargs)


class _RoutedRepository:
    """``app.repository`` of the router: ``get`` of one aggregate, from its partition."""

    def __init__(self, router: PartitionedCartApplication) -> None:
        self._router = router
        self.event_store = _RoutedEventStore(router)

    def get(self, aggregate_id: UUID, *args: Any, **kwargs: Any) -> Any:
        """The partition's ``Repository.get(aggregate_id, ...)`` (``AggregateNotFoundError``
        when that partition has no such stream)."""
        return self._router.for_cart(aggregate_id).repository.get(aggregate_id, *args, **kwargs)


class _TotalRecorder:
    """``app.recorder`` of the router, for the callers that only ask how much the log holds
    (``seed-history``): ``max_notification_id`` is the sum of the partitions' (a count of
    events, not a notification id). Whole-log readers use one partition's application."""

    def __init__(self, router: PartitionedCartApplication) -> None:
        self._router = router

    def max_notification_id(self) -> int:
        """The sum over partitions of their logs' last notification id (0 when all are empty)."""
        return sum(int(p.recorder.max_notification_id() or 0) for p in self._router.partitions)


class PartitionedCartApplication:
    """The carts of N event stores behind the interface of one :class:`CartApplication`.

    ``partitions``: one application per partition, in partition order (at least one). Every
    method takes a cart token (or a cart) and runs on that cart's partition, with the same
    results and errors as ``CartApplication``'s. ``repository``/``events`` read one stream by
    cart id from its partition; whole-log reads (notifications, projections) take one
    partition's application from :attr:`partitions`. ``ValueError`` for no partitions.
    """

    def __init__(self, partitions: Sequence[CartApplication]) -> None:
        if not partitions:
            raise ValueError("a partitioned cart application needs at least one partition")
        self.partitions: list[CartApplication] = list(partitions)
        self.repository = _RoutedRepository(self)
        self.events = _RoutedEventStore(self)
        self.recorder = _TotalRecorder(self)

    # ---- routing --------------------------------------------------------------------------------

    @property
    def count(self) -> int:
        """How many partitions (N)."""
        return len(self.partitions)

    @property
    def catalog(self) -> CatalogFacts | None:
        """The catalogue facts every partition decides with (one shared object)."""
        return self.partitions[0].catalog

    @property
    def name(self) -> str:
        """Partition 0's tracking name (``carts``); each partition has its own."""
        return self.partitions[0].name

    def for_cart(self, cart_id: UUID) -> CartApplication:
        """The application of the partition that holds the cart ``cart_id``."""
        return self.partitions[partition_of(cart_id, len(self.partitions))]

    def for_token(self, token: str) -> CartApplication:
        """The application of the partition that holds the cart of ``token``."""
        return self.for_cart(cart_id_for(token))

    # ---- CartApplication's interface --------------------------------------------------------

    def start(self, token: str, country: str | None = None, guard: CommandGuard | None = None) -> CartState:
        """``CartApplication.start`` on the cart's partition."""
        return self.for_token(token).start(token, country, guard)

    def execute(
        self,
        token: str,
        command: CartCommand,
        command_id: str | None = None,
        guard: CommandGuard | None = None,
    ) -> CommandResult:
        """``CartApplication.execute`` on the cart's partition (same arguments and errors)."""
        return self.for_token(token).execute(token, command, command_id, guard)

    async def execute_async(
        self,
        token: str,
        command: CartCommand,
        command_id: str | None = None,
        guard: CommandGuard | None = None,
    ) -> CommandResult:
        """``CartApplication.execute_async`` on the cart's partition (same arguments and errors)."""
        return await self.for_token(token).execute_async(token, command, command_id, guard)

    def state(self, token: str) -> CartState:
        """``CartApplication.state`` on the cart's partition (NotFound 404)."""
        return self.for_token(token).state(token)

    def get_cart(self, token: str, version: int | None = None) -> Cart:
        """``CartApplication.get_cart`` on the cart's partition (NotFound 404)."""
        return self.for_token(token).get_cart(token, version)

    def history(self, token: str) -> list[dict[str, Any]]:
        """``CartApplication.history`` on the cart's partition."""
        return self.for_token(token).history(token)

    def record_order(self, token: str, order_id: str, total: int, currency: str) -> CartState:
        """``CartApplication.record_order`` on the cart's partition."""
        return self.for_token(token).record_order(token, order_id, total, currency)

    def decider_input(self, cart: Cart, *args: Any, **kwargs: Any) -> Any:
        """``CartApplication.decider_input`` on ``cart``'s partition."""
        return self.for_cart(cart.id).decider_input(cart, *args, **kwargs)

    def close(self) -> None:
        """Close every partition's application (each stops its committer, closes its pool). The
        shared catalogue's refresher is stopped by the first; closing it again is harmless."""
        errors: list[BaseException] = []
        for app in self.partitions:
            try:
                app.close()
            except Exception as exc:  # noqa: BLE001 - close the others, then raise
                errors.append(exc)
        if errors:
            raise errors[0]


# The public methods of CartApplication the router forwards by cart (tests/cart/test_partitions.py
# checks every public method CartApplication defines is one of them, so a method added to it on
# another branch fails that test until routed here).
ROUTED_METHODS = frozenset(
    {
        "start",
        "execute",
        "execute_async",
        "state",
        "get_cart",
        "history",
        "record_order",
        "decider_input",
        "close",
    }
)


def partition_apps(app: CartApplication | PartitionedCartApplication) -> list[CartApplication]:
    """The applications whose logs together hold every cart: the router's partitions, or
    ``[app]`` for the single store. For whole-log readers (projections, status, seed-history)."""
    if isinstance(app, PartitionedCartApplication):
        return list(app.partitions)
    return [app]


# ---- schema ------------------------------------------------------------------------------------


def _migration_0020() -> ModuleType:
    """Migration 0020 (the event store's DDL) as a module, loaded from its file."""
    path = REPO_ROOT / "migrations" / "versions" / "0020_event_store_tables.py"
    spec = importlib.util.spec_from_file_location("_migration_0020_event_store", path)
    assert spec is not None and spec.loader is not None, path
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def migrate_partitions(settings: Settings) -> list[str]:
    """Create the event-store tables in every partition's database with migration 0020's own
    statements (PostgreSQL: ``postgres_statements`` in the database's current schema, under an
    advisory lock so processes migrating at once do not collide; SQLite: ``SQLITE_STATEMENTS``
    in the URL's file). Idempotent ("if not exists"). Returns one line per partition for the
    operator. ``ValueError`` when no partitions are configured; database errors propagate."""
    urls = settings.cart_partitions
    if not urls:
        raise ValueError("CART_PARTITION_URLS is empty: there are no partitions to migrate")
    migration = _migration_0020()
    done = []
    for index, url in enumerate(urls):
        if url.startswith("sqlite"):
            env = partition_eventstore_env(settings, url)  # makes the file's folder
            engine = sa.create_engine(f"sqlite:///{env['SQLITE_DBNAME']}", connect_args={"timeout": 30})
            statements = list(migration.SQLITE_STATEMENTS)
        else:
            engine = sa.create_engine(_sqlalchemy_url(url))
            statements = []
        try:
            with engine.begin() as conn:
                if not statements:
                    conn.exec_driver_sql("SELECT pg_advisory_xact_lock(2020)")
                    schema = conn.execute(sa.text("SELECT current_schema()")).scalar_one()
                    statements = migration.postgres_statements(schema)
                for statement in statements:
                    conn.exec_driver_sql(statement)
        finally:
            engine.dispose()
        done.append(f"partition {index} ({tracking_name(index)}): event store ready at {_safe(url)}")
    return done


def _sqlalchemy_url(url: str) -> str:
    """A PostgreSQL URL for SQLAlchemy with psycopg 3 (the shop's driver)."""
    for prefix in ("postgresql://", "postgres://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix) :]
    return url


def _safe(url: str) -> str:
    """``url`` without its password, for printing."""
    return sa.engine.make_url(_sqlalchemy_url(url)).render_as_string(hide_password=True)


# ---- whole-log readers ---------------------------------------------------------------------------


def selected_partition() -> int | None:
    """The partition this process follows (the ``CART_PARTITION`` setting, which ``shop project
    --partition I`` sets for itself and the processes it spawns); None when unset."""
    from services.shared.settings import get_settings

    return get_settings().followed_partition


def _pick(count: int, partition: int | None) -> int:
    """The partition index to follow of ``count`` partitions (see :func:`projection_app`)."""
    partition = selected_partition() if partition is None else partition
    if partition is None:
        if count == 1:
            return 0
        raise ValueError(
            f"CART_PARTITION_URLS lists {count} partitions: each projection process follows one "
            "(`python -m services.api.cli project --partition I`, or CART_PARTITION=I)"
        )
    if not 0 <= partition < count:
        raise ValueError(f"partition {partition} does not exist (CART_PARTITION_URLS lists {count})")
    return partition


def projection_app(partition: int | None = None) -> CartApplication:
    """The application whose log a projection of this process follows: ``get_cart_app()`` for
    the single store (``partition`` must then be None or 0), else partition ``partition``'s
    (default: :func:`selected_partition`; with one partition, 0). ``ValueError`` when
    partitions are configured and none is chosen, or for an index out of range."""
    from services.cart.deps import get_cart_app

    app = get_cart_app()
    apps = partition_apps(app)
    if not isinstance(app, PartitionedCartApplication):
        if partition not in (None, 0):
            raise ValueError(f"partition {partition} does not exist (CART_PARTITION_URLS is empty)")
        return app
    return apps[_pick(len(apps), partition)]


def standalone_log_app(settings: Settings, log: str | None = None) -> CartApplication:
    """A new application (no catalogue) on one log: when partitions are set, the partition
    tracked as ``log`` (:func:`partition_index`; default the selected one,
    :func:`selected_partition`), built by :func:`build_partition`; else the single store's
    (``log`` is then ignored). For spawned readers (the analytics rebuild workers, which read
    the log of the projector that spawned them); the caller closes it. ``ValueError`` as
    :func:`projection_app`, or for a ``log`` that names no partition of the setting."""
    from services.cart.eventstore import eventstore_env

    if not settings.cart_partitions:
        return CartApplication(eventstore_env(settings))
    index = partition_index(log) if log is not None else None
    return build_partition(settings, _pick(len(settings.cart_partitions), index))


__all__ = [
    "BASE_NAME",
    "ROUTED_METHODS",
    "PartitionedCartApplication",
    "build_partition",
    "migrate_partitions",
    "partition_apps",
    "partition_index",
    "partition_of",
    "projection_app",
    "selected_partition",
    "standalone_log_app",
    "tracking_name",
]
