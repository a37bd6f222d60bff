"""The analytics projector: follows the cart log into the seven ``analytics_*`` read models
(docs/analytics.md; the projections are in ``projections.py``, the facts in ``domain.py``).

One reader, seven trackings. The projector reads and decodes each batch of notifications once,
folds every cart's events in log order (the ``Cart`` aggregate BEFORE each event, from an LRU
of aggregates or ``app.repository.get(id, version=v - 1)``, which uses snapshots) into
``CartFact``s, then gives each projection the facts after its own position; its rows commit with
its own ``projection_tracking`` row, moved by compare-and-set, in the same transaction (the
projections that are behind share one transaction per batch): every projection applies every
event exactly once, can be rebuilt alone (``rebuild(name)``) and can lag behind the others (the
reader starts from the lowest position). A crash loses nothing: each projection resumes after
its last committed batch.

``analytics_projections`` holds the code version each projection was built with; at start-up a
projection that is new or whose ``Projection.version`` changed is emptied and back-filled from
the whole log while the shop keeps running (it simply starts at position 0).

Following the log, thread handling and ``wait`` are the cart projector's
(``services/cart/projection.py``: pulls on SQLite, the subscription on PostgreSQL); ``start``
also runs a sweeper thread that records carts idle past the abandonment threshold
(``sweep(now)``, every ``sweep_interval`` seconds).
"""

from __future__ import annotations

import contextlib
import logging
import multiprocessing
import os
import queue
import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta
from typing import Any
from uuid import UUID

from eventsourcing.persistence import Notification
from sqlalchemy import Engine, select, update

from services.analytics.domain import CartFact, fact_of
from services.analytics.projections import Projection, all_projections
from services.analytics.read_models import AnalyticsProjectionVersion
from services.cart.application import CartApplication
from services.cart.domain import Cart
from services.cart.projection import CartProjector
from services.cart.projection_view import CartViewWriter, ProjectionConflict
from services.cart.readmodel import ProjectionTracking
from services.shared.gc_tuning import gc_paused

log = logging.getLogger(__name__)

Progress = Callable[[int, int], None]
"""``progress(done, total)``: notifications read so far and in all, during a rebuild."""

_VERSIONS = AnalyticsProjectionVersion.__table__
PEEK = 32  # notifications read past a batch to finish its last command
PARALLEL_MIN = 20_000  # notifications from which a full rebuild is shared by worker processes
INCOMPLETE = -1  # the version recorded for a projection while a parallel rebuild fills it


def _command_key(event: Any) -> tuple[Any, ...]:
    return (event.originator_id, getattr(event, "command_id", None), getattr(event, "request_hash", None))


class _Tracked:
    """A projection with its tracking row (``CartViewWriter``'s compare-and-set) and the
    position it last committed."""

    def __init__(self, projection: Projection, engine: Engine, application_name: str) -> None:
        self.projection = projection
        self.writer = CartViewWriter(engine, application_name, projection.name)
        self.position = self.writer.position()


class _Positions:
    """What ``CartProjector`` calls its writer: only ``position()`` (the lowest of the
    projections', where reading starts) is used; batches go through ``process``."""

    def __init__(self, tracked: Sequence[_Tracked]) -> None:
        self.tracked = tracked

    def position(self) -> int:
        """The lowest committed position of the projections, re-read from the database."""
        for item in self.tracked:
            item.position = item.writer.position()
        return min(item.position for item in self.tracked)


