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
* notifications (PostgreSQL): the event store sends ``NOTIFY`` on its channel with every insert;
  the projector ``LISTEN``s on it and, once told, lets ``batch_window`` seconds pass, then pulls
  everything recorded since its position (the same ``select_notifications`` as the pull mode)
  and applies it: one read and one transaction per window, in the projector's own thread.

Rows and their transactional writer: ``services/cart/projection_view.py`` (re-exported here).
``rebuild()`` empties the view, sets the tracking to 0 and catches up (>= 20,000 events/s,
``bench/projection_rebuild.py``). ``wait(notification_id)`` gives read-your-writes.
"""

from __future__ import annotations

import contextlib
import logging
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any
from uuid import UUID

from eventsourcing.persistence import Notification
from psycopg import Connection
from psycopg.sql import SQL, Identifier
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
    def uses_notifications(self) -> bool:
        """True when the event store sends notifications (PostgreSQL: ``follow_subscription``),
        False for SQLite/POPO (pulled every ``poll_interval``)."""
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
                if self.uses_notifications:
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
        """Follow the PostgreSQL log until ``stop_event`` is set: ``LISTEN`` on the event store's
        channel (``recorder.channel_name``; ``eventsourcing`` sends ``NOTIFY`` on it with every
        insert), catch up, and after every notification let ``batch_window`` seconds pass
        (:func:`wait_for_news`) and catch up again: everything recorded since the position, read
        in one ``select_notifications`` (up to ``batch_size``) and applied in one transaction.
        ``LISTEN`` comes before the first read, so nothing recorded meanwhile is missed. Errors
        propagate (``run_forever`` retries); a ``ProjectionConflict`` is handled by
        ``catch_up`` (position re-read).

        Why a window: each batch is one transaction (rows plus tracking). Under steady load
        the events come one or two at a time, so without a window the projector commits
        hundreds of tiny batches a second, and the per-batch cost (a pooled connection, the
        upsert, the tracking compare-and-set, the commit) took about a third as much CPU as
        the API workers themselves (``bench/cart_commands.py``), CPU the commands wait for on
        a 2-core machine. A 50 ms window (``PROJECTION_BATCH_WINDOW``) makes it a few dozen
        batches a second and adds at most that to the lag (target: p99 under 200 ms).

        Why not the library's ``ApplicationSubscription``: it reads the log again on every
        notification (one ``SELECT`` per insert transaction) in a thread of its own and hands
        the events over one at a time through two queues; with three projections following
        one log that machinery cost about a third of their CPU (docs/operations.md,
        Benchmarks). The channel and the connection are the library's public attributes."""
        recorder: Any = self.app.recorder
        channel = Identifier(recorder.channel_name)
        with recorder.datastore.get_connection() as conn:
            conn.execute(SQL("LISTEN {0}").format(channel))
            try:
                notified = _notified_on(conn)
                while not stop_event.is_set():
                    self.catch_up()
                    if not wait_for_news(notified, self.batch_window, stop_event):
                        return
            finally:
                # The pooled connection goes back without the subscription (psycopg would keep
                # every later NOTIFY for it); a broken one is discarded by the pool anyway.
                with contextlib.suppress(Exception):
                    conn.execute(SQL("UNLISTEN {0}").format(channel))

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


def wait_for_news(
    notified: Callable[[float], bool], window: float, stop_event: threading.Event, poll: float = 0.1
) -> bool:
    """Block until the log has news, then let ``window`` seconds pass so that what is recorded
    meanwhile joins the same batch. ``notified(timeout)`` is True when a notification came
    within ``timeout`` seconds (0: only one already there; it also takes every one already
    there, so those recorded during the window do not wake the next wait). Waits in steps of
    ``poll`` seconds to notice ``stop_event``. Returns True when there is news to read, False
    when ``stop_event`` was set first."""
    while not stop_event.is_set():
        if notified(poll):
            if window > 0 and stop_event.wait(window):
                return False
            notified(0)
            return True
    return False


def _notified_on(conn: Connection[Any]) -> Callable[[float], bool]:
    """``notified(timeout)`` for :func:`wait_for_news` on a ``LISTEN``ing psycopg connection:
    waits up to ``timeout`` seconds for one notification (0: takes all that are there)."""

    def notified(timeout: float) -> bool:
        got = False
        for _ in conn.notifies(timeout=timeout, stop_after=1 if timeout > 0 else None):
            got = True
        return got

    return notified


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
