"""Test doubles for the cart: an in-memory ``CatalogFacts`` and small fact builders."""

from __future__ import annotations

import secrets
from collections.abc import Iterable, Mapping
from dataclasses import replace
from typing import Any

import pytest
from fastapi import FastAPI

from services.api.app import create_app
from services.cart.application import CartApplication
from services.cart.facts import ChoiceFacts, CountryFacts, Price, ProductFacts
from services.discounts.domain import CouponFacts
from services.shared.settings import get_settings

POPO = {"PERSISTENCE_MODULE": "eventsourcing.popo"}


def new_token() -> str:
    """A fresh cart token like the server makes (256 bits, URL-safe)."""
    return secrets.token_urlsafe(32)


def product_from_json(data: Mapping[str, Any]) -> ProductFacts:
    """``ProductFacts`` from a vector's catalogue entry (tests/vectors/README.md)."""
    return ProductFacts(
        product_id=data["product_id"],
        variation_id=data["variation_id"],
        sku=data["sku"],
        name=data["name"],
        image=data["image"],
        published=data.get("published", True),
        product_type=data["product_type"],
        availability=data["availability"],
        eur=Price(**data["eur"]),
        usd=Price(**data["usd"]),
        stock_status=data["stock_status"],
        stock_quantity=data["stock_quantity"],
        manage_stock=data["manage_stock"],
        backorders=data["backorders"],
        variation_ids=tuple(data["variation_ids"]),
        variation_label=data["variation_label"],
        recommended_product_ids=tuple(data["recommended_product_ids"]),
        recommended_discount=data["recommended_discount"],
        recommended_discount_active=data["recommended_discount_active"],
        recommended_price_eur=data["recommended_price_eur"],
        recommended_price_usd=data["recommended_price_usd"],
        choices={key: ChoiceFacts(**choice) for key, choice in data["choices"].items()},
    )


class FakeCatalog:
    """``CatalogFacts`` over fixed facts; ``products`` may be replaced while a test runs."""

    def __init__(
        self,
        products: Iterable[ProductFacts] = (),
        countries: Iterable[CountryFacts] = (),
        coupons: Iterable[CouponFacts] = (),
    ) -> None:
        self.products = {(p.product_id, p.variation_id): p for p in products}
        self.countries = {c.code: c for c in countries}
        self.coupons = {c.code: c for c in coupons}

    @classmethod
    def from_json(cls, catalog: Mapping[str, Any]) -> FakeCatalog:
        return cls(
            [product_from_json(p) for p in catalog["products"]],
            [CountryFacts(**c) for c in catalog["countries"]],
        )

    def product(self, product_id: int, variation_id: int | None) -> ProductFacts | None:
        return self.products.get((product_id, variation_id))

    def country(self, code: str) -> CountryFacts | None:
        return self.countries.get(code.upper())

    def coupon(self, code: str) -> CouponFacts | None:
        return self.coupons.get(code.strip().lower())

    def put_coupon(self, facts: CouponFacts) -> None:
        self.coupons[facts.code] = facts

    def put(self, facts: ProductFacts) -> None:
        self.products[(facts.product_id, facts.variation_id)] = facts

    def change(self, product_id: int, **fields: Any) -> None:
        """Change facts of a product (``stock_quantity=...``, ``eur=Price(...)``) from now on."""
        key = (product_id, None)
        self.products[key] = replace(self.products[key], **fields)


GERMANY = CountryFacts(code="DE", name="Germany", currency="EUR", tax_name="MwSt.", tax_rate_bp=1900)
USA = CountryFacts(code="US", name="United States", currency="USD", tax_name="", tax_rate_bp=0)


def simple(product_id: int, eur: int = 1000, usd: int = 1100, **fields: Any) -> ProductFacts:
    """A published, unmanaged, in-stock simple product (fields override)."""
    base: dict[str, Any] = dict(
        product_id=product_id,
        variation_id=None,
        sku=f"SKU-{product_id}",
        name=f"Product {product_id}",
        image=None,
        published=True,
        product_type="simple",
        availability=None,
        eur=Price(eur),
        usd=Price(usd),
        stock_status="instock",
        stock_quantity=None,
        manage_stock=False,
        backorders="no",
    )
    base.update(fields)
    return ProductFacts(**base)


def choice(layer: str, choice_id: str, extra_eur: int = 0, extra_usd: int = 0, **fields: Any) -> ChoiceFacts:
    base: dict[str, Any] = dict(
        layer_id=layer,
        choice_id=choice_id,
        name=choice_id.title(),
        layer_name=layer.title(),
        extra_eur=extra_eur,
        extra_usd=extra_usd,
        stock_status="instock",
        has_backorder=False,
    )
    base.update(fields)
    return ChoiceFacts(**base)


def shop_products() -> list[ProductFacts]:
    """Mouse 1 (managed stock 3), pack 2 (unmanaged), coming-soon 4, builder 26907 with choices
    (aluminium, and wood out of stock), add-on 31575: the cart tests' usual catalogue."""
    return [
        simple(1, 5999, 6499, name="Skoll Mouse", manage_stock=True, stock_quantity=3),
        simple(2, 1999, 2199, name="Switch Pack"),
        simple(4, 12999, 13999, name="Freya TKL", availability="coming_soon"),
        simple(
            26907,
            19999,
            21999,
            name="Custom Keyboard Builder",
            choices={
                "case:alu": choice("case", "alu", 1990, 2190),
                "case:wood": choice("case", "wood", 4990, 5490, stock_status="outofstock"),
            },
        ),
        simple(31575, 4999, 5499, name="Builder Add-on"),
    ]


def popo_app(catalog: FakeCatalog, **env: str) -> CartApplication:
    """A ``CartApplication`` keeping its events in memory."""
    return CartApplication({**POPO, **env}, catalog=catalog)


def fresh_app(env: pytest.MonkeyPatch) -> FastAPI:
    """The API app for the database ``env`` points at, built from settings read afresh."""
    get_settings.cache_clear()
    return create_app()