class AnalyticsProjector(CartProjector):
    """Keeps the ``analytics_*`` read models from ``app``'s log on ``engine`` (see the module
    docstring). ``abandoned_after``: the abandonment threshold; ``sweep_interval``: seconds
    between sweeps while running; ``rebuild_workers``: processes sharing a full rebuild
    (default: the CPU count, at most 4; 1: none) of a log of ``parallel_min`` notifications or
    more; other keyword arguments as ``CartProjector``'s."""

    def __init__(
        self,
        app: CartApplication,
        engine: Engine,
        *,
        abandoned_after: timedelta = timedelta(minutes=60),
        sweep_interval: float = 30.0,
        rebuild_workers: int | None = None,
        parallel_min: int = PARALLEL_MIN,
        **kwargs: Any,
    ) -> None:
        self.engine = engine
        self.app_name = app.name
        self.projections = all_projections(engine.dialect.name, abandoned_after)
        self.abandoned_after = abandoned_after
        self.sweep_interval = sweep_interval
        self.rebuild_workers = rebuild_workers if rebuild_workers is not None else min(4, os.cpu_count() or 1)
        self.parallel_min = parallel_min
        self._check_versions()
        self.tracked = [_Tracked(p, engine, app.name) for p in self.projections]
        self._by_name = {t.projection.name: t for t in self.tracked}
        positions: Any = _Positions(self.tracked)  # stands in for the cart projector's writer
        super().__init__(app, engine, writer=positions, thread_name="analytics-projection", **kwargs)
        self._sweeper: threading.Thread | None = None

    # ---- names, versions, positions --------------------------------------------------------

    @property
    def names(self) -> tuple[str, ...]:
        """The projections' names, which are also their tracking rows' and main tables' names."""
        return tuple(p.name for p in self.projections)

    def positions(self) -> dict[str, int]:
        """Each projection's last committed notification id, as this projector knows it."""
        return {t.projection.name: t.position for t in self.tracked}

    def _check_versions(self) -> None:
        """Empty (and so back-fill) every projection that is new or whose version changed."""
        with self.engine.begin() as conn:
            stored = dict(conn.execute(select(_VERSIONS.c.name, _VERSIONS.c.version)).all())
        for projection in self.projections:
            if stored.get(projection.name) != projection.version:
                log.info("analytics: %s is new or changed; back-filling it", projection.name)
                self._reset(projection, rebuilt=False)

    def _reset(self, projection: Projection, *, rebuilt: bool) -> None:
        """Empty ``projection`` and set every log's tracking of it to 0 (``_empty``)."""
        writer = CartViewWriter(self.engine, self.app_name, projection.name)
        with self.engine.begin() as conn:
            _empty(conn, projection, [writer], rebuilt=rebuilt)

    # ---- one batch ----------------------------------------------------------------------------

    def process(self, items: Sequence[tuple[int, Any]]) -> int:
        """Fold ``items`` (``(notification_id, domain_event)`` in log order) into facts and
        commit each projection that is behind its share together with its own tracking row,
        all in one transaction (one commit per batch instead of seven: fewer round trips under
        load). Returns the lowest position. Raises ``ProjectionConflict`` when a tracking row
        moved under us (nothing of the batch is kept; positions are re-read); any other error
        also rolls the batch back."""
        if not items:
            return self._position
        with self._lock:
            items = self._whole_commands(items)
            lowest = min(t.position for t in self.tracked)
            fresh = [(nid, ev) for nid, ev in items if nid > lowest and isinstance(ev, Cart.Event)]
            last_id = items[-1][0]
            try:
                facts = self._facts(fresh)
            except BaseException:
                self._cache.clear()
                raise
            due = [t for t in self.tracked if t.position < last_id]
            try:
                with self.engine.begin() as conn:
                    if self.engine.dialect.name == "postgresql":
                        # Rows and tracking rows are kept or lost together, so a crash can only
                        # lose whole batches, which the log gives again: no need to wait for
                        # the WAL flush (the commit wait was a fifth of a live batch's time).
                        conn.exec_driver_sql("SET LOCAL synchronous_commit = off")
                    self._move_all(conn, due, last_id)
                    after: dict[int, list[CartFact]] = {}  # usually one position for all of them
                    for tracked in due:
                        if tracked.position not in after:
                            after[tracked.position] = [
                                f for f in facts if f.notification_id > tracked.position
                            ]
                        tracked.projection.apply(conn, after[tracked.position])
            except ProjectionConflict:
                self._forget()
                self._reload_position()
                raise
            except BaseException:
                self._forget()
                self._cache.clear()
                raise
            for tracked in due:
                tracked.position = last_id
            self._set_position(min(t.position for t in self.tracked))
            return self._position

    def _move_all(self, conn: Any, due: Sequence[_Tracked], last_id: int) -> None:
        """Move the tracking rows of ``due`` to ``last_id`` on ``conn``: one UPDATE when they are
        all at one position (the usual case: one round trip instead of seven), else one each.
        Raises ``ProjectionConflict`` when any was not where this projector left it."""
        positions = {t.position for t in due}
        if len(positions) != 1:
            for tracked in due:
                tracked.writer.move(conn, tracked.position, last_id)
            return
        tracking = ProjectionTracking.__table__
        moved = conn.execute(
            update(tracking)
            .where(
                tracking.c.application_name == self.app_name,
                tracking.c.projection_name.in_([t.projection.name for t in due]),
                tracking.c.notification_id == positions.pop(),
            )
            .values(notification_id=last_id)
        )
        if moved.rowcount != len(due):
            raise ProjectionConflict("an analytics tracking row moved under this projector")

    def _forget(self) -> None:
        """Drop what the projections remember between batches (after a rollback or a conflict)."""
        for projection in self.projections:
            projection.forget()

    def _whole_commands(self, items: Sequence[tuple[int, Any]]) -> Sequence[tuple[int, Any]]:
        """``whole_commands`` of ``items`` on this projector's log."""
        return whole_commands(self.app, items)

    def _facts(self, items: Sequence[tuple[int, Any]]) -> list[CartFact]:
        """The facts of ``items`` (``fold``, with this projector's cart cache)."""
        return fold(self.app, self._cache, items, self.abandoned_after, self.cache_size)

    def _reload_position(self) -> None:
        self._cache.clear()
        self._forget()
        self._set_position(self.writer.position())

    # ---- rebuild and sweep ----------------------------------------------------------------

    def rebuild(self, name: str | None = None, progress: Progress | None = None) -> int:
        """Empty projection ``name`` (every analytics projection when None), set its tracking
        to 0 and catch up from the first event, calling ``progress(done, total)`` (notification
        ids) as it goes; then sweep. The others keep their rows and skip what they already
        applied. Raises ``KeyError`` for an unknown name. Returns the lowest position.

        A rebuild of all seven over a long log (at least ``parallel_min`` notifications) on a
        persistent event store is shared by ``rebuild_workers`` processes, each folding the
        carts whose id falls to it (every projection's rows depend on one cart's events only,
        and the daily sums add up): see ``_rebuild_in_parallel``. Otherwise, and for whatever
        is recorded meanwhile, batches of ``rebuild_batch_size`` in this process.

        This is :func:`rebuild_logs` with one log; with partitioned cart streams use that with
        every partition's projector (docs/operations.md, "Projections per partition")."""
        return rebuild_logs([self], name, progress)[0]

    def _catch_up_rebuilt(self, name: str | None, progress: Progress | None) -> int:
        """The second half of a rebuild, after ``_empty``: re-read the positions and catch up
        from the lowest (0), in worker processes for a long log (see :meth:`rebuild`), then in
        batches of ``rebuild_batch_size``. No sweep. Returns the lowest position. The caller
        holds ``self._lock``."""
        targets = [self._by_name[name].projection] if name is not None else self.projections
        self._reload_position()
        total = int(self.app.recorder.max_notification_id() or 0)
        start = self._position
        persistent = not type(self.app.recorder).__name__.startswith("POPO")
        if name is None and self.rebuild_workers > 1 and persistent and total - start >= self.parallel_min:
            self._rebuild_in_parallel(targets, total, progress)
        limit = self.rebuild_batch_size
        while True:
            notes = self.app.recorder.select_notifications(
                start=self._position, limit=limit, inclusive_of_start=False
            )
            if not notes:
                break
            try:
                self.process(self._decode(notes))
            except ProjectionConflict:
                continue
            if progress is not None:
                progress(min(notes[-1].id, total) - start, max(total - start, 0))
            if len(notes) < limit:
                break
        return self._position

    def _rebuild_in_parallel(
        self, targets: Sequence[Projection], end: int, progress: Progress | None
    ) -> None:
        """Rebuild ``targets`` (emptied, at position 0) up to notification ``end`` with
        ``rebuild_workers`` spawned processes (``_rebuild_share``: carts by id modulo the
        number of workers), then move their tracking rows from 0 to ``end`` and record their
        versions in one transaction. Until then their version is recorded as ``INCOMPLETE``: a
        crash in between leaves them to be emptied and back-filled at the next start, never
        counted twice. Raises ``RuntimeError`` when a worker fails (same state)."""
        names = tuple(p.name for p in targets)
        with self.engine.begin() as conn:
            marks: list[dict[str, Any]] = [
                {"name": n, "version": INCOMPLETE, "rebuilt_at": None} for n in names
            ]
            targets[0].upsert(conn, _VERSIONS, marks)
        context = multiprocessing.get_context("spawn")
        done = context.Queue()
        count = self.rebuild_workers
        shares = [
            _Share(
                i,
                count,
                end,
                names,
                self.abandoned_after,
                self.rebuild_batch_size,
                self.cache_size,
                self.app_name,
            )
            for i in range(count)
        ]
        workers = [
            context.Process(target=_rebuild_share, args=(share, done), daemon=True) for share in shares
        ]
        for worker in workers:
            worker.start()
        reached = dict.fromkeys(range(count), 0)
        finished: set[int] = set()
        while len(finished) < count:
            try:
                index, after = done.get(timeout=1.0)
            except queue.Empty:
                if all(not w.is_alive() for w in workers):
                    break
                continue
            if after < 0:
                finished.add(index)
                continue
            reached[index] = after
            if progress is not None:
                progress(min(reached.values()), end)
        for worker in workers:
            worker.join()
        if any(worker.exitcode != 0 for worker in workers) or len(finished) < count:
            raise RuntimeError("an analytics rebuild worker failed; the rebuild is left incomplete")
        with self.engine.begin() as conn:
            for name in names:
                self._by_name[name].writer.move(conn, 0, end)
            rows = [{"name": p.name, "version": p.version, "rebuilt_at": datetime.now(UTC)} for p in targets]
            targets[0].upsert(conn, _VERSIONS, rows)
        for name in names:
            self._by_name[name].position = end
        self._cache.clear()
        self._forget()
        self._set_position(min(t.position for t in self.tracked))

    def sweep(self, now: datetime) -> int:
        """Record the carts idle past the abandonment threshold at ``now``
        (``analytics_abandoned_carts``); returns how many rows were written."""
        written = 0
        with self._lock:
            for projection in self.projections:
                with self.engine.begin() as conn:
                    written += projection.sweep(conn, now)
        return written

    # ---- background ------------------------------------------------------------------------

    def run_forever(self, stop_event: threading.Event) -> None:
        """Follow the log (``CartProjector.run_forever``) with a sweeper thread beside it."""
        sweeper = threading.Thread(
            target=self._sweep_forever, args=(stop_event,), name="analytics-sweeper", daemon=True
        )
        sweeper.start()
        try:
            super().run_forever(stop_event)
        finally:
            sweeper.join(5.0)

    def _sweep_forever(self, stop_event: threading.Event) -> None:
        while not stop_event.wait(self.sweep_interval):
            try:
                self.sweep(datetime.now(UTC))
            except Exception:
                log.exception("analytics sweep failed; retrying")


