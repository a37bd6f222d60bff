"""The analytics read models: ``analytics_*`` tables kept by the projections of
``services/analytics/projection.py`` from the cart event log (docs/analytics.md, column by
column; Alembic revision 0014).

Units, everywhere: money is BIGINT integer minor units of the row's ``currency`` ("EUR" or
"USD"), never added across currencies; timestamps are UTC; ``day`` is the UTC calendar day of
the timestamp the table names; ``variation_id`` is 0 (not NULL) for a product without
variations, so it can be part of a primary key. No personal data: carts are known by their
aggregate id only (the shopper's token, email, name, address and IP are never here).

Each projection owns its tables (the public ones below, and the ``_state`` tables it keeps to
decide the next rows) and has its own row in ``projection_tracking``; its rows and its
tracking row commit in one transaction (exactly once). ``analytics_projections`` records the
code version each projection was built with: a changed projection is emptied and back-filled.
"""

from __future__ import annotations

from datetime import date, datetime

from sqlalchemy import BigInteger, Boolean, Date, DateTime, Index, Integer, SmallInteger, String
from sqlalchemy.orm import Mapped, mapped_column

from services.shared.db import Base

Money = BigInteger
Stamp = DateTime(timezone=True)


class AnalyticsCartEvent(Base):
    """``analytics_cart_events``: one typed row per cart event; an event touching several lines
    at once (``Cleared``, ``OrderPlaced``) has one row per line it touched (``seq`` 0, 1, ...).

    Columns: ``notification_id`` (position in the cart log), ``occurred_at``/``day``,
    ``cart_id``, ``version`` (the event's version in its cart), ``seq``, ``event_type`` (the
    domain event's name), ``country``/``currency`` (the cart's after the event), the line
    (``line_id``, ``product_id``, ``variation_id``, ``sku``, ``configured``), ``quantity_delta``
    (units, + added, - removed), ``quantity_after`` (the line's count after), ``unit_price``
    (minor units of ``currency``: one unit of the line as the cart showed it, configuration
    extras and recommendation discount included), ``coupon_code`` (lower case),
    ``refusal_code``, ``reason``, ``order_id``."""

    __tablename__ = "analytics_cart_events"

    cart_id: Mapped[str] = mapped_column(String(36), primary_key=True)
    version: Mapped[int] = mapped_column(Integer, primary_key=True)
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)
    notification_id: Mapped[int] = mapped_column(BigInteger, nullable=False, index=True)
    occurred_at: Mapped[datetime] = mapped_column(Stamp, nullable=False)
    day: Mapped[date] = mapped_column(Date, nullable=False, index=True)
    event_type: Mapped[str] = mapped_column(String(32), nullable=False)
    country: Mapped[str] = mapped_column(String(8), nullable=False)
    currency: Mapped[str] = mapped_column(String(3), nullable=False)
    line_id: Mapped[str | None] = mapped_column(String(16))
    product_id: Mapped[int | None] = mapped_column(Integer)
    variation_id: Mapped[int | None] = mapped_column(Integer)
    sku: Mapped[str | None] = mapped_column(String(64))
    configured: Mapped[bool] = mapped_column(Boolean, nullable=False)
    quantity_delta: Mapped[int] = mapped_column(Integer, nullable=False)
    quantity_after: Mapped[int | None] = mapped_column(Integer)
    unit_price: Mapped[int | None] = mapped_column(Money)
    coupon_code: Mapped[str | None] = mapped_column(String(64))
    refusal_code: Mapped[str | None] = mapped_column(String(64))
    reason: Mapped[str | None] = mapped_column(String(32))
    order_id: Mapped[str | None] = mapped_column(String(32))

    __table_args__ = (Index("ix_analytics_cart_events_product_id_day", "product_id", "day"),)


