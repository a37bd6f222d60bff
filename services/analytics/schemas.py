"""Answers of the analytics dashboard API (``/api/analytics``; docs/spec.md section 2.15).

Units: money is integer minor units of the ``currency`` beside it ("EUR" or "USD"; amounts of
two currencies are never added up); counts of carts, orders and units are plain integers;
``day`` is a UTC calendar day (``YYYY-MM-DD``); times are ISO 8601 UTC. Figures come from the
``analytics_*`` read models (docs/analytics.md), never from the event log directly.
"""

from __future__ import annotations

from datetime import date, datetime

from pydantic import BaseModel, ConfigDict


class _Out(BaseModel):
    model_config = ConfigDict(extra="forbid")


class FunnelCountsOut(_Out):
    """Carts at each step of the closed funnel (a step counts only carts that passed the one
    before), each cart counted on the day it started: ``carts_started``, ``carts_with_add``,
    ``checkouts_started``, ``orders_placed``."""

    carts_started: int
    carts_with_add: int
    checkouts_started: int
    orders_placed: int


class FunnelDayOut(FunnelCountsOut):
    """The funnel of the carts started on ``day`` (every day of the range, zeros included)."""

    day: date


class FunnelOut(_Out):
    """``totals`` over the range and ``by_day`` (every day of the range, oldest first)."""

    totals: FunnelCountsOut
    by_day: list[FunnelDayOut]


class RevenueFiguresOut(_Out):
    """Orders placed from carts: ``orders``, ``items`` (units), and ``subtotal``, ``discount``,
    ``shipping``, ``tax`` (included in ``total``) and ``total`` in minor units of ``currency``
    (equal to the orders table to the cent)."""

    currency: str
    orders: int
    items: int
    subtotal: int
    discount: int
    shipping: int
    tax: int
    total: int


class RevenueDayOut(RevenueFiguresOut):
    """One currency's orders of one ``day`` (only days with orders are listed)."""

    day: date


class RevenueCountryOut(RevenueFiguresOut):
    """One ``country``'s orders in one currency over the range."""

    country: str


class RevenueOut(_Out):
    """``totals`` per currency, ``by_day`` (day, then currency) and ``by_country`` (per country
    and currency, by currency then highest total)."""

    totals: list[RevenueFiguresOut]
    by_day: list[RevenueDayOut]
    by_country: list[RevenueCountryOut]


class TopProductOut(_Out):
    """A product (its variations summed) by units added to carts in the range: ``name`` and
    ``sku`` from the catalogue (None when the product is gone), ``adds`` and ``removes`` (units,
    netted per shopper command), ``net_quantity`` (adds - removes), ``orders`` (orders that
    contained it), ``units_sold``, ``removals_after_price_change`` (units removed within 24 h
    after the cart showed the product at a new unit price)."""

    product_id: int
    name: str | None
    sku: str | None
    adds: int
    removes: int
    net_quantity: int
    orders: int
    units_sold: int
    removals_after_price_change: int


class AbandonmentOut(_Out):
    """Carts abandoned on a day of the range with ``last_step`` ``cart`` (items, no checkout) or
    ``checkout`` (checkout started with these lines), in one currency: ``carts``, ``items``
    (units), ``value`` (their totals after coupons, minor units of ``currency``), ``returned``
    (carts active again later) and ``ordered_after`` (carts that then ordered)."""

    last_step: str
    currency: str
    carts: int
    items: int
    value: int
    returned: int
    ordered_after: int


class CouponRefusalStatsOut(_Out):
    """Refusals of one ``coupon_code`` (lower case; empty for codes that do not exist, whose
    text is never kept) for one ``refusal_code`` in the range:
    ``refusals`` (events), ``carts`` (distinct carts) and ``carts_ordered_after`` (of those
    carts, how many placed an order after the refusal)."""

    coupon_code: str
    refusal_code: str
    refusals: int
    carts: int
    carts_ordered_after: int


class ConfiguratorChoiceOut(_Out):
    """One choice of one layer of a configurator (``product_id``, ``product_name`` from the
    catalogue or None), summed over the range: ``selected`` (configured lines added with it),
    ``added``, ``removed`` and ``ordered`` (units)."""

    product_id: int
    product_name: str | None
    layer_id: str
    layer_name: str
    choice_id: str
    choice_name: str
    selected: int
    added: int
    removed: int
    ordered: int


class ProjectionStatusOut(_Out):
    """How far one projection of the cart log has read: ``position`` (its last notification
    id), ``head`` (the log's last), ``lag_events`` (head - position) and ``lag_seconds`` (how
    long the oldest event it has not applied has been in the log; 0.0 when caught up)."""

    name: str
    position: int
    head: int
    lag_events: int
    lag_seconds: float


class ProjectionsOut(_Out):
    """``GET /api/analytics/projections``: every projection of the cart log."""

    projections: list[ProjectionStatusOut]


class LagOut(_Out):
    """How current the dashboard's figures are: ``caught_up`` (every analytics projection has
    read the whole log), ``data_up_to`` (when the last event every analytics projection has
    read occurred; None before any), ``as_of`` (when this was measured) and ``projections``
    (the analytics projections' status)."""

    caught_up: bool
    data_up_to: datetime | None
    as_of: datetime
    projections: list[ProjectionStatusOut]


class DashboardOut(_Out):
    """``GET /api/analytics/dashboard``: the page's figures for the days ``start``..``end``
    (inclusive, UTC; ``days`` of them): ``funnel``, ``revenue``, ``top_products`` (10 at most,
    most units added first), ``abandonment`` (per last step and currency),
    ``coupon_refusals`` (most refused first), ``configurator_choices``, and ``lag``."""

    start: date
    end: date
    days: int
    funnel: FunnelOut
    revenue: RevenueOut
    top_products: list[TopProductOut]
    abandonment: list[AbandonmentOut]
    coupon_refusals: list[CouponRefusalStatsOut]
    configurator_choices: list[ConfiguratorChoiceOut]
    lag: LagOut


__all__ = [
    "AbandonmentOut",
    "ConfiguratorChoiceOut",
    "CouponRefusalStatsOut",
    "DashboardOut",
    "FunnelCountsOut",
    "FunnelDayOut",
    "FunnelOut",
    "LagOut",
    "ProjectionStatusOut",
    "ProjectionsOut",
    "RevenueCountryOut",
    "RevenueDayOut",
    "RevenueFiguresOut",
    "RevenueOut",
    "TopProductOut",
]