def _empty(conn: Any, projection: Projection, writers: Sequence[CartViewWriter], *, rebuilt: bool) -> None:
    """On ``conn`` (the caller's transaction): empty ``projection``'s tables, set every
    tracking row of it to 0 and record its version (``rebuilt_at`` now when ``rebuilt``).
    Every row, not only this log's: the tables are fed by every log whose projector tracks
    ``projection.name`` (with partitioned cart streams each partition's, docs/operations.md
    "Projections per partition"), and emptying them takes away what each had written, so each
    must start over (a running projector of another log finds its tracking moved and re-reads
    it: ``ProjectionConflict``). ``writers`` (this projection's writers of the logs about to
    catch up) get their row created when missing."""
    projection.reset(conn)
    tracking = ProjectionTracking.__table__
    conn.execute(
        update(tracking).where(tracking.c.projection_name == projection.name).values(notification_id=0)
    )
    for writer in writers:
        writer.zero(conn)
    row = {
        "name": projection.name,
        "version": projection.version,
        "rebuilt_at": datetime.now(UTC) if rebuilt else None,
    }
    projection.upsert(conn, _VERSIONS, [row])


def rebuild_logs(
    projectors: Sequence[AnalyticsProjector], name: str | None = None, progress: Progress | None = None
) -> list[int]:
    """Rebuild analytics projection ``name`` (all seven when None) from every log that feeds
    the one database the ``projectors`` write to: with partitioned cart streams one projector
    per partition, each on its partition's log (docs/operations.md, "Past one primary:
    partitioned cart streams", "Projections per partition"); ``[projector]`` for the single
    store (what :meth:`AnalyticsProjector.rebuild` does).

    1. In one transaction the targets' tables are emptied once and every tracking row of them
       set to 0 (``_empty``), so no partition's rebuild empties rows another has written back.
    2. Each projector catches up from its log's first event, one after the other, as a
       single-log rebuild does (in worker processes for a long log; whatever is recorded
       meanwhile in batches).
    3. One sweep records the carts idle past the abandonment threshold.

    Folding log after log gives the rows that following the logs live gives: a cart's events
    are all in one log, every state row (funnel step, prices seen, activity) and every event
    or ledger row is one cart's, and a row that counts carts of several logs (the daily tables)
    is added to (``Projection.add_up``), never overwritten; its descriptive columns (``sku``,
    layer and choice names) take the value written last, as live. The fold caches and the
    projections' remembered state are per projector, hence per log.

    ``progress(done, total)``: notifications read so far and in all, summed over the logs.
    Returns each projector's lowest position afterwards, in order. Raises ``ValueError`` for
    no projectors or projectors on different engines or of the same log, ``KeyError`` for an
    unknown name; errors of a catch-up propagate (what was applied stays, tracked)."""
    if not projectors:
        raise ValueError("rebuild_logs needs at least one projector")
    first = projectors[0]
    if any(p.engine is not first.engine for p in projectors):
        raise ValueError("the projectors of one rebuild must write to the same database (one engine)")
    if len({p.app_name for p in projectors}) != len(projectors):
        raise ValueError("two projectors of one rebuild follow the same log")
    names = [first._by_name[name].projection.name] if name is not None else list(first.names)
    with contextlib.ExitStack() as held:
        for projector in projectors:
            held.enter_context(projector._lock)
        held.enter_context(gc_paused())
        with first.engine.begin() as conn:
            for target in names:
                writers = [p._by_name[target].writer for p in projectors]
                _empty(conn, first._by_name[target].projection, writers, rebuilt=True)
        heads = [int(p.app.recorder.max_notification_id() or 0) for p in projectors]
        positions = []
        for index, projector in enumerate(projectors):
            report = None
            if progress is not None:
                before, total = sum(heads[:index]), sum(heads)

                def report(done: int, _: int, before: int = before, total: int = total) -> None:
                    progress(before + done, total)

            positions.append(projector._catch_up_rebuilt(name, report))
        first.sweep(datetime.now(UTC))
        return positions


