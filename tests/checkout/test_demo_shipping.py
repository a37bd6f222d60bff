"""The demo seed's shipping data (``shop seed``): three zones covering every seeded country,
their flat rates and thresholds; loading it twice changes nothing."""

from __future__ import annotations

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from services.catalog.demo import seed_demo
from services.catalog.models import Country
from services.checkout import repository as repo
from services.checkout.demo import seed_shipping
from services.checkout.models import ShippingRate, ShippingZone
from services.checkout.shipping import methods_for


def test_every_demo_country_has_methods_in_its_currency(session: Session) -> None:
    seed_demo(session)
    assert seed_shipping(session) == {"shipping_zones": 3, "shipping_rates": 6}
    assert seed_shipping(session) == {"shipping_zones": 3, "shipping_rates": 6}
    session.commit()
    assert session.scalar(select(func.count()).select_from(ShippingZone)) == 3
    assert session.scalar(select(func.count()).select_from(ShippingRate)) == 6
    zones, rates = repo.shipping_data(session)
    for country in session.scalars(select(Country)):
        offered = methods_for(country.code, country.currency, zones, rates)
        assert len(offered) == 2, country.code
        assert {r.currency for r in offered} == {country.currency}
    germany = methods_for("DE", "EUR", zones, rates)
    assert [(r.id, r.cost, r.free_over) for r in germany] == [
        ("de_standard", 490, 10000),
        ("de_express", 1290, None),
    ]
    assert [r.id for r in methods_for("AT", "EUR", zones, rates)] == ["eu_standard", "eu_express"]
    assert [(r.id, r.cost, r.free_over) for r in methods_for("US", "USD", zones, rates)][0] == (
        "world_standard",
        1490,
        15000,
    )
