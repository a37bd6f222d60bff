"""Demo shipping zones and flat rates (docs/checkout.md: flat rates per zone, free over a threshold, set
in data). Loaded by ``shop seed`` after the demo catalogue; idempotent (fixed ids, upserts).

Zones, matched in order:

1. Germany (DE): DHL Paket €4.90, free from €100.00; DHL Express €12.90.
2. Europe (every other EUR country of the ``countries`` table, i.e. docs/spec.md section 9's European list):
   Standard €9.90, free from €150.00; Express €24.90.
3. Rest of the world (no countries listed: everything else, in USD): Standard international
   $14.90, free from $150.00; Express international $39.90.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from services.catalog.models import Country
from services.checkout.models import ShippingRate, ShippingZone

RATES: list[dict[str, Any]] = [
    dict(
        id="de_standard",
        zone_id=1,
        title="DHL Paket (2-3 days)",
        currency="EUR",
        cost=490,
        free_over=10000,
        position=0,
    ),
    dict(
        id="de_express",
        zone_id=1,
        title="DHL Express (next day)",
        currency="EUR",
        cost=1290,
        free_over=None,
        position=1,
    ),
    dict(
        id="eu_standard",
        zone_id=2,
        title="Standard (3-6 days)",
        currency="EUR",
        cost=990,
        free_over=15000,
        position=0,
    ),
    dict(
        id="eu_express",
        zone_id=2,
        title="Express (1-2 days)",
        currency="EUR",
        cost=2490,
        free_over=None,
        position=1,
    ),
    dict(
        id="world_standard",
        zone_id=3,
        title="Standard international (5-12 days)",
        currency="USD",
        cost=1490,
        free_over=15000,
        position=0,
    ),
    dict(
        id="world_express",
        zone_id=3,
        title="Express international (2-4 days)",
        currency="USD",
        cost=3990,
        free_over=None,
        position=1,
    ),
]


def seed_shipping(session: Session) -> dict[str, int]:
    """Upsert the demo zones and rates (run after the countries are seeded); flushes, the caller
    commits. Returns ``{"shipping_zones": 3, "shipping_rates": 6}``."""
    europe = sorted(
        code
        for code in session.scalars(select(Country.code).where(Country.currency == "EUR"))
        if code != "DE"
    )
    zones = [
        dict(id=1, name="Germany", position=0, countries=["DE"]),
        dict(id=2, name="Europe", position=1, countries=europe),
        dict(id=3, name="Rest of the world", position=2, countries=[]),
    ]
    for values in zones:
        session.merge(ShippingZone(**values))
    session.flush()
    for values in RATES:
        session.merge(ShippingRate(enabled=True, **values))
    session.flush()
    return {"shipping_zones": len(zones), "shipping_rates": len(RATES)}
