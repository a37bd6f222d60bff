"""The ``cart_current`` projection: follows the cart application's notification log.

State-based: a batch of notifications is grouped by cart; each cart is brought to the batch's
highest version (from an in-memory LRU of ``Cart`` aggregates, applying the new events with
``event.mutate(cart)`` when the cached cart is exactly one event behind the batch, else
``app.repository.get(id, version=v)``, which uses snapshots); its row is computed from that
state (``cart_row``) and upserted. The rows and the projection's tracking position (the last
notification id of the batch) commit in ONE transaction (``CartViewWriter.commit``), so every
event is applied exactly once and a crash loses nothing: the next run resumes after the last
committed batch. The tracking row moves by compare-and-set, so two projectors (the API's
thread and ``shop project``) cannot apply a batch twice: the loser rolls back and re-reads.

Two ways to follow the log (``CartProjector.run_forever`` picks one by the event store):

* pull (SQLite, the default; also works on PostgreSQL): ``app.recorder.select_notifications``
  in sections of ``batch_size`` after the tracked id, polled every ``poll_interval`` seconds.
  Subscribing to a SQLite application raises ``NotImplementedError`` in ``eventsourcing``.
* subscription (PostgreSQL): ``eventsourcing.projection.ApplicationSubscription`` (LISTEN/NOTIFY
  plus pulls) yields ``(domain_event, tracking)``; a pump thread feeds a bounded queue and the
  projector takes micro-batches of whatever has arrived (up to ``batch_size``).

``rebuild()`` empties the view, sets the tracking to 0 and catches up (>= 20,000 events/s,
``bench/projection_rebuild.py``). ``wait(notification_id)`` gives read-your-writes.
"""

from __future__ import annotations

import gc
import logging
import queue
import threading
import time
from collections import OrderedDict
from collections.abc import Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from typing import Any
from uuid import UUID

from eventsourcing.persistence import Notification
from eventsourcing.projection import ApplicationSubscription
from sqlalchemy import Engine, delete, select, update
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert

from services.cart import rules
from services.cart.application import CartApplication
from services.cart.domain import Cart
from services.cart.readmodel import CartCurrent, ProjectionTracking

log = logging.getLogger(__name__)

PROJECTION_NAME = "cart_current"
_VIEW = CartCurrent.__table__
_TRACKING = ProjectionTracking.__table__
_END = object()


@contextmanager
def _gc_paused() -> Iterator[None]:
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def cart_row(cart: Cart) -> dict[str, Any]:
    """The ``cart_current`` row of ``cart`` (without ``refused_count``, which counts events).

    Money in minor units: ``subtotal_eur``/``subtotal_usd`` from ``rules.totals`` in each
    currency; ``total`` and ``tax_included`` in the cart's own currency."""
    lines = cart.lines
    eur = rules.totals(lines, "EUR", cart.tax_rate_bp)
    usd = rules.totals(lines, "USD", cart.tax_rate_bp)
    own = usd if cart.currency == "USD" else eur
    return {
        "cart_id": str(cart.id),
        "version": cart.version,
        "country": cart.country,
        "currency": cart.currency,
        "line_count": len(lines),
        "item_count": own["item_count"],
        "subtotal_eur": eur["subtotal"],
        "subtotal_usd": usd["subtotal"],
        "total": own["total"],
        "tax_included": own["tax_included"],
        "preorder": own["preorder"],
        "checkout_started": bool(cart.checkout_started),
        "lines": [
            {
                "line_id": line["line_id"],
                "product_id": line["product_id"],
                "variation_id": line.get("variation_id"),
                "sku": line.get("sku"),
                "count": int(line["count"]),
            }
            for line in lines
        ],
        "started_at": cart.created_on,
        "last_activity": cart.modified_on,
    }


class ProjectionConflict(Exception):
    """The tracking row was not where this projector left it (another projector, or a rebuild,
    moved it): the batch was rolled back; re-read the position and go on from there."""


