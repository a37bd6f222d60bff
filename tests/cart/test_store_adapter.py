"""``services/cart/store_adapter.py``, the one place the cart uses ``eventsourcing`` internals:
these tests fail if the library's behaviour under it changes (run them first when upgrading the
library). A batch is atomic (one stale unit stores nothing of any unit), records and notifies
what ``Application.save`` would, and puts the saved aggregates in the repository's cache, which
is set up as the command path needs (no fast-forward, no copy); ``load_stored`` ignores the cache.
On SQLite, and on PostgreSQL too when TEST_DATABASE_URL is set (``pg_schema_url``)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit
from uuid import UUID

import pytest
from eventsourcing.application import AggregateNotFoundError
from eventsourcing.persistence import IntegrityError, Recording

from services.cart import store_adapter
from services.cart.application import CartApplication, project_cart
from services.cart.domain import Cart, cart_id_for
from tests.cart.helpers import FakeCatalog, new_token, simple
from tests.conftest import PG_URL


class Notified(CartApplication):
    """Keeps what the library's ``_notify`` hook is given."""

    def __init__(self, env: dict[str, str]) -> None:
        super().__init__(env, catalog=FakeCatalog([simple(1, stock_quantity=None)]))
        self.notified: list[list[Recording[UUID]]] = []

    def _notify(self, recordings: list[Recording[UUID]]) -> None:
        self.notified.append(recordings)


def _envs(tmp_path: Path, pg_schema_url: str | None) -> list[dict[str, str]]:
    envs = [{"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": str(tmp_path / "events.sqlite3")}]
    if pg_schema_url:
        parts = urlsplit(pg_schema_url)
        envs.append(
            {
                "PERSISTENCE_MODULE": "eventsourcing.postgres",
                "POSTGRES_DBNAME": parts.path.lstrip("/"),
                "POSTGRES_HOST": parts.hostname or "127.0.0.1",
                "POSTGRES_PORT": str(parts.port or 5432),
                "POSTGRES_USER": unquote(parts.username or "postgres"),
                "POSTGRES_PASSWORD": unquote(parts.password or ""),
                "POSTGRES_SCHEMA": f"adapter_{new_token()[:8].lower().replace('-', '_')}",
                "CREATE_TABLE": "y",
            }
        )
    return envs


# The engines under test: SQLite always, PostgreSQL when the run has one (the suite's PostgreSQL
# pass, TEST_DATABASE_URL): the cases are generated for the engines there are, none skipped.
ENGINES = ["sqlite", "postgres"] if PG_URL else ["sqlite"]


@pytest.fixture(params=ENGINES)
def app(request: pytest.FixtureRequest, tmp_path: Path, pg_schema_url: str | None) -> Iterator[Notified]:
    """A cart application over a scratch event store of each engine in :data:`ENGINES`."""
    envs = _envs(tmp_path, pg_schema_url)
    env = envs[0 if request.param == "sqlite" else 1]
    if request.param == "postgres":
        import psycopg

        with psycopg.connect(pg_schema_url.split("?")[0].replace("+psycopg", ""), autocommit=True) as conn:  # type: ignore[union-attr]
            conn.execute(f'CREATE SCHEMA IF NOT EXISTS "{env["POSTGRES_SCHEMA"]}"')
    built = Notified(env)
    yield built
    built.close()
    if request.param == "postgres":
        with psycopg.connect(pg_schema_url.split("?")[0].replace("+psycopg", ""), autocommit=True) as conn:  # type: ignore[union-attr]
            conn.execute(f'DROP SCHEMA "{env["POSTGRES_SCHEMA"]}" CASCADE')


def _new(app: CartApplication) -> Cart:
    return app._new_cart(cart_id_for(new_token()), None)


def _unit(cart: Cart) -> tuple[Cart, list[Any]]:
    return cart, list(cart.collect_events())