def fold(
    app: CartApplication,
    cache: OrderedDict[UUID, Cart],
    items: Sequence[tuple[int, Any]],
    abandoned_after: timedelta,
    cache_size: int,
) -> list[CartFact]:
    """The facts of ``items`` (cart events in log order), with the cart's value at idle
    points: a cart's last event in the batch, or one followed by a gap of at least
    ``abandoned_after`` (``CartFact``). ``cache`` holds carts at their last folded version (at
    most ``cache_size``, least recently used first out); a cart not there at the version before
    an event is loaded from ``app``'s repository (snapshots, then events)."""
    idle: set[int] = set()
    previous: dict[UUID, tuple[int, datetime]] = {}
    for index, (_, ev) in enumerate(items):
        seen = previous.get(ev.originator_id)
        if seen is not None and ev.timestamp - seen[1] >= abandoned_after:
            idle.add(seen[0])
        previous[ev.originator_id] = (index, ev.timestamp)
    idle.update(index for index, _ in previous.values())
    facts: list[CartFact] = []
    for index, (nid, ev) in enumerate(items):
        cart_id, version = ev.originator_id, ev.originator_version
        cart = cache.pop(cart_id, None)
        if cart is not None and cart.version != version - 1:
            cart = None
        if cart is None and version > 1:
            cart = app.repository.get(cart_id, version=version - 1)
        fact = fact_of(nid, cart, ev)
        cart = ev.mutate(cart)
        assert cart is not None
        if index in idle:
            totals = cart.totals()
            fact = replace(
                fact,
                value_after=int(totals["total"]),
                items_after=int(totals["item_count"]),
                checkout_after=bool(cart.checkout_started),
            )
        facts.append(fact)
        cache[cart_id] = cart
    while len(cache) > cache_size:
        cache.popitem(last=False)
    return facts