class CartViewWriter:
    """Writes ``cart_current`` rows and the projection's tracking row, in one transaction.

    ``engine`` is the relational database (``services.shared.db.get_engine``). The tracking row
    is ``(projection_name, application_name)`` in ``projection_tracking``.
    """

    def __init__(self, engine: Engine, application_name: str, projection_name: str = PROJECTION_NAME) -> None:
        self.engine = engine
        self.application_name = application_name
        self.projection_name = projection_name
        self._key = (_TRACKING.c.projection_name == projection_name) & (
            _TRACKING.c.application_name == application_name
        )
        insert = pg_insert if engine.dialect.name == "postgresql" else sqlite_insert
        stmt = insert(_VIEW)
        keep = {"cart_id", "started_at", "refused_count"}
        self._upsert = stmt.on_conflict_do_update(
            index_elements=["cart_id"],
            set_={
                **{c.name: stmt.excluded[c.name] for c in _VIEW.columns if c.name not in keep},
                "refused_count": _VIEW.c.refused_count + stmt.excluded.refused_count,
            },
        )
        self._insert_tracking = (
            insert(_TRACKING)
            .values(projection_name=projection_name, application_name=application_name, notification_id=0)
            .on_conflict_do_nothing()
        )

    def position(self) -> int:
        """The last notification id committed (creates the tracking row at 0 if missing)."""
        with self.engine.begin() as conn:
            found = conn.execute(select(_TRACKING.c.notification_id).where(self._key)).scalar()
            if found is None:
                conn.execute(self._insert_tracking)
                found = conn.execute(select(_TRACKING.c.notification_id).where(self._key)).scalar_one()
            return int(found)

    def commit(self, expected: int, last_id: int, rows: Sequence[dict[str, Any]]) -> None:
        """Upsert ``rows`` and move tracking from ``expected`` to ``last_id``, atomically.

        ``refused_count`` in a row is the number of refusals in the batch; it is added to the
        stored count. Raises ``ProjectionConflict`` (nothing written) when the tracking row is
        not at ``expected``; any other error also rolls everything back."""
        with self.engine.begin() as conn:
            moved = conn.execute(
                update(_TRACKING)
                .where(self._key & (_TRACKING.c.notification_id == expected))
                .values(notification_id=last_id)
            )
            if moved.rowcount != 1:
                raise ProjectionConflict(f"tracking is not at {expected}")
            self.write_rows(conn, rows)

    def write_rows(self, conn: Any, rows: Sequence[dict[str, Any]]) -> None:
        """Upsert the view rows on ``conn`` (inside ``commit``'s transaction; tests override
        it to simulate a crash mid-batch)."""
        if rows:
            conn.execute(self._upsert, list(rows))

    def reset(self) -> None:
        """Empty the view and set the tracking to 0, in one transaction."""
        with self.engine.begin() as conn:
            conn.execute(delete(_VIEW))
            conn.execute(delete(_TRACKING).where(self._key))
            conn.execute(self._insert_tracking)


