"""The storefront's shipping promise (``GET /api/checkout/shipping-promise``, docs/spec.md
section 2.3 "Shipping promise"): read from the rates of the country's zone, in its currency,
and the included-tax labels the shop shows (docs/spec.md section 9 "Tax lines")."""

from __future__ import annotations

from fastapi.testclient import TestClient
from sqlalchemy import update
from sqlalchemy.orm import Session

from services.checkout.models import ShippingRate
from services.shared.money import format_rate, tax_label


def promise(http: TestClient, country: str) -> dict[str, object]:
    answer = http.get("/api/checkout/shipping-promise", params={"country": country})
    assert answer.status_code == 200, answer.text
    return answer.json()


def test_the_promise_comes_from_the_zone_of_the_country_in_its_currency(http: TestClient) -> None:
    assert promise(http, "DE") == {
        "country": "DE",
        "country_name": "Germany",
        "currency": "EUR",
        "ships": True,
        "free_over": 10000,
        "cost_from": 490,
    }
    assert promise(http, "fr") == {
        "country": "FR",
        "country_name": "France",
        "currency": "EUR",
        "ships": True,
        "free_over": 15000,
        "cost_from": 990,
    }
    assert promise(http, "US") == {
        "country": "US",
        "country_name": "United States",
        "currency": "USD",
        "ships": True,
        "free_over": 15000,
        "cost_from": 1490,
    }


def test_the_promise_follows_the_rates_data(http: TestClient, db: Session) -> None:
    db.execute(update(ShippingRate).where(ShippingRate.id == "world_standard").values(free_over=9900))
    db.commit()
    try:
        assert promise(http, "US")["free_over"] == 9900
        # no rate of the zone is ever free: no threshold, still the cheapest cost
        db.execute(update(ShippingRate).where(ShippingRate.id == "world_standard").values(free_over=None))
        db.commit()
        assert (promise(http, "US")["free_over"], promise(http, "US")["cost_from"]) == (None, 1490)
        # every rate of the zone disabled: we do not ship there
        db.execute(update(ShippingRate).where(ShippingRate.zone_id == 3).values(enabled=False))
        db.commit()
        assert promise(http, "US") | {"country_name": ""} == {
            "country": "US",
            "country_name": "",
            "currency": "USD",
            "ships": False,
            "free_over": None,
            "cost_from": None,
        }
        assert promise(http, "DE")["ships"] is True  # other zones unchanged
    finally:
        db.execute(update(ShippingRate).where(ShippingRate.zone_id == 3).values(enabled=True))
        db.execute(update(ShippingRate).where(ShippingRate.id == "world_standard").values(free_over=15000))
        db.commit()


def test_unknown_or_malformed_countries_get_a_clear_422(http: TestClient) -> None:
    unknown = http.get("/api/checkout/shipping-promise", params={"country": "ZZ"})
    assert unknown.status_code == 422 and unknown.json()["code"] == "unknown_country"
    assert unknown.json()["message"]
    for params in ({"country": "USA"}, {"country": "1x"}, {}):
        bad = http.get("/api/checkout/shipping-promise", params=params)
        assert bad.status_code == 422, params
        assert bad.json()["message"]


def test_tax_labels_name_the_rate_and_skip_a_zero_rate() -> None:
    assert tax_label("VAT", 1900) == "incl. 19% VAT"
    assert tax_label("VAT", 810) == "incl. 8.1% VAT"
    assert tax_label("GST", 1550) == "incl. 15.5% GST"
    assert tax_label("", 1000) == "incl. 10% tax"
    assert tax_label("Sales tax", 0) is None
    assert format_rate(2550) == "25.5%" and format_rate(2500) == "25%" and format_rate(5) == "0.05%"