Select = Callable[[int, int], Sequence[Notification]]
"""``select(after, limit)``: up to ``limit`` notifications after id ``after``, in log order."""


def whole_commands(
    app: CartApplication, items: Sequence[tuple[int, Any]], select: Select | None = None
) -> Sequence[tuple[int, Any]]:
    """``items`` (decoded, in log order) and the events right after them that the same command
    of the same cart recorded: a batch never ends inside a command, so netting per command
    (``domain.commands``) gives the same rows however the log is cut into batches. One save is
    one transaction, so the visible log never ends inside one. ``select`` reads what follows
    (default: the whole log)."""
    if select is None:

        def select(after: int, limit: int) -> Sequence[Notification]:
            return app.recorder.select_notifications(start=after, limit=limit, inclusive_of_start=False)

    key = _command_key(items[-1][1])
    after = items[-1][0]
    extra: list[tuple[int, Any]] = []
    while True:
        notes = select(after, PEEK)
        for note in notes:
            ev = app.mapper.to_domain_event(note)
            if _command_key(ev) != key:
                return [*items, *extra] if extra else items
            extra.append((note.id, ev))
        if len(notes) < PEEK:
            return [*items, *extra] if extra else items
        after = notes[-1].id


@dataclass(frozen=True)
class _Share:
    """What one rebuild worker process does: the carts whose id modulo ``count`` is ``index``,
    notifications up to ``end`` of the log tracked as ``log`` (``carts``, or a partition's
    ``carts_p<i>``), for the projections ``names``."""

    index: int
    count: int
    end: int
    names: tuple[str, ...]
    abandoned_after: timedelta
    batch_size: int
    cache_size: int
    log: str


