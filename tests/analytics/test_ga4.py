"""GA4 e-commerce rows (``services/analytics/ga4.py``): GA4 parameter names, money as decimal
strings, and each ``event_id`` stored once on SQLite and PostgreSQL."""

from __future__ import annotations

import pytest
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from services.analytics import ga4
from services.analytics.ga4_models import Ga4Event

ITEM = ga4.Ga4Item(item_id="HV-SKOLL", item_name="Skoll Mouse", price=5999, quantity=2, item_variant="Black")


def test_purchase_params_use_ga4_names_and_decimal_money() -> None:
    params = ga4.purchase_params(
        transaction_id="123456789",
        currency="EUR",
        value=12488,
        tax=1994,
        shipping=490,
        items=[ITEM],
        coupons=["a", "b"],
    )
    assert params == {
        "transaction_id": "123456789",
        "currency": "EUR",
        "value": "124.88",
        "tax": "19.94",
        "shipping": "4.90",
        "coupon": "a,b",
        "items": [
            {
                "item_id": "HV-SKOLL",
                "item_name": "Skoll Mouse",
                "price": "59.99",
                "quantity": 2,
                "item_variant": "Black",
            }
        ],
    }
    assert "coupon" not in ga4.begin_checkout_params("USD", 100, [])


def test_an_event_is_recorded_once(session: Session) -> None:
    params = ga4.begin_checkout_params("EUR", 11998, [ITEM])
    assert ga4.record(session, "begin_checkout:c1:7", ga4.BEGIN_CHECKOUT, params) is True
    assert ga4.record(session, "begin_checkout:c1:7", ga4.BEGIN_CHECKOUT, {"changed": True}) is False
    session.commit()
    assert session.scalar(select(func.count()).select_from(Ga4Event)) == 1
    assert session.get(Ga4Event, "begin_checkout:c1:7").params == params


def test_only_known_event_names_are_recorded(session: Session) -> None:
    with pytest.raises(ValueError):
        ga4.record(session, "x:1", "add_to_wishlist", {})
