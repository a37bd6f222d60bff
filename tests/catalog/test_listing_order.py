"""The category listing's sort, done by the server (docs/spec.md section 2.5): WooCommerce REST's
``orderby``/``order`` with the visitor's ``currency``; sale windows and a variable product's
cheapest variation decide the price compared."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest
from fastapi.testclient import TestClient
from sqlalchemy.orm import Session

from services.catalog.models import Product
from services.catalog.sales import utc_now
from tests.factories import create_category, create_product, create_variation


@pytest.fixture
def hoodies(session: Session) -> None:
    """Five products of category 900, created oldest first, in menu order 1..5."""
    category = create_category(session, 900, "hoodies", "Hoodies")
    now = utc_now()
    rows = [  # id, EUR, USD, menu order, days old
        (911, 5000, 9000, 3, 5),
        (912, 3000, 3500, 1, 4),
        (913, 8000, 2000, 2, 3),
        (914, None, None, 4, 2),  # no price yet: listed last by price
        (915, 9000, 9500, 5, 1),
    ]
    for pid, eur, usd, menu, age in rows:
        create_product(
            session,
            id=pid,
            slug=f"hoodie-{pid}",
            categories=[category],
            regular_price_eur=eur,
            regular_price_usd=usd,
            menu_order=menu,
            date_created=now - timedelta(days=age),
        )
    # 915 is on sale now for €10.00; 911's sale has not started yet
    sale = session.get_one(Product, 915)
    sale.sale_price_eur = 1000
    sale.date_on_sale_to = now + timedelta(days=3)
    later = session.get_one(Product, 911)
    later.sale_price_eur = 100
    later.date_on_sale_from = now + timedelta(days=3)
    # a variable product: its cheapest published variation (€25.00) is its price
    variable = create_product(
        session,
        id=916,
        slug="hoodie-916",
        type="variable",
        categories=[category],
        menu_order=6,
        regular_price_eur=None,
        regular_price_usd=None,
        date_created=datetime(2020, 1, 1),
    )
    create_variation(session, variable, regular_price_eur=2500, regular_price_usd=2600)
    create_variation(session, variable, regular_price_eur=100, regular_price_usd=100, status="private")
    session.commit()


def _ids(client: TestClient, query: str) -> list[int]:
    answer = client.get(f"/api/wc/products?category=900&per_page=100&{query}")
    assert answer.status_code == 200, answer.text
    return [p["id"] for p in answer.json()]


@pytest.mark.usefixtures("hoodies")
def test_the_default_order_is_the_shops_menu_order(client: TestClient) -> None:
    assert _ids(client, "") == [912, 913, 911, 914, 915, 916]
    assert _ids(client, "orderby=menu_order") == [912, 913, 911, 914, 915, 916]


@pytest.mark.usefixtures("hoodies")
def test_price_order_compares_the_prices_shown_now_in_the_visitors_currency(client: TestClient) -> None:
    # EUR now: 915 €10 (on sale), 916 €25 (cheapest live variation), 912 €30, 911 €50 (sale not yet), 913 €80
    assert _ids(client, "orderby=price") == [915, 916, 912, 911, 913, 914]
    assert _ids(client, "orderby=price&order=desc") == [913, 911, 912, 916, 915, 914]
    # USD has no sale: 913 $20, 916 $26, 912 $35, 911 $90, 915 $95
    assert _ids(client, "orderby=price&currency=USD") == [913, 916, 912, 911, 915, 914]


@pytest.mark.usefixtures("hoodies")
def test_date_order_is_newest_first_unless_asked_otherwise(client: TestClient) -> None:
    assert _ids(client, "orderby=date") == [915, 914, 913, 912, 911, 916]
    assert _ids(client, "orderby=date&order=asc") == [916, 911, 912, 913, 914, 915]


@pytest.mark.usefixtures("hoodies")
def test_sorted_pages_follow_one_order(client: TestClient) -> None:
    first = _ids(client, "orderby=price&per_page=2&page=1")
    second = _ids(client, "orderby=price&per_page=2&page=2")
    assert first + second == [915, 916, 912, 911]


@pytest.mark.parametrize("query", ["orderby=popularity", "order=up", "currency=GBP"])
def test_unknown_sort_values_are_a_400_with_a_message(client: TestClient, query: str) -> None:
    answer = client.get(f"/api/wc/products?{query}")
    assert answer.status_code == 400
    assert answer.json()["code"] == "rest_invalid_param"
    assert answer.json()["message"].startswith("Invalid parameter")