class AnalyticsLineChoice(Base):
    """``analytics_line_choices`` (kept with ``analytics_cart_events``): the configurator
    choices of every configured line added, one row per choice (a multiple-choice layer has
    several): ``product_id`` (the configurator's product), ``layer_id``/``layer_name``,
    ``choice_id``/``choice_name``."""

    __tablename__ = "analytics_line_choices"

    cart_id: Mapped[str] = mapped_column(String(36), primary_key=True)
    line_id: Mapped[str] = mapped_column(String(16), primary_key=True)
    layer_id: Mapped[str] = mapped_column(String(64), primary_key=True)
    choice_id: Mapped[str] = mapped_column(String(64), primary_key=True)
    product_id: Mapped[int] = mapped_column(Integer, nullable=False)
    layer_name: Mapped[str] = mapped_column(String(200), nullable=False)
    choice_name: Mapped[str] = mapped_column(String(200), nullable=False)


class AnalyticsFunnelDaily(Base):
    """``analytics_funnel_daily``: the closed funnel of carts by the day each cart STARTED and
    the country and currency it started with. Each step counts only carts that passed the step
    before: ``carts_started``, ``carts_with_add``, ``checkouts_started``, ``orders_placed``
    (carts, not events: a cart counts once per step)."""

    __tablename__ = "analytics_funnel_daily"

    day: Mapped[date] = mapped_column(Date, primary_key=True)
    country: Mapped[str] = mapped_column(String(8), primary_key=True)
    currency: Mapped[str] = mapped_column(String(3), primary_key=True)
    carts_started: Mapped[int] = mapped_column(Integer, nullable=False)
    carts_with_add: Mapped[int] = mapped_column(Integer, nullable=False)
    checkouts_started: Mapped[int] = mapped_column(Integer, nullable=False)
    orders_placed: Mapped[int] = mapped_column(Integer, nullable=False)


class AnalyticsFunnelCart(Base):
    """``analytics_funnel_carts`` (state of the funnel projection): the group each cart counts
    in and the furthest ``step`` it reached (1 started, 2 added, 3 checkout, 4 ordered)."""

    __tablename__ = "analytics_funnel_carts"

    cart_id: Mapped[str] = mapped_column(String(36), primary_key=True)
    day: Mapped[date] = mapped_column(Date, nullable=False)
    country: Mapped[str] = mapped_column(String(8), nullable=False)
    currency: Mapped[str] = mapped_column(String(3), nullable=False)
    step: Mapped[int] = mapped_column(SmallInteger, nullable=False)


class AnalyticsProductDaily(Base):
    """``analytics_product_daily``: per day of the event and product (and variation, 0 for
    none). Units, netted per shopper command (the checkout hand-off's ``Cleared`` and re-adds
    are not removals and adds): ``adds``, ``removes`` (positive), ``net_quantity`` (adds -
    removes), ``orders`` (orders containing it), ``units_sold``, ``removals_after_price_change``
    (units removed within 24 hours after the cart showed the product at a different unit price
    than before); ``sku`` as last seen."""

    __tablename__ = "analytics_product_daily"

    day: Mapped[date] = mapped_column(Date, primary_key=True)
    product_id: Mapped[int] = mapped_column(Integer, primary_key=True)
    variation_id: Mapped[int] = mapped_column(Integer, primary_key=True)
    sku: Mapped[str | None] = mapped_column(String(64))
    adds: Mapped[int] = mapped_column(Integer, nullable=False)
    removes: Mapped[int] = mapped_column(Integer, nullable=False)
    net_quantity: Mapped[int] = mapped_column(Integer, nullable=False)
    orders: Mapped[int] = mapped_column(Integer, nullable=False)
    units_sold: Mapped[int] = mapped_column(Integer, nullable=False)
    removals_after_price_change: Mapped[int] = mapped_column(Integer, nullable=False)


