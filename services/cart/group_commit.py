"""Group commit: the carts of concurrent commands saved in one event-store transaction.

Why: every save takes the event store's table lock (PostgreSQL: ``LOCK TABLE ... IN EXCLUSIVE
MODE``, so notification order equals commit order; SQLite: its single writer lock). With one
transaction per command, 40 request threads queue on that lock, and a holder often waits for
the GIL before it can send COMMIT, so the lock is held for most of the time (bench/cart_commands.py
measured ~200 commands/s at 64 shoppers). Here one committer thread per process takes every
cart waiting to be saved and saves them together (``Application.save(*carts)``: one insert, one
commit, one lock). Under load batches form on their own while the previous one commits; an idle
shop pays only a thread hand-off.

Correctness: a batch is one transaction, so it lands or fails whole. A stale write in it
(another process changed one of the carts) fails the whole batch with ``IntegrityError``; each
command then reloads its cart and decides again, exactly as it would after its own stale write.
Two commands on the same cart are never in one batch: ``CartApplication`` holds the cart's lock
until its save returns.
"""

from __future__ import annotations

import queue
import threading
from concurrent.futures import Future
from typing import Any

MAX_BATCH = 64


class GroupCommitter:
    """Saves aggregates for ``save_many`` (e.g. ``Application.save``) in batches from one thread."""

    def __init__(self, save_many: Any, max_batch: int = MAX_BATCH) -> None:
        self._save_many = save_many
        self._max_batch = max_batch
        self._queue: queue.SimpleQueue[tuple[Any, Future[None]] | None] = queue.SimpleQueue()
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()
        self._closed = False
        self.batches = 0
        self.saved = 0

    def save(self, aggregate: Any) -> None:
        """Save ``aggregate``'s pending events; returns once they are committed. Raises what the
        batch's save raised (``IntegrityError`` for a stale write in the batch)."""
        future: Future[None] = Future()
        self._ensure_thread()
        self._queue.put((aggregate, future))
        future.result()

    def close(self) -> None:
        """Stop the committer thread after the batches already queued."""
        with self._lock:
            self._closed = True
            thread = self._thread
        if thread is not None:
            self._queue.put(None)
            thread.join(timeout=10)

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
                item[1].set_exception(RuntimeError("the cart application is closed"))

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
            try:
                self._save_many(*(aggregate for aggregate, _ in batch))
            except BaseException as exc:  # noqa: BLE001 - handed to every waiting command
                for _, future in batch:
                    future.set_exception(exc)
            else:
                self.batches += 1
                self.saved += len(batch)
                for _, future in batch:
                    future.set_result(None)
            if stop:
                self._fail_queued()
                return
