"""Factories for catalogue rows: small, explicit, one call per thing a test needs."""

from __future__ import annotations

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