class AnalyticsProductSeen(Base):
    """``analytics_product_seen`` (state of the product projection): the unit price (minor
    units of ``currency``) a cart last showed for a product, and when it last changed
    (``changed_at``, None until it does)."""

    __tablename__ = "analytics_product_seen"

    cart_id: Mapped[str] = mapped_column(String(36), primary_key=True)
    product_id: Mapped[int] = mapped_column(Integer, primary_key=True)
    variation_id: Mapped[int] = mapped_column(Integer, primary_key=True)
    currency: Mapped[str] = mapped_column(String(3), nullable=False)
    unit_price: Mapped[int] = mapped_column(Money, nullable=False)
    changed_at: Mapped[datetime | None] = mapped_column(Stamp)


class AnalyticsAbandonedCart(Base):
    """``analytics_abandoned_carts``: carts idle for the abandonment threshold
    (``ANALYTICS_ABANDONED_AFTER_MINUTES``) after their first add, with items, not ordered
    since. ``abandoned_at`` = ``last_activity_at`` + threshold, ``day`` its day; ``value`` the
    cart total after coupons (minor units of ``currency``); ``last_step`` ``cart`` or
    ``checkout``; ``returned_at`` the first activity after it was abandoned (None: never came
    back); ``ordered_after`` whether it then ordered."""

    __tablename__ = "analytics_abandoned_carts"

    cart_id: Mapped[str] = mapped_column(String(36), primary_key=True)
    country: Mapped[str] = mapped_column(String(8), nullable=False)
    currency: Mapped[str] = mapped_column(String(3), nullable=False)
    first_add_at: Mapped[datetime] = mapped_column(Stamp, nullable=False)
    last_activity_at: Mapped[datetime] = mapped_column(Stamp, nullable=False)
    abandoned_at: Mapped[datetime] = mapped_column(Stamp, nullable=False)
    day: Mapped[date] = mapped_column(Date, nullable=False, index=True)
    item_count: Mapped[int] = mapped_column(Integer, nullable=False)
    value: Mapped[int] = mapped_column(Money, nullable=False)
    last_step: Mapped[str] = mapped_column(String(20), nullable=False)
    returned_at: Mapped[datetime | None] = mapped_column(Stamp)
    ordered_after: Mapped[bool] = mapped_column(Boolean, nullable=False)


class AnalyticsCartActivity(Base):
    """``analytics_cart_activity`` (state of the abandonment projection): every cart with an
    add, as of its latest event: ``first_add_at``, ``last_activity_at``, ``item_count``,
    ``value`` (minor units of ``currency``), ``last_step`` (``cart``/``checkout``), ``ordered``
    (its latest order came after its latest change of lines)."""

    __tablename__ = "analytics_cart_activity"

    cart_id: Mapped[str] = mapped_column(String(36), primary_key=True)
    country: Mapped[str] = mapped_column(String(8), nullable=False)
    currency: Mapped[str] = mapped_column(String(3), nullable=False)
    first_add_at: Mapped[datetime] = mapped_column(Stamp, nullable=False)
    last_activity_at: Mapped[datetime] = mapped_column(Stamp, nullable=False, index=True)
    item_count: Mapped[int] = mapped_column(Integer, nullable=False)
    value: Mapped[int] = mapped_column(Money, nullable=False)
    last_step: Mapped[str] = mapped_column(String(20), nullable=False)
    ordered: Mapped[bool] = mapped_column(Boolean, nullable=False)


class AnalyticsCouponLedger(Base):
    """``analytics_coupon_ledger``: every coupon application, refusal, removal and redemption.
    ``action`` ``applied``/``refused``/``removed``/``redeemed``; ``coupon_code`` lower case;
    ``refusal_code`` (refused: why; removed: the rule that stopped it applying); ``reason``
    (removed: ``shopper`` or ``no_longer_valid``); ``order_id`` and ``discount`` (minor units of
    ``currency``: what it took off the order) for ``redeemed``."""

    __tablename__ = "analytics_coupon_ledger"

    cart_id: Mapped[str] = mapped_column(String(36), primary_key=True)
    version: Mapped[int] = mapped_column(Integer, primary_key=True)
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)
    occurred_at: Mapped[datetime] = mapped_column(Stamp, nullable=False)
    day: Mapped[date] = mapped_column(Date, nullable=False, index=True)
    coupon_code: Mapped[str] = mapped_column(String(64), nullable=False, index=True)
    action: Mapped[str] = mapped_column(String(16), nullable=False)
    refusal_code: Mapped[str | None] = mapped_column(String(64))
    reason: Mapped[str | None] = mapped_column(String(32))
    country: Mapped[str] = mapped_column(String(8), nullable=False)
    currency: Mapped[str] = mapped_column(String(3), nullable=False)
    order_id: Mapped[str | None] = mapped_column(String(32))
    discount: Mapped[int | None] = mapped_column(Money)


