"""Product types in the catalogue JSON, scheduled sales and catalogue visibility (docs/spec.md
section 10), through the read API on SQLite, or PostgreSQL with TEST_DATABASE_URL."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from fastapi.testclient import TestClient
from sqlalchemy.orm import Session

from services.catalog import sales
from services.catalog.models import Variation
from tests.factories import create_category, create_product, create_variation

SALE_FROM = datetime(2026, 3, 1, 0, 0)
SALE_TO = datetime(2026, 3, 8, 0, 0)
BEFORE, DURING, AFTER = datetime(2026, 2, 28, 12, 0), datetime(2026, 3, 4, 12, 0), datetime(2026, 3, 8, 0, 0)


def _at(monkeypatch: pytest.MonkeyPatch, when: datetime) -> None:
    monkeypatch.setattr(sales, "clock", lambda: when.replace(tzinfo=UTC))


def test_grouped_and_external_products_carry_their_woocommerce_fields(
    client: TestClient, session: Session
) -> None:
    create_product(session, id=41, name="Pad", slug="pad")
    create_product(session, id=42, name="Cable", slug="cable")
    create_product(session, id=40, name="Set", slug="set", type="grouped", grouped_ids=[41, 42])
    create_product(
        session, id=50, name="Chair", slug="chair", type="external", external_url="https://p.example/c"
    )
    create_product(
        session, id=51, name="Desk", slug="desk", type="external", button_text="Buy at the partner"
    )
    session.commit()
    grouped = client.get("/api/wc/products/40").json()
    assert (grouped["type"], grouped["grouped_products"]) == ("grouped", [41, 42])
    chair = client.get("/api/wc/products/50").json()
    assert (chair["type"], chair["external_url"], chair["button_text"]) == (
        "external",
        "https://p.example/c",
        "Buy product",
    )
    assert client.get("/api/wc/products/51").json()["button_text"] == "Buy at the partner"
    assert client.get("/api/wc/products/41").json()["button_text"] == ""


def test_a_scheduled_sale_price_applies_only_inside_its_window_even_to_cached_answers(
    client: TestClient, session: Session, monkeypatch: pytest.MonkeyPatch
) -> None:
    create_product(
        session, id=60, name="Tyr", slug="tyr", regular_price_eur=10000, sale_price_eur=8000,
        regular_price_usd=11000, sale_price_usd=9000, date_on_sale_from=SALE_FROM, date_on_sale_to=SALE_TO,
    )  # fmt: skip
    session.commit()
    seen = {}
    for name, when in (("before", BEFORE), ("during", DURING), ("after", AFTER)):
        _at(monkeypatch, when)
        first = client.get("/api/wc/products/60")
        again = client.get("/api/wc/products/60")
        assert first.content == again.content and again.headers["x-cache"] == "HIT"
        seen[name] = first
    before, during, after = (seen[n].json() for n in ("before", "during", "after"))
    assert seen["during"].headers["x-cache"] == seen["after"].headers["x-cache"] == "MISS"
    assert (before["price"], before["sale_price"], before["on_sale"]) == ("100.00", "", False)
    assert (during["price"], during["sale_price"], during["on_sale"]) == ("80.00", "80.00", True)
    assert (during["price_usd"], during["regular_price"]) == ("90.00", "100.00")
    assert (after["price"], after["sale_price"], after["on_sale"]) == ("100.00", "", False)
    assert (during["date_on_sale_from"], during["date_on_sale_to"]) == (
        "2026-03-01T00:00:00",
        "2026-03-08T00:00:00",
    )


def test_an_open_ended_sale_and_a_variation_sale_follow_the_same_window_rule(
    client: TestClient, session: Session, monkeypatch: pytest.MonkeyPatch
) -> None:
    create_product(
        session,
        id=61,
        slug="no-end",
        regular_price_eur=5000,
        sale_price_eur=4000,
        date_on_sale_from=SALE_FROM,
    )
    variable = create_product(session, id=62, slug="vali", type="variable")
    create_variation(
        session, variable, id=63, regular_price_eur=6000, sale_price_eur=5000, date_on_sale_to=SALE_TO
    )
    session.commit()
    _at(monkeypatch, BEFORE)
    assert client.get("/api/wc/products/61").json()["price"] == "50.00"
    assert client.get("/api/wc/products/62/variations/63").json()["price"] == "50.00"
    assert client.get("/api/wc/products/62").json()["on_sale"] is True
    _at(monkeypatch, AFTER)
    assert client.get("/api/wc/products/61").json()["price"] == "40.00"
    variation = client.get("/api/wc/products/62/variations/63").json()
    assert (variation["price"], variation["on_sale"]) == ("60.00", False)
    assert client.get("/api/wc/products/62").json()["on_sale"] is False
    assert session.get(Variation, 63) is not None


def test_the_configurator_prices_use_the_sale_only_inside_its_window(
    client: TestClient, session: Session, monkeypatch: pytest.MonkeyPatch
) -> None:
    create_product(session, id=64, sku="HV-SALE", regular_price_eur=3000, sale_price_eur=2500,
                   regular_price_usd=3300, sale_price_usd=2800, date_on_sale_from=SALE_FROM, date_on_sale_to=SALE_TO)  # fmt: skip
    session.commit()
    _at(monkeypatch, DURING)
    assert client.get("/api/wc/configurator-prices?skus=HV-SALE").json() == {
        "_HV-SALE": {"eur": "25.00", "usd": "28.00"}
    }
    _at(monkeypatch, AFTER)
    assert client.get("/api/wc/configurator-prices?skus=HV-SALE").json() == {
        "_HV-SALE": {"eur": "30.00", "usd": "33.00"}
    }


def test_catalogue_visibility_decides_category_listings_and_search(
    client: TestClient, session: Session
) -> None:
    mice = create_category(session, 16, "mice", "Mice")
    for pid, visibility in ((70, "visible"), (71, "catalog"), (72, "search"), (73, "hidden")):
        create_product(session, id=pid, name=f"Gleipnir Mouse {visibility}", slug=f"gleipnir-{visibility}",
                       categories=[mice], catalog_visibility=visibility)  # fmt: skip
    session.commit()
    listed = client.get("/api/wc/products?category=16&per_page=100")
    assert [p["id"] for p in listed.json()] == [70, 71] and listed.headers["X-WP-Total"] == "2"
    assert sorted(client.get("/api/search/gleipnir").json()) == [70, 72]
    assert client.get("/api/search/HV-nothing").json() == []
    # a hidden product is still reachable by its own link (slug) and by id
    by_slug = client.get("/api/wc/products?slug=gleipnir-hidden").json()
    assert [p["id"] for p in by_slug] == [73] and by_slug[0]["catalog_visibility"] == "hidden"
    assert [p["id"] for p in client.get("/api/wc/products?include=73,72").json()] == [73, 72]
    assert client.get("/api/wc/products/73").status_code == 200