def test_the_cache_is_set_up_for_the_command_path(app: Notified) -> None:
    repository = app.repository
    assert repository.cache is not None
    assert repository.fastforward is False and repository.deepcopy_from_cache is False


def test_a_batch_of_two_carts_is_stored_cached_and_notified_like_application_save(app: Notified) -> None:
    first, second = _new(app), _new(app)
    recordings = store_adapter.record_batch(app, [_unit(first), _unit(second)])
    assert [(r.domain_event.originator_id, r.domain_event.originator_version) for r in recordings] == [
        (first.id, 1),
        (second.id, 1),
    ]
    positions = [r.notification.id for r in recordings]
    assert positions == sorted(positions) and len(set(positions)) == 2
    assert app.notified == []  # not before notify()
    store_adapter.notify(app, recordings)
    assert app.notified == [recordings]
    # the saved objects themselves are cached (no copy) and the store holds them
    assert store_adapter.cached(app, first.id) is first and store_adapter.cached(app, second.id) is second
    assert app.repository.get(first.id) is first
    assert store_adapter.load_stored(app, second.id, project_cart).version == 1

    # Application.save with the same kind of aggregate: the same shape of recordings and notification
    third = _new(app)
    app.notified.clear()
    saved = app.save(third)
    assert [(r.domain_event.originator_id, r.domain_event.originator_version) for r in saved] == [
        (third.id, 1)
    ]
    assert app.notified == [saved]
    assert saved[0].notification.id > positions[-1]


def test_one_stale_unit_fails_the_whole_batch_and_stores_and_caches_nothing(app: Notified) -> None:
    fresh, stored = _new(app), _new(app)
    store_adapter.record_batch(app, [_unit(stored)])
    store_adapter.evict(app, stored.id)
    assert store_adapter.cached(app, stored.id) is None
    stale = store_adapter.load_stored(app, stored.id, project_cart)
    ahead = store_adapter.load_stored(app, stored.id, project_cart)
    ahead.execute(*app.decider_input(ahead, {"type": "set_payment_intent", "intent": "bacs"}, "k1", "h1"))
    store_adapter.record_batch(app, [_unit(ahead)])  # another writer got version 2 first
    store_adapter.evict(app, stored.id)
    stale.execute(*app.decider_input(stale, {"type": "clear"}, "k2", "h2"))
    fresh_unit, stale_unit = _unit(fresh), _unit(stale)
    assert fresh_unit[1] and stale_unit[1]
    with pytest.raises(IntegrityError):
        store_adapter.record_batch(app, [fresh_unit, stale_unit])
    with pytest.raises(AggregateNotFoundError):
        store_adapter.load_stored(app, fresh.id, project_cart)  # the good unit was not stored either
    assert store_adapter.load_stored(app, stored.id, project_cart).version == ahead.version
    assert store_adapter.cached(app, fresh.id) is None and store_adapter.cached(app, stored.id) is None
    # the units keep their events: the good one can be saved again on its own
    store_adapter.record_batch(app, [fresh_unit])
    assert store_adapter.load_stored(app, fresh.id, project_cart).version == 1


def test_load_stored_ignores_what_the_cache_holds(app: Notified) -> None:
    cart = _new(app)
    store_adapter.record_batch(app, [_unit(cart)])
    cart.execute(*app.decider_input(cart, {"type": "set_payment_intent", "intent": "bacs"}, "k", "h"))
    # pending, unsaved: the cached object is ahead of the store
    assert store_adapter.cached(app, cart.id) is cart and cart.version == 2
    assert store_adapter.load_stored(app, cart.id, project_cart).version == 1
    store_adapter.evict(app, cart.id)
    store_adapter.evict(app, cart.id)  # twice: nothing to evict is fine
    assert store_adapter.cached(app, cart.id) is None
    assert app.repository.get(cart.id, projector_func=project_cart).version == 1  # reloaded, then cached
    assert store_adapter.cached(app, cart.id) is not None