class AnalyticsRevenueDaily(Base):
    """``analytics_revenue_daily``: the orders placed from carts by the day of their
    ``date_created`` and their country and currency, amounts from the ``orders`` rows (equal
    to them to the cent): ``orders``, ``items`` (units), ``subtotal``, ``discount``,
    ``shipping``, ``tax``, ``total`` (minor units of ``currency``; ``tax`` is included in
    ``total``)."""

    __tablename__ = "analytics_revenue_daily"

    day: Mapped[date] = mapped_column(Date, primary_key=True)
    country: Mapped[str] = mapped_column(String(8), primary_key=True)
    currency: Mapped[str] = mapped_column(String(3), primary_key=True)
    orders: Mapped[int] = mapped_column(Integer, nullable=False)
    items: Mapped[int] = mapped_column(Integer, nullable=False)
    subtotal: Mapped[int] = mapped_column(Money, nullable=False)
    discount: Mapped[int] = mapped_column(Money, nullable=False)
    shipping: Mapped[int] = mapped_column(Money, nullable=False)
    tax: Mapped[int] = mapped_column(Money, nullable=False)
    total: Mapped[int] = mapped_column(Money, nullable=False)


class AnalyticsConfiguratorChoice(Base):
    """``analytics_configurator_choices``: per day of the event, configurator (its
    ``product_id``), layer and choice: ``selected`` (configured lines added with it),
    ``added``, ``removed`` (units, netted per command), ``ordered`` (units)."""

    __tablename__ = "analytics_configurator_choices"

    day: Mapped[date] = mapped_column(Date, primary_key=True)
    product_id: Mapped[int] = mapped_column(Integer, primary_key=True)
    layer_id: Mapped[str] = mapped_column(String(64), primary_key=True)
    choice_id: Mapped[str] = mapped_column(String(64), primary_key=True)
    layer_name: Mapped[str] = mapped_column(String(200), nullable=False)
    choice_name: Mapped[str] = mapped_column(String(200), nullable=False)
    selected: Mapped[int] = mapped_column(Integer, nullable=False)
    added: Mapped[int] = mapped_column(Integer, nullable=False)
    removed: Mapped[int] = mapped_column(Integer, nullable=False)
    ordered: Mapped[int] = mapped_column(Integer, nullable=False)


class AnalyticsProjectionVersion(Base):
    """``analytics_projections``: the code ``version`` each analytics projection was built
    with, and when it was last rebuilt (None: never)."""

    __tablename__ = "analytics_projections"

    name: Mapped[str] = mapped_column(String(100), primary_key=True)
    version: Mapped[int] = mapped_column(Integer, nullable=False)
    rebuilt_at: Mapped[datetime | None] = mapped_column(Stamp)


__all__ = [
    "AnalyticsAbandonedCart",
    "AnalyticsCartActivity",
    "AnalyticsCartEvent",
    "AnalyticsConfiguratorChoice",
    "AnalyticsCouponLedger",
    "AnalyticsFunnelCart",
    "AnalyticsFunnelDaily",
    "AnalyticsLineChoice",
    "AnalyticsProductDaily",
    "AnalyticsProductSeen",
    "AnalyticsProjectionVersion",
    "AnalyticsRevenueDaily",
]
