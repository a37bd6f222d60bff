"""The seven analytics projections: how each turns a batch of ``CartFact``s into rows of its
``analytics_*`` tables (docs/analytics.md; tables in ``read_models.py``; facts in ``domain.py``).

Each ``Projection`` writes on the connection the projector gives it, inside the transaction
that also moves its ``projection_tracking`` row (``projection.py``): exactly once, and a crash
leaves nothing of the batch. Daily tables are pre-aggregated per key in Python and upserted by
adding (``ON CONFLICT ... DO UPDATE SET n = n + excluded.n``, one row per key per statement on
both engines). State a projection needs to decide the next rows (the funnel step of a cart,
the price a cart last showed, a cart's activity) lives in its own ``_state`` tables, read for
the batch's carts and written back in the same transaction. Money: integer minor units of the
row's currency.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from datetime import UTC, date, datetime, timedelta
from typing import Any, ClassVar

from sqlalchemy import Connection, Table, delete, select
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert

from services.analytics import domain
from services.analytics.domain import CartFact
from services.analytics.read_models import (
    AnalyticsAbandonedCart,
    AnalyticsCartActivity,
    AnalyticsCartEvent,
    AnalyticsConfiguratorChoice,
    AnalyticsCouponLedger,
    AnalyticsFunnelCart,
    AnalyticsFunnelDaily,
    AnalyticsLineChoice,
    AnalyticsProductDaily,
    AnalyticsProductSeen,
    AnalyticsRevenueDaily,
)
from services.checkout.models import Order, OrderLine

CHUNK = 500  # ids per IN (...) list
REMEMBERED_CARTS = 50_000  # carts whose state a projection keeps between batches (then starts over)
PRICE_CHANGE_WINDOW = timedelta(hours=24)  # docs/analytics.md, analytics_product_daily

Key = tuple[Any, ...]


def _table(model: Any) -> Table:
    return model.__table__  # type: ignore[no-any-return]


def _utc(value: datetime) -> datetime:
    """SQLite gives naive datetimes back: every stored time is UTC."""
    return value if value.tzinfo is not None else value.replace(tzinfo=UTC)


def _stored(value: Any, dialect: str) -> Any:
    """``value`` as ``bulk_insert`` passes it: on SQLite a time or a day as SQLAlchemy stores
    it (ISO text, UTC: every fact's time is UTC); as it is otherwise."""
    if dialect == "postgresql":
        return value
    if isinstance(value, datetime):
        return value.replace(tzinfo=None).isoformat(" ", "microseconds")
    if isinstance(value, date):
        return value.isoformat()
    return value


def _chunks(items: Sequence[Any]) -> Iterator[Sequence[Any]]:
    for start in range(0, len(items), CHUNK):
        yield items[start : start + CHUNK]


class Projection(ABC):
    """One analytics projection: ``name`` (its tracking row and the table it is known by),
    ``version`` (bump it when its rows change meaning: the projector empties and back-fills a
    projection whose stored version differs), ``tables`` (everything it owns; emptied by
    ``reset``). Subclasses implement ``apply``."""

    name: ClassVar[str]
    version: ClassVar[int] = 1
    tables: ClassVar[tuple[Table, ...]]

    def __init__(self, dialect: str) -> None:
        self.dialect = dialect
        self.insert = pg_insert if dialect == "postgresql" else sqlite_insert
        self._memory: dict[str, dict[Any, dict[str, Any]]] = {}
        self._loaded: dict[str, set[str]] = {}
        self._stored: dict[str, set[Any]] = {}  # keys of remembered rows the database holds

    @abstractmethod
    def apply(self, conn: Connection, facts: Sequence[CartFact]) -> None:
        """Write the rows of ``facts`` (log order, all after this projection's position) on
        ``conn``, inside the projector's transaction."""

    def reset(self, conn: Connection) -> None:
        """Empty every table of this projection (the projector resets the tracking)."""
        for table in self.tables:
            conn.execute(delete(table))

    def sweep(self, conn: Connection, now: datetime) -> int:
        """Rows that time alone decides (abandonment); 0 for the others."""
        return 0

    def remembered(
        self, conn: Connection, table: Table, cart_ids: set[str], key: Callable[[Any], Any]
    ) -> dict[Any, dict[str, Any]]:
        """The state rows of ``table`` (by ``key(row)``) with those of ``cart_ids`` among them:
        read from the database once per cart, then kept between batches, so a live batch does
        not read back what this projection wrote itself. The dict is the memory itself: rows
        ``apply`` changes or adds in it are what it writes in the same transaction. Only this
        projection writes its state, and only when its tracking row is where this projector
        left it, so the memory is right while batches commit; the projector calls ``forget``
        after a rollback or when the tracking moved under it."""
        memory = self._memory.setdefault(table.name, {})
        loaded = self._loaded.setdefault(table.name, set())
        if len(loaded) > REMEMBERED_CARTS:
            memory.clear()
            loaded.clear()
            self._stored.pop(table.name, None)
        stored = self._stored.setdefault(table.name, set())
        missing = [cart_id for cart_id in cart_ids if cart_id not in loaded]
        if missing:
            for row in self.load(conn, table, missing):
                memory[key(row)] = dict(row)
                stored.add(key(row))
            loaded.update(missing)
        return memory

    def save_state(
        self, conn: Connection, table: Table, rows: Iterable[dict[str, Any]], key: Callable[[Any], Any]
    ) -> None:
        """Write remembered state rows (``remembered``) of ``table``: rows it has not stored yet
        by ``bulk_insert`` (most of them during a rebuild), the others by ``upsert``. A row
        another writer stored meanwhile makes the insert fail, the batch roll back and the
        projector forget: the next try reads it."""
        stored = self._stored.setdefault(table.name, set())
        new: list[dict[str, Any]] = []
        known: list[dict[str, Any]] = []
        for row in rows:
            (known if key(row) in stored else new).append(row)
        if new:
            names = tuple(c.name for c in table.columns)
            self.bulk_insert(
                conn, table.name, names, [tuple(_stored(r[n], self.dialect) for n in names) for r in new]
            )
            stored.update(key(row) for row in new)
        self.upsert(conn, table, known)

    def forget(self) -> None:
        """Drop the remembered state (``remembered``): the next batch reads it again."""
        self._memory.clear()
        self._loaded.clear()
        self._stored.clear()

    # ---- helpers ----------------------------------------------------------------------------

    def add_up(
        self, conn: Connection, table: Table, rows: Mapping[Key, dict[str, Any]], sums: Sequence[str]
    ) -> None:
        """Upsert ``rows`` (one per primary key) adding the ``sums`` columns to the stored
        ones; other columns take the new value."""
        if not rows:
            return
        keys = [c.name for c in table.primary_key.columns]
        stmt = self.insert(table)
        set_: dict[str, Any] = {c.name: stmt.excluded[c.name] for c in table.columns if c.name not in keys}
        set_.update({name: table.c[name] + stmt.excluded[name] for name in sums})
        # In key order: rebuild workers adding to the same rows lock them in one order (no deadlock).
        ordered = [rows[key] for key in sorted(rows)]
        conn.execute(stmt.on_conflict_do_update(index_elements=keys, set_=set_), ordered)

    def upsert(self, conn: Connection, table: Table, rows: Iterable[dict[str, Any]]) -> None:
        """Insert ``rows`` or replace the stored ones with the same primary key."""
        rows = list(rows)
        if not rows:
            return
        keys = [c.name for c in table.primary_key.columns]
        stmt = self.insert(table)
        set_ = {c.name: stmt.excluded[c.name] for c in table.columns if c.name not in keys}
        conn.execute(stmt.on_conflict_do_update(index_elements=keys, set_=set_), rows)

    def bulk_insert(
        self, conn: Connection, table: str, columns: Sequence[str], rows: Sequence[tuple[Any, ...]]
    ) -> None:
        """Insert new rows (tuples in ``columns`` order; times as ``_stored`` gives them) the
        fastest way each engine has: ``COPY`` on PostgreSQL, the driver's ``executemany`` on
        SQLite. For rows no other row can conflict with (their keys are new: an event's)."""
        names = ", ".join(columns)
        if self.dialect == "postgresql":
            driver: Any = conn.connection.driver_connection
            with driver.cursor() as cursor, cursor.copy(f"COPY {table} ({names}) FROM STDIN") as copy:
                for row in rows:
                    copy.write_row(row)
            return
        conn.exec_driver_sql(
            f"INSERT INTO {table} ({names}) VALUES ({', '.join('?' * len(columns))})", list(rows)
        )

    @staticmethod
    def load(conn: Connection, table: Table, cart_ids: Sequence[str]) -> list[Any]:
        """The rows of ``table`` for ``cart_ids`` (chunked IN lists)."""
        found: list[Any] = []
        for chunk in _chunks(cart_ids):
            found.extend(conn.execute(select(table).where(table.c.cart_id.in_(chunk))).mappings())
        return found


def _counter(rows: dict[Key, dict[str, Any]], key: Key, base: dict[str, Any]) -> dict[str, Any]:
    row = rows.get(key)
    if row is None:
        row = rows[key] = dict(base)
    return row


# ---- analytics_cart_events ---------------------------------------------------------------------


class CartEvents(Projection):
    """``analytics_cart_events`` (one row per event, one per line for multi-line events) and
    ``analytics_line_choices`` (the choices of configured lines added)."""

    name = "analytics_cart_events"
    tables = (_table(AnalyticsCartEvent), _table(AnalyticsLineChoice))

    # Column order of the rows built below (the table's own order).
    COLUMNS = (
        "cart_id", "version", "seq", "notification_id", "occurred_at", "day", "event_type", "country",
        "currency", "line_id", "product_id", "variation_id", "sku", "configured", "quantity_delta",
        "quantity_after", "unit_price", "coupon_code", "refusal_code", "reason", "order_id",
    )  # fmt: skip

    def apply(self, conn: Connection, facts: Sequence[CartFact]) -> None:
        """Insert the rows of ``facts`` (see the class docstring)."""
        sqlite = self.dialect != "postgresql"
        rows: list[tuple[Any, ...]] = []
        choices: list[dict[str, Any]] = []
        for fact in facts:
            at: Any = fact.at.replace(tzinfo=None).isoformat(" ", "microseconds") if sqlite else fact.at
            day: Any = fact.day.isoformat() if sqlite else fact.day
            head = (fact.cart_id, fact.version)
            middle = (fact.notification_id, at, day, fact.event_type, fact.country, fact.currency)
            tail = (fact.coupon_code, fact.refusal_code, fact.reason, fact.order_id)
            if not fact.lines:
                rows.append((*head, 0, *middle, None, None, None, None, False, 0, None, None, *tail))
            for seq, line in enumerate(fact.lines):
                rows.append(
                    (
                        *head,
                        seq,
                        *middle,
                        line.line_id,
                        line.product_id,
                        line.variation_id,
                        line.sku,
                        line.configured,
                        line.delta,
                        line.after,
                        line.unit_price,
                        *tail,
                    )
                )
                if fact.event_type == "ItemAdded":
                    choices.extend(
                        {
                            "cart_id": fact.cart_id,
                            "line_id": line.line_id,
                            "layer_id": choice.layer_id,
                            "product_id": line.product_id,
                            "choice_id": choice.choice_id,
                            "layer_name": choice.layer_name,
                            "choice_name": choice.choice_name,
                        }
                        for choice in line.choices
                    )
        if rows:
            self._insert_events(conn, rows)
        if choices:
            names = tuple(choices[0])
            self.bulk_insert(conn, self.tables[1].name, names, [tuple(c[n] for n in names) for c in choices])

    def _insert_events(self, conn: Connection, rows: list[tuple[Any, ...]]) -> None:
        """Insert the event rows (tuples in ``COLUMNS`` order, times already as the engine
        stores them): ``bulk_insert``. A rebuild writes one row per event: going through
        SQLAlchemy's parameter processing took as long as folding the events."""
        self.bulk_insert(conn, self.tables[0].name, self.COLUMNS, rows)


# ---- analytics_funnel_daily ------------------------------------------------------------------


class Funnel(Projection):
    """``analytics_funnel_daily``: the closed funnel (domain.STARTED .. ORDERED) by the day,
    country and currency each cart started with; state ``analytics_funnel_carts``."""

    name = "analytics_funnel_daily"
    tables = (_table(AnalyticsFunnelDaily), _table(AnalyticsFunnelCart))
    COLUMNS = ("carts_started", "carts_with_add", "checkouts_started", "orders_placed")

    def apply(self, conn: Connection, facts: Sequence[CartFact]) -> None:
        """Move each cart of ``facts`` along the funnel and count the steps it passed."""
        daily, state = self.tables
        carts = self.remembered(conn, state, {f.cart_id for f in facts}, lambda row: row["cart_id"])
        changed: dict[str, dict[str, Any]] = {}
        counts: dict[Key, dict[str, Any]] = {}
        for fact in facts:
            cart = carts.get(fact.cart_id)
            if fact.event_type == "Started":
                if cart is not None:
                    continue
                cart = {"cart_id": fact.cart_id, "day": fact.day, "country": fact.country}
                cart.update(currency=fact.currency, step=domain.STARTED - 1)
                carts[fact.cart_id] = cart
            if cart is None:
                continue
            step = cart["step"]
            if fact.event_type == "Started":
                new = domain.STARTED
            elif fact.is_add and step == domain.STARTED:
                new = domain.ADDED
            elif fact.event_type == "CheckoutStarted" and step == domain.ADDED:
                new = domain.CHECKOUT
            elif fact.event_type == "OrderPlaced" and step == domain.CHECKOUT:
                new = domain.ORDERED
            else:
                continue
            cart["step"] = new
            changed[fact.cart_id] = cart
            key = (cart["day"], cart["country"], cart["currency"])
            row = _counter(
                counts,
                key,
                {"day": key[0], "country": key[1], "currency": key[2], **dict.fromkeys(self.COLUMNS, 0)},
            )
            row[self.COLUMNS[new - 1]] += 1
        self.save_state(conn, state, changed.values(), lambda row: row["cart_id"])
        self.add_up(conn, daily, counts, self.COLUMNS)


# ---- analytics_product_daily -----------------------------------------------------------------


class Products(Projection):
    """``analytics_product_daily``: netted adds and removes per command, orders and units sold,
    removals within 24 h of a price change the cart showed (plain lines only: two builds of a
    configurator differ in price by their choices); state ``analytics_product_seen``."""

    name = "analytics_product_daily"
    tables = (_table(AnalyticsProductDaily), _table(AnalyticsProductSeen))
    SUMS = ("adds", "removes", "net_quantity", "orders", "units_sold", "removals_after_price_change")

    def apply(self, conn: Connection, facts: Sequence[CartFact]) -> None:
        """Count ``facts`` per day and product (see the class docstring)."""
        daily, state = self.tables
        seen = self.remembered(
            conn,
            state,
            {f.cart_id for f in facts},
            lambda row: (row["cart_id"], row["product_id"], row["variation_id"]),
        )
        touched: set[Key] = set()
        counts: dict[Key, dict[str, Any]] = {}
        skus: dict[tuple[int, int], str | None] = {}

        def row(day: Any, product: tuple[int, int]) -> dict[str, Any]:
            base = {"day": day, "product_id": product[0], "variation_id": product[1], "sku": None}
            return _counter(counts, (day, *product), {**base, **dict.fromkeys(self.SUMS, 0)})

        for group in domain.commands(facts):
            last = group[-1]
            for product, delta in domain.net_deltas(group).items():
                counter = row(last.day, product)
                counter["net_quantity"] += delta
                if delta > 0:
                    counter["adds"] += delta
                    continue
                counter["removes"] -= delta
                before = seen.get((last.cart_id, *product))
                changed_at = before["changed_at"] if before else None
                if changed_at is not None and last.at - _utc(changed_at) <= PRICE_CHANGE_WINDOW:
                    counter["removals_after_price_change"] -= delta
            for fact in group:
                for line in fact.lines:
                    product = (line.product_id, line.variation_id)
                    skus[product] = line.sku
                    if fact.event_type == "OrderPlaced":
                        if line.delta < 0:
                            counter = row(fact.day, product)
                            counter["units_sold"] -= line.delta
                    elif fact.event_type in ("ItemAdded", "ItemCountSet") and not line.configured:
                        # builds of a configurator differ by their choices, not by a price change
                        self._saw(seen, touched, fact, line)
                if fact.event_type == "OrderPlaced":
                    for product in {(x.product_id, x.variation_id) for x in fact.lines if x.delta < 0}:
                        row(fact.day, product)["orders"] += 1
        for (_, product_id, variation_id), counter in counts.items():
            counter["sku"] = skus.get((product_id, variation_id))
        self.save_state(
            conn,
            state,
            (seen[key] for key in touched),
            lambda row: (row["cart_id"], row["product_id"], row["variation_id"]),
        )
        self.add_up(conn, daily, counts, self.SUMS)

    @staticmethod
    def _saw(
        seen: dict[Key, dict[str, Any]], touched: set[Key], fact: CartFact, line: domain.LineFact
    ) -> None:
        key = (fact.cart_id, line.product_id, line.variation_id)
        before = seen.get(key)
        if before is None:
            seen[key] = {
                "cart_id": fact.cart_id,
                "product_id": line.product_id,
                "variation_id": line.variation_id,
                "currency": fact.currency,
                "unit_price": line.unit_price,
                "changed_at": None,
            }
        elif before["currency"] != fact.currency:
            before.update(currency=fact.currency, unit_price=line.unit_price)  # another currency
        elif before["unit_price"] != line.unit_price:
            before.update(unit_price=line.unit_price, changed_at=fact.at)
        else:
            return
        touched.add(key)


# ---- analytics_abandoned_carts ---------------------------------------------------------------


class Abandoned(Projection):
    """``analytics_abandoned_carts``: a cart with items idle for ``threshold`` after its first
    add is abandoned at ``last activity + threshold``. Decided by event times when the cart
    comes back (so a rebuild gives the same rows) and by ``sweep(now)`` for carts still idle;
    state ``analytics_cart_activity``."""

    name = "analytics_abandoned_carts"
    tables = (_table(AnalyticsAbandonedCart), _table(AnalyticsCartActivity))

    def __init__(self, dialect: str, threshold: timedelta) -> None:
        super().__init__(dialect)
        self.threshold = threshold

    def apply(self, conn: Connection, facts: Sequence[CartFact]) -> None:
        """Follow each cart's activity; record abandonments that ``facts`` end (the cart came
        back after an idle period) and orders placed after one."""
        abandoned, state = self.tables
        ids = list({f.cart_id for f in facts})
        activity = self.remembered(conn, state, set(ids), lambda row: row["cart_id"])
        rows = {row["cart_id"]: dict(row) for row in self.load(conn, abandoned, ids)}
        touched_activity: set[str] = set()
        touched_rows: set[str] = set()
        for fact in facts:
            cart = activity.get(fact.cart_id)
            if cart is not None and cart["item_count"] > 0:
                idle_since = _utc(cart["last_activity_at"])
                if fact.at - idle_since >= self.threshold:
                    row = rows.get(fact.cart_id)
                    if row is None or _utc(row["last_activity_at"]) < idle_since:
                        row = rows[fact.cart_id] = self._abandonment(cart)
                    if row["returned_at"] is None:
                        row["returned_at"] = fact.at
                    touched_rows.add(fact.cart_id)
            row = rows.get(fact.cart_id)
            if fact.event_type == "OrderPlaced" and row is not None and row["returned_at"] is not None:
                row["ordered_after"] = True
                touched_rows.add(fact.cart_id)
            if cart is None:
                if not fact.is_add:
                    continue
                cart = activity[fact.cart_id] = {
                    "cart_id": fact.cart_id,
                    "first_add_at": fact.at,
                    "item_count": 0,
                    "value": 0,
                    "last_step": "cart",
                    "ordered": False,
                }
            cart.update(country=fact.country, currency=fact.currency, last_activity_at=fact.at)
            cart["item_count"] += sum(line.delta for line in fact.lines)
            if fact.event_type == "OrderPlaced":
                cart["ordered"] = True
            if fact.items_after is not None:
                cart["item_count"] = fact.items_after
                cart["value"] = fact.value_after
                cart["last_step"] = "checkout" if fact.checkout_after else "cart"
            touched_activity.add(fact.cart_id)
        self.save_state(conn, state, (activity[c] for c in touched_activity), lambda row: row["cart_id"])
        self.upsert(conn, abandoned, (rows[c] for c in touched_rows))

    def _abandonment(self, cart: Mapping[str, Any]) -> dict[str, Any]:
        idle_since = _utc(cart["last_activity_at"])
        at = idle_since + self.threshold
        return {
            "cart_id": cart["cart_id"],
            "country": cart["country"],
            "currency": cart["currency"],
            "first_add_at": _utc(cart["first_add_at"]),
            "last_activity_at": idle_since,
            "abandoned_at": at,
            "day": at.date(),
            "item_count": cart["item_count"],
            "value": cart["value"],
            "last_step": cart["last_step"],
            "returned_at": None,
            "ordered_after": False,
        }

    def sweep(self, conn: Connection, now: datetime) -> int:
        """Record the carts idle since ``now - threshold`` or longer that are not recorded for
        that idle period yet; returns how many. Never overwrites a row of the same or a later
        idle period (a batch committed meanwhile wins)."""
        abandoned, state = self.tables
        cutoff = now - self.threshold
        idle = conn.execute(
            select(state)
            .outerjoin(abandoned, abandoned.c.cart_id == state.c.cart_id)
            .where(
                state.c.item_count > 0,
                state.c.last_activity_at <= cutoff,
                (abandoned.c.cart_id.is_(None)) | (abandoned.c.last_activity_at < state.c.last_activity_at),
            )
        ).mappings()
        rows = [self._abandonment(dict(cart)) for cart in idle]
        if not rows:
            return 0
        stmt = self.insert(abandoned)
        keys = [c.name for c in abandoned.primary_key.columns]
        conn.execute(
            stmt.on_conflict_do_update(
                index_elements=keys,
                set_={c.name: stmt.excluded[c.name] for c in abandoned.columns if c.name not in keys},
                where=abandoned.c.last_activity_at < stmt.excluded.last_activity_at,
            ),
            rows,
        )
        return len(rows)


# ---- orders read by the coupon ledger and revenue ----------------------------------------------


def _orders(conn: Connection, facts: Sequence[CartFact]) -> dict[str, Any]:
    """The ``orders`` rows (with ``items``, the units of their lines) of the ``OrderPlaced``
    facts, by order id as text."""
    placed = (f.order_id or "" for f in facts if f.event_type == "OrderPlaced")
    ids = sorted({int(order_id) for order_id in placed if order_id.isdigit()})
    orders: dict[str, Any] = {}
    order, lines = _table(Order), _table(OrderLine)
    for chunk in _chunks(ids):
        for row in conn.execute(select(order).where(order.c.id.in_(chunk))).mappings():
            orders[str(row["id"])] = {**row, "items": 0}
        for order_id, count in conn.execute(
            select(lines.c.order_id, lines.c.count).where(lines.c.order_id.in_(chunk))
        ):
            if str(order_id) in orders:
                orders[str(order_id)]["items"] += int(count)
    return orders


class CouponLedger(Projection):
    """``analytics_coupon_ledger``: applied, refused, removed, and redeemed (from the order's
    coupons, with the discount each took off)."""

    name = "analytics_coupon_ledger"
    tables = (_table(AnalyticsCouponLedger),)

    def apply(self, conn: Connection, facts: Sequence[CartFact]) -> None:
        """Insert one ledger row per coupon fact (see the class docstring)."""
        orders = _orders(conn, facts)
        rows: list[dict[str, Any]] = []
        for fact in facts:
            common = {
                "cart_id": fact.cart_id,
                "version": fact.version,
                "occurred_at": fact.at,
                "day": fact.day,
                "country": fact.country,
                "currency": fact.currency,
                "refusal_code": None,
                "reason": None,
                "order_id": None,
                "discount": None,
            }
            if fact.event_type == "CouponApplied" and fact.coupon_code:
                rows.append({**common, "seq": 0, "coupon_code": fact.coupon_code, "action": "applied"})
            elif fact.event_type == "CommandRefused" and fact.coupon_code is not None:
                refused = {"refusal_code": fact.refusal_code, "coupon_code": fact.coupon_code}
                rows.append({**common, **refused, "seq": 0, "action": "refused"})
            elif fact.event_type == "CouponRemoved" and fact.coupon_code:
                removed = {
                    "refusal_code": fact.refusal_code,
                    "reason": fact.reason,
                    "coupon_code": fact.coupon_code,
                }
                rows.append({**common, **removed, "seq": 0, "action": "removed"})
            elif fact.event_type == "OrderPlaced" and fact.coupons_before:
                order = orders.get(fact.order_id or "")
                taken = {
                    str(c.get("code", "")).lower(): int(c.get("discount") or 0)
                    for c in (order or {}).get("coupons") or ()
                }
                for seq, code in enumerate(fact.coupons_before):
                    redeemed = {"order_id": fact.order_id, "discount": taken.get(code), "coupon_code": code}
                    rows.append({**common, **redeemed, "seq": seq, "action": "redeemed"})
        if rows:
            names = tuple(c.name for c in self.tables[0].columns)
            self.bulk_insert(
                conn,
                self.tables[0].name,
                names,
                [tuple(_stored(r[n], self.dialect) for n in names) for r in rows],
            )


class Revenue(Projection):
    """``analytics_revenue_daily``: the orders of ``OrderPlaced`` facts, summed from their
    ``orders`` rows by the day of ``date_created``, country and currency."""

    name = "analytics_revenue_daily"
    tables = (_table(AnalyticsRevenueDaily),)
    SUMS = ("orders", "items", "subtotal", "discount", "shipping", "tax", "total")

    def apply(self, conn: Connection, facts: Sequence[CartFact]) -> None:
        """Add each placed order's amounts to its day (an order row that is gone adds nothing)."""
        counts: dict[Key, dict[str, Any]] = {}
        for order in _orders(conn, facts).values():
            day = _utc(order["date_created"]).date()
            key = (day, order["country"], order["currency"])
            row = _counter(
                counts,
                key,
                {"day": day, "country": key[1], "currency": key[2], **dict.fromkeys(self.SUMS, 0)},
            )
            row["orders"] += 1
            for name in self.SUMS[1:]:
                row[name] += int(order[name])
        self.add_up(conn, self.tables[0], counts, self.SUMS)


class ConfiguratorChoices(Projection):
    """``analytics_configurator_choices``: per day, configurator, layer and choice: builds
    added with it (``selected``; not the checkout hand-off's re-records), units ``added`` and
    ``removed`` (netted per command) and ``ordered``."""

    name = "analytics_configurator_choices"
    tables = (_table(AnalyticsConfiguratorChoice),)
    SUMS = ("selected", "added", "removed", "ordered")

    def apply(self, conn: Connection, facts: Sequence[CartFact]) -> None:
        """Count the choices of configured lines in ``facts``."""
        counts: dict[Key, dict[str, Any]] = {}

        def row(day: Any, product_id: int, choice: domain.Choice) -> dict[str, Any]:
            base = {
                "day": day,
                "product_id": product_id,
                "layer_id": choice.layer_id,
                "choice_id": choice.choice_id,
                "layer_name": choice.layer_name,
                "choice_name": choice.choice_name,
            }
            return _counter(
                counts,
                (day, product_id, choice.layer_id, choice.choice_id),
                {**base, **dict.fromkeys(self.SUMS, 0)},
            )

        for group in domain.commands(facts):
            last = group[-1]
            for (product_id, choice), delta in domain.net_choice_deltas(group).items():
                row(last.day, product_id, choice)["added" if delta > 0 else "removed"] += abs(delta)
            hand_off = domain.is_hand_off(group)
            for fact in group:
                for line in fact.lines:
                    for choice in line.choices:
                        if fact.event_type == "ItemAdded" and not hand_off:
                            row(fact.day, line.product_id, choice)["selected"] += 1
                        elif fact.event_type == "OrderPlaced" and line.delta < 0:
                            row(fact.day, line.product_id, choice)["ordered"] -= line.delta
        self.add_up(conn, self.tables[0], counts, self.SUMS)


def all_projections(dialect: str, abandoned_after: timedelta) -> list[Projection]:
    """The seven analytics projections for a database of ``dialect`` ("sqlite"/"postgresql"),
    abandonment after ``abandoned_after``."""
    return [
        CartEvents(dialect),
        Funnel(dialect),
        Products(dialect),
        Abandoned(dialect, abandoned_after),
        CouponLedger(dialect),
        Revenue(dialect),
        ConfiguratorChoices(dialect),
    ]


def projection_names() -> tuple[str, ...]:
    """The seven projections' names (also their tracking rows' and main tables' names), in the
    order of :func:`all_projections`; no database needed (the command line checks a name it is
    given against them)."""
    return tuple(p.name for p in all_projections("sqlite", timedelta(0)))


__all__ = [
    "Abandoned",
    "CartEvents",
    "ConfiguratorChoices",
    "CouponLedger",
    "Funnel",
    "Products",
    "Projection",
    "Revenue",
    "all_projections",
    "projection_names",
]
