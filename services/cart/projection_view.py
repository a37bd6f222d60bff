"""The ``cart_current`` view side of the cart projection: rows and their transactional writer.

``cart_row`` computes one cart's row from a ``Cart`` aggregate (money in minor units, via
``rules.totals``); ``CartViewWriter`` upserts a batch of rows and moves the projection's
``projection_tracking`` row by compare-and-set in the same transaction (exactly once). The
projector that feeds it is ``services/cart/projection.py``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from sqlalchemy import Engine, delete, select, update
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert

from services.cart import rules
from services.cart.domain import Cart
from services.cart.readmodel import CartCurrent, ProjectionTracking

PROJECTION_NAME = "cart_current"
_VIEW = CartCurrent.__table__
_TRACKING = ProjectionTracking.__table__


def cart_row(cart: Cart) -> dict[str, Any]:
    """The ``cart_current`` row of ``cart`` (without ``refused_count``, which counts events).

    Money in minor units: ``subtotal_eur``/``subtotal_usd`` from ``rules.totals`` in each
    currency (before coupons); ``total``, ``tax_included`` and ``discount`` in the cart's own
    currency, after coupons (``Cart.totals``)."""
    lines = cart.lines
    eur = rules.totals(lines, "EUR", cart.tax_rate_bp)
    usd = rules.totals(lines, "USD", cart.tax_rate_bp)
    own = cart.totals()
    orders = list(cart.orders)
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
        "discount": own.get("discount", 0),
        "last_order_id": orders[-1] if orders else None,
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


def cart_current_row(cart: Cart, events: Iterable[Any]) -> dict[str, Any]:
    """``cart_row(cart)`` with ``refused_count`` = the ``CommandRefused`` events among
    ``events`` (the batch's events of this cart; the writer adds it to the stored count)."""
    row = cart_row(cart)
    row["refused_count"] = sum(1 for ev in events if isinstance(ev, Cart.CommandRefused))
    return row


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
        self._tracking = _TRACKING
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
            self.move(conn, expected, last_id)
            self.write_rows(conn, rows)

    def move(self, conn: Any, expected: int, last_id: int) -> None:
        """Move the tracking row from ``expected`` to ``last_id`` on ``conn`` (the caller's
        transaction, which also writes the rows). Raises ``ProjectionConflict`` when it is not
        at ``expected``."""
        moved = conn.execute(
            update(_TRACKING)
            .where(self._key & (_TRACKING.c.notification_id == expected))
            .values(notification_id=last_id)
        )
        if moved.rowcount != 1:
            raise ProjectionConflict(f"{self.projection_name}: tracking is not at {expected}")

    def zero(self, conn: Any) -> None:
        """Set the tracking row to 0 on ``conn`` (created when missing)."""
        conn.execute(delete(_TRACKING).where(self._key))
        conn.execute(self._insert_tracking)

    def write_rows(self, conn: Any, rows: Sequence[dict[str, Any]]) -> None:
        """Upsert the view rows on ``conn`` (inside ``commit``'s transaction; tests override
        it to simulate a crash mid-batch)."""
        if rows:
            conn.execute(self._upsert, list(rows))

    def reset(self) -> None:
        """Empty the view and set the tracking to 0, in one transaction."""
        with self.engine.begin() as conn:
            conn.execute(delete(_VIEW))
            self.zero(conn)


__all__ = ["PROJECTION_NAME", "CartViewWriter", "ProjectionConflict", "cart_current_row", "cart_row"]
