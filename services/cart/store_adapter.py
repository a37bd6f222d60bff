"""The one place the cart touches ``eventsourcing``'s internals (library version 9.5).

Why: ``CartApplication`` saves the carts of concurrent commands in one transaction (group
commit, ``services/cart/group_commit.py``) with their events collected *before* the batch, so a
unit can be saved again after a failed batch; and it decides commands on carts kept in the
library's aggregate cache without copying them and without re-reading the store. The library's
public API does neither: ``Application.save`` collects the events itself (a second attempt
would find none) and reads every aggregate due a snapshot back from the store, and
``Repository.get`` either fast-forwards a cached aggregate from the store (a read per command)
or returns it as cached. So the cart uses these few library internals, here and nowhere else:

* ``Application._record`` (store one ``ProcessingEvent`` atomically, then put its aggregates in
  the repository's cache when fast-forwarding is off) and ``Application._notify`` (the hook
  ``Application.save`` calls after recording): :func:`record_batch`, :func:`notify`;
* ``Repository._reconstruct_aggregate`` (the stored aggregate, ignoring the cache): :func:`load_stored`.

``tests/cart/test_store_adapter.py`` fails if the library's behaviour under these changes (a
batch is atomic, recordings and notifications are those of ``Application.save``, saved
aggregates land in the cache). Upgrading ``eventsourcing``: run that file first.

The cache (:data:`CACHE_ENV`): ``AGGREGATE_CACHE_MAXSIZE`` carts per process (LRU), no
fast-forward (a cart is read from the store only when it is not cached; a write another process
made since is found by the stale write, ``IntegrityError``, after which the command evicts the
cart and decides again on the stored one), no deep copy on ``get`` (the command holds the
cart's lock; a failed decision or save evicts the cart, so no cache ever keeps a half-decided
cart).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, TypeVar
from uuid import UUID

from eventsourcing.application import Application, ProcessingEvent
from eventsourcing.persistence import Recording

A = TypeVar("A")

CACHE_MAXSIZE = 10_000  # carts whose last committed state one process keeps (LRU)

# The library's repository settings for the cart (see the module docstring). Forced: the
# command path relies on them (``CartApplication.__init__``); only the size may be configured.
CACHE_ENV = {
    Application.AGGREGATE_CACHE_FASTFORWARD: "n",
    Application.DEEPCOPY_FROM_AGGREGATE_CACHE: "n",
}


def cache_env(env: dict[str, str] | None) -> dict[str, str]:
    """``env`` with the cart's cache settings: ``AGGREGATE_CACHE_MAXSIZE`` (default
    :data:`CACHE_MAXSIZE`, kept if ``env`` sets it) and :data:`CACHE_ENV` (always)."""
    merged = dict(env or {})
    merged.setdefault(Application.AGGREGATE_CACHE_MAXSIZE, str(CACHE_MAXSIZE))
    merged.update(CACHE_ENV)
    return merged


def record_batch(app: Application[UUID], units: Sequence[tuple[Any, Sequence[Any]]]) -> list[Recording[UUID]]:
    """Store the events of ``units`` (``(aggregate, events collected beforehand)`` pairs) in one
    transaction, then put each aggregate in the repository's cache. All or nothing: a stale
    version in any unit raises ``IntegrityError`` and stores nothing (and caches nothing).
    Returns the recordings, as ``Application.save`` would; the caller then calls :func:`notify`
    (after anything it stores besides, e.g. snapshots)."""
    processing: ProcessingEvent[UUID] = ProcessingEvent()
    for aggregate, events in units:
        processing.events.extend(events)
        processing.aggregates[aggregate.id] = aggregate
    return app._record(processing)  # noqa: SLF001 - see the module docstring


def notify(app: Application[UUID], recordings: list[Recording[UUID]]) -> None:
    """Hand ``recordings`` to the application's ``_notify`` hook, as ``Application.save`` does
    after recording (a subclass or a system runner may act on it)."""
    app._notify(recordings)  # noqa: SLF001 - see the module docstring


def cached(app: Application[UUID], aggregate_id: UUID) -> Any | None:
    """The aggregate the repository's cache holds for ``aggregate_id`` (the object itself, not a
    copy), or None when it is not cached (or there is no cache). Never reads the store."""
    cache = app.repository.cache
    if cache is None:
        return None
    try:
        return cache.get(aggregate_id)
    except KeyError:
        return None


def evict(app: Application[UUID], aggregate_id: UUID) -> None:
    """Drop ``aggregate_id`` from the repository's cache (nothing if it is not there)."""
    cache = app.repository.cache
    if cache is not None:
        try:
            cache.get(aggregate_id, evict=True)
        except KeyError:
            pass


def load_stored(
    app: Application[UUID], aggregate_id: UUID, projector: Callable[[A | None, Iterable[Any]], A | None]
) -> A:
    """The aggregate as stored now (latest snapshot plus later events), whatever the cache holds;
    not put in the cache. Raises ``AggregateNotFoundError`` when there is no such aggregate."""
    aggregate: A = app.repository._reconstruct_aggregate(aggregate_id, None, projector)  # type: ignore[type-var,assignment]  # noqa: SLF001
    return aggregate