def _share_of(cart_id: Any, count: int) -> int:
    """Which of ``count`` rebuild workers folds the cart ``cart_id`` (a UUID, or its text): its
    last byte modulo ``count`` (what ``_share_select`` computes in SQL)."""
    return (cart_id if isinstance(cart_id, UUID) else UUID(str(cart_id))).bytes[15] % count


def _share_select(app: CartApplication, share: _Share) -> Select:
    """How a worker reads the log up to ``share.end``: on PostgreSQL only its own carts'
    notifications (the same rule as ``_share_of``, in SQL: each worker reads half the log
    instead of all of it); elsewhere the whole log, which the worker filters."""
    recorder: Any = app.recorder
    if not type(recorder).__name__.startswith("Postgres"):

        def select_all(after: int, limit: int) -> Sequence[Notification]:
            notes = recorder.select_notifications(
                start=after, limit=limit, inclusive_of_start=False, stop=share.end
            )
            return list(notes)

        return select_all
    from psycopg.sql import SQL, Identifier

    statement = SQL(
        "SELECT * FROM {schema}.{table} WHERE notification_id > %s AND notification_id <= %s"
        " AND get_byte(uuid_send(originator_id::uuid), 15) %% %s = %s ORDER BY notification_id LIMIT %s"
    ).format(schema=Identifier(recorder.datastore.schema), table=Identifier(recorder.events_table_name))

    def select_share(after: int, limit: int) -> Sequence[Notification]:
        with recorder.datastore.get_connection() as conn, conn.cursor() as cursor:
            cursor.execute(statement, [after, share.end, share.count, share.index, limit], prepare=True)
            return [
                Notification(
                    id=row["notification_id"],
                    originator_id=row["originator_id"],
                    originator_version=row["originator_version"],
                    topic=row["topic"],
                    state=bytes(row["state"]),
                )
                for row in cursor.fetchall()
            ]

    return select_share


