"""The analytics projector: follows the cart log into the seven ``analytics_*`` read models
(docs/analytics.md; the projections are in ``projections.py``, the facts in ``domain.py``).

One reader, seven trackings. The projector reads and decodes each batch of notifications once,
folds every cart's events in log order (the ``Cart`` aggregate BEFORE each event, from an LRU
of aggregates or ``app.repository.get(id, version=v - 1)``, which uses snapshots) into
``CartFact``s, then gives each projection the facts after its own position and commits its rows
with its own ``projection_tracking`` row, moved by compare-and-set, in its own transaction:
every projection applies every event exactly once, can be rebuilt alone (``rebuild(name)``)
and can lag behind the others (the reader starts from the lowest position). A crash loses
nothing: each projection resumes after its last committed batch.

``analytics_projections`` holds the code version each projection was built with; at start-up a
projection that is new or whose ``Projection.version`` changed is emptied and back-filled from
the whole log while the shop keeps running (it simply starts at position 0).

Following the log, thread handling and ``wait`` are the cart projector's
(``services/cart/projection.py``: pulls on SQLite, the subscription on PostgreSQL); ``start``
also runs a sweeper thread that records carts idle past the abandonment threshold
(``sweep(now)``, every ``sweep_interval`` seconds).
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta
from typing import Any
from uuid import UUID

from sqlalchemy import Engine, select

from services.analytics.domain import CartFact, fact_of
from services.analytics.projections import Projection, all_projections
from services.analytics.read_models import AnalyticsProjectionVersion
from services.cart.application import CartApplication
from services.cart.domain import Cart
from services.cart.projection import CartProjector
from services.cart.projection_view import CartViewWriter, ProjectionConflict
from services.shared.gc_tuning import gc_paused

log = logging.getLogger(__name__)

Progress = Callable[[int, int], None]
"""``progress(done, total)``: notifications read so far and in all, during a rebuild."""

_VERSIONS = AnalyticsProjectionVersion.__table__
PEEK = 32  # notifications read past a batch to finish its last command


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
    between sweeps while running; other keyword arguments as ``CartProjector``'s."""

    def __init__(
        self,
        app: CartApplication,
        engine: Engine,
        *,
        abandoned_after: timedelta = timedelta(minutes=60),
        sweep_interval: float = 30.0,
        **kwargs: Any,
    ) -> None:
        self.engine = engine
        self.app_name = app.name
        self.projections = all_projections(engine.dialect.name, abandoned_after)
        self.abandoned_after = abandoned_after
        self.sweep_interval = sweep_interval
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
        writer = CartViewWriter(self.engine, self.app_name, projection.name)
        with self.engine.begin() as conn:
            projection.reset(conn)
            writer.zero(conn)
            row = {
                "name": projection.name,
                "version": projection.version,
                "rebuilt_at": datetime.now(UTC) if rebuilt else None,
            }
            projection.upsert(conn, _VERSIONS, [row])

    # ---- one batch ----------------------------------------------------------------------------

    def process(self, items: Sequence[tuple[int, Any]]) -> int:
        """Fold ``items`` (``(notification_id, domain_event)`` in log order) into facts and
        commit each projection's share with its tracking row. Returns the lowest position.
        Raises ``ProjectionConflict`` when some projection's tracking moved under us (that
        projection's batch was rolled back, the others' committed; positions are re-read)."""
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
            conflict = False
            for tracked in self.tracked:
                if tracked.position >= last_id:
                    continue
                mine = [f for f in facts if f.notification_id > tracked.position]
                try:
                    with self.engine.begin() as conn:
                        tracked.writer.move(conn, tracked.position, last_id)
                        tracked.projection.apply(conn, mine)
                except ProjectionConflict:
                    conflict = True
                    tracked.position = tracked.writer.position()
                    continue
                tracked.position = last_id
            self._set_position(min(t.position for t in self.tracked))
            if conflict:
                self._cache.clear()
                raise ProjectionConflict("an analytics projection moved under this projector")
            return self._position

    def _whole_commands(self, items: Sequence[tuple[int, Any]]) -> Sequence[tuple[int, Any]]:
        """``items`` and the events right after them that the same command of the same cart
        recorded: a batch never ends inside a command, so netting per command
        (``domain.commands``) gives the same rows however the log is cut into batches. One
        save is one transaction, so the visible log never ends inside one."""
        last = items[-1][1]
        key = _command_key(last)
        after = items[-1][0]
        extra: list[tuple[int, Any]] = []
        while True:
            notes = self.app.recorder.select_notifications(start=after, limit=PEEK, inclusive_of_start=False)
            for nid, ev in self._decode(notes):
                if _command_key(ev) != key:
                    return [*items, *extra] if extra else items
                extra.append((nid, ev))
            if len(notes) < PEEK:
                return [*items, *extra] if extra else items
            after = notes[-1].id

    def _facts(self, items: Sequence[tuple[int, Any]]) -> list[CartFact]:
        """The facts of ``items`` (cart events in log order), with the cart's value at idle
        points: a cart's last event in the batch, or one followed by a gap of at least the
        abandonment threshold (``CartFact``)."""
        idle: set[int] = set()
        previous: dict[UUID, tuple[int, datetime]] = {}
        for index, (_, ev) in enumerate(items):
            seen = previous.get(ev.originator_id)
            if seen is not None and ev.timestamp - seen[1] >= self.abandoned_after:
                idle.add(seen[0])
            previous[ev.originator_id] = (index, ev.timestamp)
        idle.update(index for index, _ in previous.values())
        facts: list[CartFact] = []
        cache = self._cache
        for index, (nid, ev) in enumerate(items):
            cart_id, version = ev.originator_id, ev.originator_version
            cart = cache.pop(cart_id, None)
            if cart is not None and cart.version != version - 1:
                cart = None
            if cart is None and version > 1:
                cart = self.app.repository.get(cart_id, version=version - 1)
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
        while len(cache) > self.cache_size:
            cache.popitem(last=False)
        return facts

    def _reload_position(self) -> None:
        self._cache.clear()
        self._set_position(self.writer.position())

    # ---- rebuild and sweep ----------------------------------------------------------------

    def rebuild(self, name: str | None = None, progress: Progress | None = None) -> int:
        """Empty projection ``name`` (every analytics projection when None), set its tracking
        to 0 and catch up from the first event in batches of ``rebuild_batch_size``, calling
        ``progress(done, total)`` after each batch; then sweep. The others keep their rows and
        skip what they already applied. Raises ``KeyError`` for an unknown name. Returns the
        lowest position."""
        targets = [self._by_name[name].projection] if name is not None else self.projections
        with self._lock, gc_paused():
            for projection in targets:
                self._reset(projection, rebuilt=True)
            self._reload_position()
            total = int(self.app.recorder.max_notification_id() or 0)
            start = self._position
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
            self.sweep(datetime.now(UTC))
            return self._position

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
    sorted by name."""
    from services.cart.readmodel import ProjectionTracking

    tracking = ProjectionTracking.__table__
    with engine.connect() as conn:
        rows = conn.execute(
            select(tracking.c.projection_name, tracking.c.notification_id).where(
                tracking.c.application_name == app.name
            )
        ).all()
    head = int(app.recorder.max_notification_id() or 0)
    now = now or datetime.now(UTC)
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


def analytics_projector(app: CartApplication, engine: Engine, **kwargs: Any) -> AnalyticsProjector:
    """An analytics projector for ``app`` on ``engine`` (keyword arguments as
    ``AnalyticsProjector``'s)."""
    return AnalyticsProjector(app, engine, **kwargs)


def build_analytics_projector(**kwargs: Any) -> AnalyticsProjector:
    """The analytics projector for the configured databases (``get_cart_app()`` and the
    relational engine), polling like the cart projector, abandonment after
    ``ANALYTICS_ABANDONED_AFTER_MINUTES``."""
    from services.cart.deps import get_cart_app
    from services.shared.db import get_engine
    from services.shared.settings import get_settings

    settings = get_settings()
    kwargs.setdefault("poll_interval", settings.projection_poll_interval)
    kwargs.setdefault("batch_window", settings.projection_batch_window)
    kwargs.setdefault("abandoned_after", timedelta(minutes=settings.analytics_abandoned_after_minutes))
    kwargs.setdefault("sweep_interval", settings.analytics_sweep_seconds)
    return AnalyticsProjector(get_cart_app(), get_engine(), **kwargs)


__all__ = [
    "AnalyticsProjector",
    "ProjectionStatus",
    "analytics_projector",
    "build_analytics_projector",
    "projection_status",
]