class CartProjector:
    """Keeps ``cart_current`` up to date from ``app``'s notification log (see module docstring).

    ``batch_size`` notifications per transaction (``rebuild_batch_size`` when rebuilding);
    ``cache_size`` carts kept in memory;
    ``poll_interval`` seconds between pulls when the log is idle (pull mode). Thread-safe:
    batches are serialised by a lock, so ``catch_up``/``rebuild`` may run beside
    ``run_forever``.
    """

    def __init__(
        self,
        app: CartApplication,
        engine: Engine,
        *,
        batch_size: int = 2000,
        rebuild_batch_size: int = 50_000,
        cache_size: int = 20_000,
        poll_interval: float = 0.1,
        writer: CartViewWriter | None = None,
    ) -> None:
        self.app = app
        self.writer = writer or CartViewWriter(engine, app.name)
        self.batch_size = batch_size
        self.rebuild_batch_size = rebuild_batch_size
        self.cache_size = cache_size
        self.poll_interval = poll_interval
        self._cache: OrderedDict[UUID, Cart] = OrderedDict()
        self._lock = threading.RLock()
        self._advanced = threading.Condition()
        self._position = self.writer.position()
        self._thread: threading.Thread | None = None
        self._stop = threading.Event()

    # ---- position -------------------------------------------------------------------------

    @property
    def position(self) -> int:
        """The last notification id this projector committed (or read from the tracking row)."""
        return self._position

    @property
    def uses_subscription(self) -> bool:
        """True when the event store supports subscriptions (PostgreSQL), False for SQLite/POPO."""
        return type(self.app.recorder).__name__.startswith("Postgres")

    def _reload_position(self) -> None:
        self._cache.clear()
        self._set_position(self.writer.position())

    def _set_position(self, value: int) -> None:
        with self._advanced:
            self._position = value
            self._advanced.notify_all()

    # ---- one batch ----------------------------------------------------------------------------

    def process(self, items: Sequence[tuple[int, Any]]) -> int:
        """Apply one batch of ``(notification_id, domain_event)`` in log order; commit the rows
        and tracking = the last id together. Returns the new position. Raises
        ``ProjectionConflict`` if the tracking moved under us (cache cleared, position re-read),
        re-raises any other error after clearing the cache (nothing of the batch is kept)."""
        if not items:
            return self._position
        with self._lock:
            expected = self._position
            fresh = [(nid, ev) for nid, ev in items if nid > expected]
            if not fresh:
                return expected
            try:
                rows = self._rows(fresh)
                self.writer.commit(expected, fresh[-1][0], rows)
            except ProjectionConflict:
                self._reload_position()
                raise
            except BaseException:
                self._cache.clear()
                raise
            self._set_position(fresh[-1][0])
            return self._position

    def _rows(self, items: Sequence[tuple[int, Any]]) -> list[dict[str, Any]]:
        by_cart: dict[UUID, list[Any]] = {}
        for _, ev in items:
            if isinstance(ev, Cart.Event):
                by_cart.setdefault(ev.originator_id, []).append(ev)
        rows = []
        cache = self._cache
        refused_type = Cart.CommandRefused
        for cart_id, events in by_cart.items():
            cart = cache.pop(cart_id, None)
            first, last = events[0].originator_version, events[-1].originator_version
            if (cart is None and first == 1) or (cart is not None and cart.version == first - 1):
                for ev in events:
                    cart = ev.mutate(cart)
            elif cart is None or cart.version != last:
                cart = self.app.repository.get(cart_id, version=last)
            assert cart is not None
            cache[cart_id] = cart
            row = cart_row(cart)
            row["refused_count"] = sum(1 for ev in events if isinstance(ev, refused_type))
            rows.append(row)
        while len(cache) > self.cache_size:
            cache.popitem(last=False)
        return rows

    def _decode(self, notifications: Sequence[Notification]) -> list[tuple[int, Any]]:
        to_domain_event = self.app.mapper.to_domain_event
        return [(n.id, to_domain_event(n)) for n in notifications]

    # ---- pull -------------------------------------------------------------------------------

    def catch_up(self, batch_size: int | None = None) -> int:
        """Pull and apply everything recorded so far, ``batch_size`` (default
        ``self.batch_size``) notifications per transaction; returns the last notification id
        applied (0 for an empty log). While a full batch is applied, the next one is already
        being read (one helper thread), so database reads overlap with decoding and applying."""
        limit = batch_size or self.batch_size
        select_notifications = self.app.recorder.select_notifications

        def fetch(after: int) -> Sequence[Notification]:
            return select_notifications(start=after, limit=limit, inclusive_of_start=False)

        with self._lock, ThreadPoolExecutor(1, thread_name_prefix="cart-projection-read") as reader:
            notes = fetch(self._position)
            while notes:
                ahead = reader.submit(fetch, notes[-1].id) if len(notes) == limit else None
                try:
                    self.process(self._decode(notes))
                except ProjectionConflict:
                    if ahead is not None:
                        ahead.result()
                    notes = fetch(self._position)
                    continue
                notes = ahead.result() if ahead is not None else []
            return self._position

    def rebuild(self) -> int:
        """Empty ``cart_current``, reset the tracking to 0, and catch up from the first event in
        batches of ``rebuild_batch_size`` (large, so a busy cart's row is computed once per
        batch rather than once per event). The cyclic garbage collector is paused meanwhile
        (tens of thousands of short-lived event objects made it rescan the heap over and over,
        halving the rate); the objects involved hold no cycles. Returns the last notification id
        applied."""
        with self._lock, _gc_paused():
            self.writer.reset()
            self._reload_position()
            return self.catch_up(self.rebuild_batch_size)

    # ---- follow -------------------------------------------------------------------------------

    def run_forever(self, stop_event: threading.Event) -> None:
        """Follow the log until ``stop_event`` is set: the subscription on PostgreSQL, pulls
        every ``poll_interval`` seconds otherwise. Errors (e.g. the database restarting) are
        logged and retried after a second; nothing is skipped."""
        while not stop_event.is_set():
            try:
                if self.uses_subscription:
                    self.follow_subscription(stop_event)
                else:
                    self.catch_up()
                    stop_event.wait(self.poll_interval)
            except ProjectionConflict:
                continue
            except Exception:
                log.exception("cart projection failed; retrying")
                self._cache.clear()
                stop_event.wait(1.0)
                if not stop_event.is_set():
                    try:
                        self._reload_position()
                    except Exception:
                        log.exception("cart projection cannot read its tracking row")

    def follow_subscription(self, stop_event: threading.Event) -> None:
        """Apply events from ``ApplicationSubscription(app, gt=position)`` in micro-batches
        (whatever arrived, up to ``batch_size``) until ``stop_event`` is set. Returns early after
        a ``ProjectionConflict`` (the caller re-subscribes from the re-read position)."""
        inbox: queue.Queue[Any] = queue.Queue(maxsize=4 * self.batch_size)
        done = threading.Event()
        with ApplicationSubscription(self.app, gt=self._position) as subscription:

            def offer(item: Any) -> bool:
                while not done.is_set():
                    try:
                        inbox.put(item, timeout=0.1)
                        return True
                    except queue.Full:
                        continue
                return False

            def pump() -> None:
                try:
                    for domain_event, tracking in subscription:
                        if not offer((tracking.notification_id, domain_event)):
                            return
                except BaseException as exc:  # noqa: BLE001 - handed to the consumer
                    offer(exc)
                else:
                    offer(_END)

            thread = threading.Thread(target=pump, name="cart-projection-pump", daemon=True)
            thread.start()
            try:
                while not stop_event.is_set():
                    try:
                        item = inbox.get(timeout=0.1)
                    except queue.Empty:
                        continue
                    batch: list[tuple[int, Any]] = []
                    while True:
                        if item is _END:
                            return
                        if isinstance(item, BaseException):
                            raise item
                        batch.append(item)
                        if len(batch) >= self.batch_size:
                            break
                        try:
                            item = inbox.get_nowait()
                        except queue.Empty:
                            break
                    try:
                        self.process(batch)
                    except ProjectionConflict:
                        return
            finally:
                done.set()
                subscription.stop()
                thread.join()

    # ---- background thread -----------------------------------------------------------------

    def start(self) -> None:
        """Run ``run_forever`` in a background thread (``stop()`` ends it)."""
        if self._thread is not None:
            return
        self._stop.clear()
        self._thread = threading.Thread(
            target=self.run_forever, args=(self._stop,), name="cart-projection", daemon=True
        )
        self._thread.start()

    def stop(self, timeout: float = 10.0) -> None:
        """Stop the background thread and wait for it (at most ``timeout`` seconds)."""
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout)
            self._thread = None

    def __enter__(self) -> CartProjector:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def wait(self, notification_id: int, timeout: float = 5.0) -> None:
        """Block until the view includes ``notification_id`` (read-your-writes), whoever
        projects it (this projector's thread or another process). Raises ``TimeoutError``
        after ``timeout`` seconds."""
        deadline = time.monotonic() + timeout
        while True:
            with self._advanced:
                if self._position >= notification_id:
                    return
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    break
                self._advanced.wait(min(remaining, 0.05))
            if self._position < notification_id and self._thread is None:
                stored = self.writer.position()  # another process may be projecting
                if stored > self._position and self._lock.acquire(blocking=False):
                    try:
                        self._reload_position()
                    finally:
                        self._lock.release()
        raise TimeoutError(f"cart_current did not reach notification {notification_id} in {timeout}s")


def build_projector(**kwargs: Any) -> CartProjector:
    """A projector for the configured databases (``get_cart_app()`` and the relational engine)."""
    from services.cart.deps import get_cart_app
    from services.shared.db import get_engine
    from services.shared.settings import get_settings

    settings = get_settings()
    kwargs.setdefault("poll_interval", settings.projection_poll_interval)
    return CartProjector(get_cart_app(), get_engine(), **kwargs)


__all__ = [
    "PROJECTION_NAME",
    "CartProjector",
    "CartViewWriter",
    "ProjectionConflict",
    "build_projector",
    "cart_row",
]