def _rebuild_share(share: _Share, done: Any) -> None:
    """A rebuild worker (a spawned process; docs/operations.md, "Analytics"): read the log up
    to ``share.end`` in batches (whole commands), decode and fold only its own carts' events,
    and commit their rows, one transaction per batch. Reports the last notification id read
    after each batch on ``done`` (a queue), and -1 when finished. No tracking rows: the parent
    sets them when every worker has finished."""
    from services.cart.partitions import standalone_log_app
    from services.shared.db import get_engine
    from services.shared.settings import get_settings

    app = standalone_log_app(get_settings(), share.log)  # the parent's partition, when partitioned
    engine = get_engine()
    projections = [
        p for p in all_projections(engine.dialect.name, share.abandoned_after) if p.name in share.names
    ]
    cache: OrderedDict[UUID, Cart] = OrderedDict()
    select = _share_select(app, share)
    after = 0
    try:
        with gc_paused():
            while after < share.end:
                notes = select(after, share.batch_size)
                if not notes:
                    break
                mine = [
                    (note.id, app.mapper.to_domain_event(note))
                    for note in notes
                    if _share_of(note.originator_id, share.count) == share.index
                ]
                # The last command read may go on after the batch: read it to its end (never past
                # share.end, which no command straddles: the parent took it as the log's head).
                last = (notes[-1].id, app.mapper.to_domain_event(notes[-1]))
                tail = whole_commands(app, [last], select)
                after = tail[-1][0]
                mine += [
                    (nid, ev)
                    for nid, ev in tail[1:]
                    if _share_of(ev.originator_id, share.count) == share.index
                ]
                facts = fold(app, cache, mine, share.abandoned_after, share.cache_size)
                with engine.begin() as conn:
                    for projection in projections:
                        projection.apply(conn, facts)
                done.put((share.index, after))
    finally:
        done.put((share.index, -1))
        app.close()


@dataclass(frozen=True)
class ProjectionStatus:
    """How far one projection of the cart log is: ``position`` (last notification applied),
    ``head`` (the log's last notification id), ``lag_events`` (head - position) and
    ``lag_seconds`` (how long the oldest event it has not applied has been in the log; 0.0
    when caught up)."""

    name: str
    position: int
    head: int
    lag_events: int
    lag_seconds: float


def projection_status(
    engine: Engine, app: CartApplication, now: datetime | None = None
) -> list[ProjectionStatus]:
    """The status at ``now`` (default: the current time) of every projection of ``app``'s
    log that has a tracking row (``cart_current``, ``support_index``, the analytics ones),
    sorted by name. With partitions (``app`` a ``PartitionedCartApplication``) every
    partition's projections, partition 0's under their names and partition i's as
    ``name@carts_p<i>`` (each against its own log's head)."""
    from services.cart.partitions import partition_apps

    apps = partition_apps(app)
    now = now or datetime.now(UTC)
    found = []
    for index, one in enumerate(apps):
        statuses = _log_status(engine, one, now)
        if index:
            statuses = [replace(s, name=f"{s.name}@{one.name}") for s in statuses]
        found += statuses
    return found


