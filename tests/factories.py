"""Factories for catalogue rows: small, explicit, one call per thing a test needs."""

from __future__ import annotations

from datetime import UTC, datetime
from itertools import count
from typing import Any

from sqlalchemy.orm import Session

from services.catalog.models import Category, Product, ProductImage, Variation
from services.configurator.models import (
    ConfiguratorAngle,
    ConfiguratorChoice,
    ConfiguratorLayer,
    ConfiguratorModel,
)

_ids = count(5000)


def create_category(
    session: Session, id: int, slug: str, name: str | None = None, parent_id: int | None = None
) -> Category:
    c = Category(id=id, slug=slug, name=name or slug.title(), parent_id=parent_id)
    session.add(c)
    session.flush()
    return c


def create_product(session: Session, *, categories: list[Category] = (), **fields: Any) -> Product:
    """A published, in-stock simple product at €10.00 / $11.00 unless ``fields`` say otherwise."""
    pid = fields.pop("id", None) or next(_ids)
    defaults: dict[str, Any] = dict(
        name=f"Product {pid}",
        slug=f"product-{pid}",
        sku=f"SKU-{pid}",
        regular_price_eur=1000,
        regular_price_usd=1100,
    )
    defaults.update(fields)
    p = Product(id=pid, **defaults)
    p.categories = list(categories)
    p.images = [
        ProductImage(src=f"/media/products/{defaults['slug']}-1.svg", alt=defaults["name"], role="gallery")
    ]
    session.add(p)
    session.flush()
    return p


def create_variation(session: Session, product: Product, **fields: Any) -> Variation:
    vid = fields.pop("id", None) or next(_ids)
    defaults: dict[str, Any] = dict(sku=f"VAR-{vid}", regular_price_eur=1000, regular_price_usd=1100)
    defaults.update(fields)
    v = Variation(id=vid, product_id=product.id, **defaults)
    session.add(v)
    session.flush()
    return v


def create_case_configurator(
    session: Session, product: Product, *choices: ConfiguratorChoice
) -> ConfiguratorModel:
    """A configurator for ``product`` with one angle ("top", the cart's) and one optional layer
    "case" holding ``choices`` (docs/spec.md section 2.13); flushed."""
    model = ConfiguratorModel(
        product_id=product.id,
        angles=[ConfiguratorAngle(key="top", name="Top", use_in_cart=True)],
        layers=[ConfiguratorLayer(key="case", name="Case", choices=list(choices))],
    )
    session.add(model)
    session.flush()
    return model


def create_order(
    session: Session,
    *,
    status: str = "on-hold",
    email: str = "ada@example.com",
    lines: list[dict[str, Any]] | None = None,
    coupons: list[dict[str, Any]] | None = None,
    shipping: int = 490,
    **fields: Any,
) -> Any:
    """A placed order (default: bank transfer, on-hold, Germany, EUR) with its ``lines``
    (``[{product_id, count, unit_price, discount?, variation_id?}]``, default one €1,234.50
    keyboard), its customer and totals that add up (minor units); flushed."""
    from services.checkout.models import Order, OrderCustomer, OrderLine

    oid = fields.pop("id", None) or 100_000_000 + next(_ids)
    specs = lines or [{"product_id": 1, "count": 1, "unit_price": 123450}]
    rows = []
    for position, spec in enumerate(specs):
        subtotal = spec["unit_price"] * spec["count"]
        discount = spec.get("discount", 0)
        rows.append(
            OrderLine(
                order_id=oid,
                position=position,
                product_id=spec["product_id"],
                variation_id=spec.get("variation_id"),
                sku=spec.get("sku", f"SKU-{spec['product_id']}"),
                name=spec.get("name", f"Product {spec['product_id']}"),
                count=spec["count"],
                unit_price=spec["unit_price"],
                subtotal=subtotal,
                discount=discount,
                total=subtotal - discount,
                configuration=None,
            )
        )
    subtotal = sum(r.subtotal for r in rows)
    discount = sum(r.discount for r in rows)
    values: dict[str, Any] = dict(
        id=oid,
        order_key_hash="0" * 64,
        status=status,
        currency="EUR",
        country="DE",
        subtotal=subtotal,
        discount=discount,
        shipping=shipping,
        tax=0,
        total=subtotal - discount + shipping,
        tax_name="",
        tax_rate_bp=0,
        shipping_method="de_standard",
        shipping_method_title="DHL Paket (2-3 days)",
        payment_method="bacs",
        payment_method_title="Direct bank transfer",
        coupons=coupons or [],
        cart_id=f"00000000-0000-4000-8000-{oid:012d}",
        cart_version=1,
        idempotency_key=f"key-{oid}",
        request_hash="0" * 64,
        date_created=datetime.now(UTC),
    )
    values.update(fields)
    order = Order(**values)
    session.add(order)
    session.flush()
    customer = OrderCustomer(
        order_id=oid,
        email=email,
        first_name="Ada",
        last_name="Lovelace",
        address_1="Unter den Linden 1",
        city="Berlin",
        postcode="10117",
        country="DE",
    )
    session.add_all([*rows, customer])
    session.flush()
    return order
