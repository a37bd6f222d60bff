"""Group commit: the carts of concurrent commands saved in one event-store transaction.

Why: every save takes the event store's table lock (PostgreSQL: ``LOCK TABLE ... IN EXCLUSIVE
MODE``, so notification order equals commit order; SQLite: its single writer lock). With one
transaction per command, 40 request threads queue on that lock, and a holder often waits for
the GIL before it can send COMMIT, so the lock is held for most of the time (bench/cart_commands.py
measured ~200 commands/s at 64 shoppers). Here one committer thread per process takes every
cart waiting to be saved and saves them together (one insert, one commit, one lock:
``store_adapter.record_batch``). Under load batches form on their own while the previous one commits; an idle
shop pays only a thread hand-off.

Correctness: a batch is one transaction, so it lands or fails whole. A stale write in it
(another process changed one of the carts) fails the batch with ``IntegrityError``; the
committer then saves the batch's units one by one, so only the stale one fails (its command
reloads the cart and decides again) and the others land. A unit must therefore be savable
again after a failed transaction: ``CartApplication`` hands over a cart *with its events
already collected*, not an aggregate whose pending events a first attempt would consume.
Two commands on the same cart are never in one batch: ``CartApplication`` holds the cart's lock
until its save returns.

Waiting: a thread waits with :meth:`GroupCommitter.save`; a coroutine on an event loop awaits
:meth:`GroupCommitter.save_async` (the committer wakes it with ``call_soon_threadsafe``: no
thread is parked for it: ``CartApplication.execute_async``, the one command path). The batch
is stored through ``services/cart/store_adapter.py``.
"""

from __future__ import annotations

import asyncio
import queue
import threading
from collections.abc import Callable
from concurrent.futures import Future
from typing import Any

from eventsourcing.persistence import IntegrityError

MAX_BATCH = 64

Done = Callable[[BaseException | None], None]


def _settle(future: asyncio.Future[None], exc: BaseException | None) -> None:
    if future.done():  # the awaiting coroutine was cancelled
        return
    if exc is None:
        future.set_result(None)
    else:
        future.set_exception(exc)


class GroupCommitter:
    """Saves units for ``save_many(*units)`` in batches from one thread (one call, one transaction
    per batch). A unit is whatever ``save_many`` accepts; ``CartApplication`` passes
    ``(cart, collected_events)``."""

    def __init__(self, save_many: Any, max_batch: int = MAX_BATCH) -> None:
        self._save_many = save_many
        self._max_batch = max_batch
        self._queue: queue.SimpleQueue[tuple[Any, Done] | None] = queue.SimpleQueue()
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()
        self._closed = False
        self.batches = 0
        self.saved = 0
        self.split_batches = 0  # batches that failed whole and were saved unit by unit

    def save(self, unit: Any) -> None:
        """Save ``unit``; returns once it is committed. Raises what its save raised
        (``IntegrityError`` for a stale write; ``RuntimeError`` once closed)."""
        future: Future[None] = Future()

        def done(exc: BaseException | None) -> None:
            if exc is None:
                future.set_result(None)
            else:
                future.set_exception(exc)

        self._submit(unit, done)
        future.result()

    def save_async(self, unit: Any) -> asyncio.Future[None]:
        """Like :meth:`save`, for a coroutine: an ``asyncio.Future`` of the running loop that
        resolves when ``unit`` is committed (or fails with what its save raised)."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[None] = loop.create_future()

        def done(exc: BaseException | None) -> None:
            loop.call_soon_threadsafe(_settle, future, exc)

        self._submit(unit, done)
        return future

    def close(self) -> None:
        """Stop the committer thread after the batches already queued."""
        with self._lock:
            self._closed = True
            thread = self._thread
        if thread is not None:
            self._queue.put(None)
            thread.join(timeout=10)

    def _submit(self, unit: Any, done: Done) -> None:
        self._ensure_thread()
        self._queue.put((unit, done))

    def _ensure_thread(self) -> None:
        if self._closed:
            raise RuntimeError("the cart application is closed")
        if self._thread is not None:
            return
        with self._lock:
            if self._closed:
                raise RuntimeError("the cart application is closed")
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="cart-group-commit", daemon=True)
                self._thread.start()

    def _fail_queued(self) -> None:
        """On stop: a save that slipped in while closing fails instead of waiting forever."""
        while True:
            try:
                item = self._queue.get_nowait()
            except queue.Empty:
                return
            if item is not None:
                item[1](RuntimeError("the cart application is closed"))

    def _commit(self, batch: list[tuple[Any, Done]]) -> None:
        try:
            self._save_many(*(unit for unit, _ in batch))
        except IntegrityError as exc:
            if len(batch) == 1:
                batch[0][1](exc)
                return
            # One stale unit fails the whole transaction: save them one by one, so only
            # the stale one fails.
            self.split_batches += 1
            for item in batch:
                self._commit([item])
            return
        except BaseException as exc:  # noqa: BLE001 - handed to every waiting command
            for _, done in batch:
                done(exc)
            return
        self.batches += 1
        self.saved += len(batch)
        for _, done in batch:
            done(None)

    def _run(self) -> None:
        while True:
            first = self._queue.get()
            if first is None:
                self._fail_queued()
                return
            batch = [first]
            stop = False
            while len(batch) < self._max_batch:
                try:
                    item = self._queue.get_nowait()
                except queue.Empty:
                    break
                if item is None:
                    stop = True
                    break
                batch.append(item)
            self._commit(batch)
            if stop:
                self._fail_queued()
                return