def _log_status(engine: Engine, app: CartApplication, now: datetime) -> list[ProjectionStatus]:
    """:func:`projection_status` of one log (one ``CartApplication``)."""
    from services.cart.readmodel import ProjectionTracking

    tracking = ProjectionTracking.__table__
    with engine.connect() as conn:
        rows = conn.execute(
            select(tracking.c.projection_name, tracking.c.notification_id).where(
                tracking.c.application_name == app.name
            )
        ).all()
    head = int(app.recorder.max_notification_id() or 0)
    waiting: dict[int, float] = {}

    def waited(position: int) -> float:
        if position not in waiting:
            found = app.recorder.select_notifications(start=position, limit=1, inclusive_of_start=False)
            event: Any = app.mapper.to_domain_event(found[0]) if found else None
            stamp = event.timestamp if event is not None else now
            waiting[position] = max(0.0, (now - stamp).total_seconds())
        return waiting[position]

    return [
        ProjectionStatus(
            str(name),
            int(position),
            head,
            max(0, head - int(position)),
            waited(int(position)) if int(position) < head else 0.0,
        )
        for name, position in sorted(rows)
    ]


def follow_in_own_process() -> None:
    """Follow the cart log into the analytics read models until SIGTERM / SIGINT or until the
    parent process is gone: the body of the process ``shop project`` starts for them, so their
    folding does not share an interpreter lock with the ``cart_current`` and support index
    threads (under the cart benchmark's load that sharing was most of the analytics lag)."""
    import signal

    from services.shared.gc_tuning import freeze_startup_heap

    stop = threading.Event()
    for sig in (signal.SIGINT, signal.SIGTERM):
        signal.signal(sig, lambda *_: stop.set())
    parent = os.getppid()

    def watch_parent() -> None:
        while not stop.wait(1.0):
            if os.getppid() != parent:  # the parent died (even by SIGKILL): stop too
                stop.set()

    threading.Thread(target=watch_parent, name="analytics-parent-watch", daemon=True).start()
    projector = build_analytics_projector()
    freeze_startup_heap()
    mode = "notifications" if projector.uses_notifications else "pull"
    print(f"analytics: following the log ({mode}) from notification {projector.position}", flush=True)
    projector.run_forever(stop)
    print(f"analytics: stopped at notification {projector.position}", flush=True)


def analytics_projector(app: CartApplication, engine: Engine, **kwargs: Any) -> AnalyticsProjector:
    """An analytics projector for ``app`` on ``engine`` (keyword arguments as
    ``AnalyticsProjector``'s)."""
    return AnalyticsProjector(app, engine, **kwargs)


def build_analytics_projector(**kwargs: Any) -> AnalyticsProjector:
    """The analytics projector for the configured databases (``get_cart_app()`` and the
    relational engine), polling like the cart projector, abandonment after
    ``ANALYTICS_ABANDONED_AFTER_MINUTES``. With ``CART_PARTITION_URLS``: the partition this
    process follows (``services.cart.partitions.projection_app``)."""
    from services.cart.partitions import projection_app
    from services.shared.db import get_engine
    from services.shared.settings import get_settings

    settings = get_settings()
    kwargs.setdefault("poll_interval", settings.projection_poll_interval)
    kwargs.setdefault("batch_window", settings.projection_batch_window)
    kwargs.setdefault("abandoned_after", timedelta(minutes=settings.analytics_abandoned_after_minutes))
    kwargs.setdefault("sweep_interval", settings.analytics_sweep_seconds)
    return AnalyticsProjector(projection_app(), get_engine(), **kwargs)


__all__ = [
    "AnalyticsProjector",
    "ProjectionStatus",
    "analytics_projector",
    "build_analytics_projector",
    "follow_in_own_process",
    "projection_status",
    "rebuild_logs",
]
