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

Rows and their transactional writer: ``services/cart/projection_view.py`` (re-exported here).
``rebuild()`` empties the view, sets the tracking to 0 and catches up (>= 20,000 events/s,
``bench/projection_rebuild.py``). ``wait(notification_id)`` gives read-your-writes.
"""

from __future__ import annotations

import logging
import queue
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any
from uuid import UUID

from eventsourcing.persistence import Notification
from eventsourcing.projection import ApplicationSubscription
from sqlalchemy import Engine

from services.cart.application import CartApplication
from services.cart.domain import Cart
from services.cart.projection_view import (
    PROJECTION_NAME,
    CartViewWriter,
    ProjectionConflict,
    cart_current_row,
    cart_row,
)
from services.shared.gc_tuning import gc_paused

RowOf = Callable[[Cart, Sequence[Any]], dict[str, Any]]
"""``row(cart, events)``: the view row of ``cart`` (at the batch's last version) given the
batch's ``events`` of that cart; what the projector hands its writer."""

log = logging.getLogger(__name__)

_END = object()


class CartProjector:
    """Keeps ``cart_current`` up to date from ``app``'s notification log (see module docstring).

    ``batch_size`` notifications per transaction (``rebuild_batch_size`` when rebuilding);
    ``cache_size`` carts kept in memory;
    ``poll_interval`` seconds between pulls when the log is idle (pull mode). Thread-safe:
    batches are serialised by a lock, so ``catch_up``/``rebuild`` may run beside
    ``run_forever``. Other views of the cart log reuse it with their own ``writer`` (its own
    tracking row) and ``row`` (default: the ``cart_current`` row), e.g. the support index
    (``services/support/projection.py``); ``thread_name`` names its background thread.
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
        batch_window: float = 0.0,
        writer: CartViewWriter | None = None,
        row: RowOf = cart_current_row,
        thread_name: str = "cart-projection",
    ) -> None:
        self.app = app
        self.writer = writer or CartViewWriter(engine, app.name)
        self.row = row
        self.thread_name = thread_name
        self.batch_size = batch_size
        self.rebuild_batch_size = rebuild_batch_size
        self.cache_size = cache_size
        self.poll_interval = poll_interval
        self.batch_window = batch_window
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
        row_of = self.row
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
            rows.append(row_of(cart, events))
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

        with self._lock, ThreadPoolExecutor(1, thread_name_prefix=f"{self.thread_name}-read") as reader:
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
        with self._lock, gc_paused():
            self.writer.reset()
            self._reload_position()
            return self.catch_up(self.rebuild_batch_size)

    def reset(self) -> None:
        """Empty the view and set this projector's tracking to 0, without catching up: the
        first half of :meth:`rebuild`, for a view fed by several logs (partitioned cart streams,
        ``services/cart/partitions.py``), where every log's tracking must be at 0 before any
        of them catches up, since emptying the view empties the other logs' rows too."""
        with self._lock:
            self.writer.reset()
            self._reload_position()

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
                log.exception("%s failed; retrying", self.thread_name)
                self._cache.clear()
                stop_event.wait(1.0)
                if not stop_event.is_set():
                    try:
                        self._reload_position()
                    except Exception:
                        log.exception("%s cannot read its tracking row", self.thread_name)

    def follow_subscription(self, stop_event: threading.Event) -> None:
        """Apply events from ``ApplicationSubscription(app, gt=position)`` in micro-batches
        until ``stop_event`` is set: a batch is what arrives within ``batch_window`` seconds of
        its first event (0: whatever has arrived already), up to ``batch_size``. Returns early
        after a ``ProjectionConflict`` (the caller re-subscribes from the re-read position).

        Why a window: each batch is one transaction (rows plus tracking). Under steady load
        the events come one or two at a time, so without a window the projector commits
        hundreds of tiny batches a second, and the per-batch cost (a pooled connection, the
        upsert, the tracking compare-and-set, the commit) took about a third as much CPU as
        the API workers themselves (``bench/cart_commands.py``), CPU the commands wait for on
        a 2-core machine. A 50 ms window (``PROJECTION_BATCH_WINDOW``) makes it a few dozen
        batches a second and adds at most that to the lag (target: p99 under 200 ms)."""
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

            thread = threading.Thread(target=pump, name=f"{self.thread_name}-pump", daemon=True)
            thread.start()
            try:
                while not stop_event.is_set():
                    try:
                        item = inbox.get(timeout=0.1)
                    except queue.Empty:
                        continue
                    batch, end = take_batch(inbox, item, self.batch_size, self.batch_window, stop_event)
                    if end:
                        return
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
            target=self.run_forever, args=(self._stop,), name=self.thread_name, daemon=True
        )
        self._thread.start()

    def stop(self, timeout: float = 10.0) -> None:
        """Stop the background thread and wait for it (at most ``timeout`` seconds)."""
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout)
            self._thread = None

    def __enter__(self) -> CartProjector:
        """Start the background thread (``with CartProjector(...) as p:``)."""
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        """Stop the background thread and wait for it."""
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


def take_batch(
    inbox: queue.Queue[Any], first: Any, batch_size: int, window: float, stop_event: threading.Event
) -> tuple[list[tuple[int, Any]], bool]:
    """One micro-batch from the subscription's ``inbox``, starting with ``first``: items until
    ``batch_size``, or until ``window`` seconds after ``first`` with nothing more arriving (0:
    only what is already there), or ``stop_event``. Returns ``(batch, ended)``; ``ended`` is
    True when the subscription ended (the ``_END`` marker; the batch is then dropped, the
    caller stops). An exception the pump put in the inbox is raised."""
    batch: list[tuple[int, Any]] = []
    deadline = time.monotonic() + window
    item = first
    while True:
        if item is _END:
            return batch, True
        if isinstance(item, BaseException):
            raise item
        batch.append(item)
        if len(batch) >= batch_size:
            return batch, False
        try:
            item = inbox.get_nowait()
        except queue.Empty:
            left = deadline - time.monotonic()
            if left <= 0 or stop_event.is_set():
                return batch, False
            try:
                item = inbox.get(timeout=left)
            except queue.Empty:
                return batch, False


def build_projector(**kwargs: Any) -> CartProjector:
    """A projector for the configured databases (``get_cart_app()``, or with
    ``CART_PARTITION_URLS`` the partition this process follows: ``partitions.projection_app``,
    ``ValueError`` when none is chosen; and the relational engine)."""
    from services.cart.partitions import projection_app
    from services.shared.db import get_engine
    from services.shared.settings import get_settings

    settings = get_settings()
    kwargs.setdefault("poll_interval", settings.projection_poll_interval)
    kwargs.setdefault("batch_window", settings.projection_batch_window)
    return CartProjector(projection_app(), get_engine(), **kwargs)


__all__ = [
    "PROJECTION_NAME",
    "CartProjector",
    "CartViewWriter",
    "ProjectionConflict",
    "RowOf",
    "build_projector",
    "cart_current_row",
    "cart_row",
]
