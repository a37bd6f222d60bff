"""The ``support_index`` projection: one ``support_carts`` row per cart, and the cart's search
keys in ``support_cart_keys`` (docs/spec.md section 2.14; docs/support.md).

It is the cart projector (``services/cart/projection.py``) with this module's row and writer:
it follows the same notification log with its OWN tracking row (``projection_name =
"support_index"`` in ``projection_tracking``), so it can lag, be rebuilt or crash without
touching ``cart_current``. Each batch brings every cart it touches to the batch's last version
(``Cart`` aggregate: reference via ``support_reference``, totals via ``cart.totals()``, orders
via ``cart.orders``, first/last activity = created/modified on) and adds the keys of the batch's
events (``index_keys``: SKUs, coupon codes, order numbers; never personal data). Rows, keys and
the tracking row commit in one transaction, moved by compare-and-set (exactly once: a crash
mid-batch leaves nothing of it, and the next run redoes the whole batch).

Started wherever the cart projector is: the API's background thread (``RUN_PROJECTIONS``),
``shop project`` and ``shop rebuild-projections``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from sqlalchemy import Engine, delete
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert

from services.cart.application import CartApplication
from services.cart.domain import Cart
from services.cart.projection import CartProjector
from services.cart.projection_view import CartViewWriter
from services.support.domain import index_keys
from services.support.models import SupportCart, SupportCartKey
from services.support.reference import support_reference

PROJECTION_NAME = "support_index"
MAX_KEY_LENGTH = 200
_CARTS = SupportCart.__table__
_KEYS = SupportCartKey.__table__


def support_row(cart: Cart, events: Iterable[Any]) -> dict[str, Any]:
    """The ``support_carts`` row of ``cart`` (at the batch's last version), with ``"keys"``: the
    ``(kind, value)`` search keys of ``events`` (the batch's events of this cart). ``total`` is
    in minor units of ``currency``, after coupons; ``order_numbers`` oldest first."""
    totals = cart.totals()
    return {
        "cart_id": str(cart.id),
        "reference": support_reference(cart.id),
        "version": cart.version,
        "country": cart.country,
        "currency": cart.currency,
        "line_count": len(cart.lines),
        "item_count": totals["item_count"],
        "total": totals["total"],
        "checkout_started": bool(cart.checkout_started),
        "order_numbers": [str(number) for number in cart.orders],
        "first_activity": cart.created_on,
        "last_activity": cart.modified_on,
        "keys": sorted(
            (kind, value[:MAX_KEY_LENGTH])
            for kind, value in index_keys(e for e in events if isinstance(e, Cart.Event))
        ),
    }


class SupportIndexWriter(CartViewWriter):
    """Writes ``support_carts`` rows and ``support_cart_keys`` with the ``support_index``
    tracking row, in one transaction (``commit``, inherited: compare-and-set on the tracking,
    ``ProjectionConflict`` when it moved). A row is replaced whole; keys only accumulate
    (``ON CONFLICT DO NOTHING``): a key once seen keeps finding the cart."""

    def __init__(self, engine: Engine, application_name: str) -> None:
        super().__init__(engine, application_name, PROJECTION_NAME)
        insert = pg_insert if engine.dialect.name == "postgresql" else sqlite_insert
        stmt = insert(_CARTS)
        self._upsert_carts = stmt.on_conflict_do_update(
            index_elements=["cart_id"],
            set_={c.name: stmt.excluded[c.name] for c in _CARTS.columns if c.name != "cart_id"},
        )
        self._insert_keys = insert(_KEYS).on_conflict_do_nothing()

    def write_rows(self, conn: Any, rows: Sequence[dict[str, Any]]) -> None:
        """Upsert the index rows and insert their keys on ``conn`` (inside ``commit``'s
        transaction; tests override it to simulate a crash mid-batch)."""
        if not rows:
            return
        conn.execute(self._upsert_carts, [{k: v for k, v in row.items() if k != "keys"} for row in rows])
        keys = [
            {"kind": kind, "value": value, "cart_id": row["cart_id"]}
            for row in rows
            for kind, value in row["keys"]
        ]
        if keys:
            conn.execute(self._insert_keys, keys)

    def reset(self) -> None:
        """Empty the index (rows and keys) and set the tracking to 0, in one transaction."""
        with self.engine.begin() as conn:
            conn.execute(delete(_KEYS))
            conn.execute(delete(_CARTS))
            conn.execute(delete(self._tracking).where(self._key))
            conn.execute(self._insert_tracking)


def support_projector(app: CartApplication, engine: Engine, **kwargs: Any) -> CartProjector:
    """A projector keeping the support index from ``app``'s log on ``engine`` (keyword
    arguments as ``CartProjector``'s: ``batch_size``, ``poll_interval``...)."""
    kwargs.setdefault("writer", SupportIndexWriter(engine, app.name))
    return CartProjector(app, engine, row=support_row, thread_name="support-projection", **kwargs)


def build_support_projector(**kwargs: Any) -> CartProjector:
    """The support index projector for the configured databases (``get_cart_app()`` and the
    relational engine; with ``CART_PARTITION_URLS``, the partition this process follows:
    ``services.cart.partitions.projection_app``), polling like the cart projector."""
    from services.cart.partitions import projection_app
    from services.shared.db import get_engine
    from services.shared.settings import get_settings

    settings = get_settings()
    kwargs.setdefault("poll_interval", settings.projection_poll_interval)
    kwargs.setdefault("batch_window", settings.projection_batch_window)
    return support_projector(projection_app(), get_engine(), **kwargs)


__all__ = [
    "PROJECTION_NAME",
    "SupportIndexWriter",
    "build_support_projector",
    "support_projector",
    "support_row",
]
