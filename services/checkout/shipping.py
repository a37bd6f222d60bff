"""Shipping rules (docs/checkout.md): flat rates per zone, free over a threshold. Pure: no SQL.

A country belongs to the first zone (by ``position``) that lists it, else to the first zone
that lists no countries (rest of the world), else to none (we do not ship there). A zone's
methods are its enabled rates in the order's currency. A rate costs ``cost`` unless the items
total after discounts reaches ``free_over``, or a coupon grants free shipping. Money: minor units.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class ZoneFacts:
    """A shipping zone: ``countries`` ISO codes (empty: every other country), ``position`` order."""

    id: int
    name: str
    position: int
    countries: tuple[str, ...]


@dataclass(frozen=True)
class RateFacts:
    """A flat rate: ``id`` (the shopper's ``shipping_method``), ``title``, ``cost`` and
    ``free_over`` (None: never free) in minor units of ``currency``."""

    id: str
    zone_id: int
    title: str
    currency: str
    cost: int
    free_over: int | None
    position: int = 0
    enabled: bool = True


def zone_for(country: str, zones: Sequence[ZoneFacts]) -> ZoneFacts | None:
    """The zone that covers ``country`` (see the module docstring), or None."""
    ordered = sorted(zones, key=lambda z: (z.position, z.id))
    code = country.upper()
    listed = next((z for z in ordered if code in z.countries), None)
    return listed or next((z for z in ordered if not z.countries), None)


def methods_for(
    country: str, currency: str, zones: Sequence[ZoneFacts], rates: Sequence[RateFacts]
) -> list[RateFacts]:
    """The shipping methods offered for ``country`` in ``currency``, in display order."""
    zone = zone_for(country, zones)
    if zone is None:
        return []
    return sorted(
        (r for r in rates if r.zone_id == zone.id and r.enabled and r.currency == currency),
        key=lambda r: (r.position, r.id),
    )


def shipping_cost(rate: RateFacts, items_total: int, *, free_shipping: bool = False) -> int:
    """What ``rate`` costs for an order whose items come to ``items_total`` after discounts:
    0 with a free-shipping coupon or when ``items_total >= free_over``, else ``cost``."""
    if free_shipping:
        return 0
    if rate.free_over is not None and items_total >= rate.free_over:
        return 0
    return max(0, rate.cost)
