"""What the importer knows about the shop: read once at the start, then kept current in memory.

One SELECT per table instead of a look-up per row: the ids, SKUs (lower case: WooCommerce
compares SKUs case-insensitively), the stock and price facts that updates derive from, and the
slugs of every product and variation. Attribute and gallery rows are read on demand, for many
products per query (:meth:`Shop.prefetch`). Every row the import plans updates this state, so
later rows (and the link columns at the end) see earlier ones without reading the database.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from services.catalog.importer.terms import SlugSet
from services.catalog.models import Product, ProductAttribute, ProductImage, Variation

CHUNK = 500  # ids per IN (...) list


@dataclass
class Item:
    """A product or variation as the import sees it. Prices are integer minor units (EUR/USD);
    ``type`` is the product type or "variation"; ``parent`` the product id of a variation."""

    id: int
    type: str
    sku: str | None
    manage_stock: bool = False
    stock_quantity: int | None = None
    backorders: str = "no"
    stock_status: str = "instock"
    regular_price_eur: int | None = None
    sale_price_eur: int | None = None
    regular_price_usd: int | None = None
    sale_price_usd: int | None = None
    virtual: bool = False
    downloadable: bool = False
    parent: int | None = None
    stored: bool = True


_FACTS = (
    "id",
    "sku",
    "manage_stock",
    "stock_quantity",
    "backorders",
    "stock_status",
    "regular_price_eur",
    "sale_price_eur",
    "regular_price_usd",
    "sale_price_usd",
    "virtual",
    "downloadable",
)


@dataclass
class Shop:
    """The catalogue facts an import plans against (see the module docstring).

    ``skus`` maps a lower-cased SKU to ``("product" | "variation", id)``. ``attributes`` maps a
    product id to its attribute rows as dicts (name, position, visible, variation, options),
    ``gallery`` to its gallery image URLs; both hold only prefetched or planned products.
    """

    products: dict[int, Item]
    variations: dict[int, Item]
    skus: dict[str, tuple[str, int]]
    slugs: SlugSet
    next_product: int
    next_variation: int
    attributes: dict[int, list[dict[str, Any]]] = field(default_factory=dict)
    gallery: dict[int, list[str]] = field(default_factory=dict)
    id_map: dict[int, int] = field(default_factory=dict)
    failed: dict[str, int] = field(default_factory=dict)

    @classmethod
    def load(cls, session: Session, file_ids: Iterable[int]) -> Shop:
        """Read every product's and variation's facts and every product slug (three SELECTs).

        New rows without an ID get ids above every id in the database and in the file, so they
        never collide with a later row's own ID."""
        pcols = [getattr(Product, name) for name in _FACTS]
        vcols = [getattr(Variation, name) for name in _FACTS]
        products: dict[int, Item] = {}
        skus: dict[str, tuple[str, int]] = {}
        for row in session.execute(select(*pcols, Product.type)).mappings():
            item = Item(**{k: row[k] for k in _FACTS}, type=row["type"])
            products[item.id] = item
            if item.sku:
                skus[item.sku.lower()] = ("product", item.id)
        variations: dict[int, Item] = {}
        for row in session.execute(select(*vcols, Variation.product_id)).mappings():
            item = Item(**{k: row[k] for k in _FACTS}, type="variation", parent=row["product_id"])
            variations[item.id] = item
            if item.sku:
                skus[item.sku.lower()] = ("variation", item.id)
        slugs = SlugSet(set(session.scalars(select(Product.slug))))
        top = max(file_ids, default=0)
        top_product = session.scalar(select(func.max(Product.id))) or 0
        top_variation = session.scalar(select(func.max(Variation.id))) or 0
        return cls(products, variations, skus, slugs, max(top, top_product) + 1, max(top, top_variation) + 1)

    def new_product_id(self) -> int:
        """Reserve the next id for a product created without an ID."""
        self.next_product += 1
        return self.next_product - 1

    def new_variation_id(self) -> int:
        """Reserve the next id for a variation created without an ID."""
        self.next_variation += 1
        return self.next_variation - 1

    def prefetch(self, session: Session, product_ids: Iterable[int]) -> None:
        """Read the attribute rows and gallery URLs of the stored ``product_ids`` not read yet
        (two SELECTs per :data:`CHUNK` ids)."""
        wanted = sorted(
            {
                i
                for i in product_ids
                if i not in self.attributes and self.products.get(i, Item(0, "", None)).stored
            }
        )
        for start in range(0, len(wanted), CHUNK):
            ids = wanted[start : start + CHUNK]
            for pid in ids:
                self.attributes[pid], self.gallery[pid] = [], []
            attrs = session.execute(
                select(ProductAttribute)
                .where(ProductAttribute.product_id.in_(ids))
                .order_by(ProductAttribute.product_id, ProductAttribute.position, ProductAttribute.id)
            ).scalars()
            for a in attrs:
                self.attributes[a.product_id].append(
                    {
                        "name": a.name,
                        "position": a.position,
                        "visible": a.visible,
                        "variation": a.variation,
                        "options": list(a.options or []),
                    }
                )
            images = session.execute(
                select(ProductImage.product_id, ProductImage.src)
                .where(ProductImage.product_id.in_(ids), ProductImage.role == "gallery")
                .order_by(ProductImage.product_id, ProductImage.position, ProductImage.id)
            )
            for pid, src in images:
                self.gallery[pid].append(src)

    def find(self, kind: str, file_id: int | None, sku: str | None) -> Item | None:
        """The stored or planned item of ``kind`` ("product"/"variation") with ``file_id``,
        else with ``sku`` (case-insensitive); None when neither matches."""
        table = self.products if kind == "product" else self.variations
        if file_id is not None and file_id in table:
            return table[file_id]
        if sku:
            owner = self.skus.get(sku.lower())
            if owner is not None and owner[0] == kind:
                return table[owner[1]]
        return None

    def set_sku(self, item: Item, kind: str, sku: str | None) -> None:
        """Record ``item``'s new SKU (the old one becomes free)."""
        if item.sku and self.skus.get(item.sku.lower()) == (kind, item.id):
            del self.skus[item.sku.lower()]
        item.sku = sku
        if sku:
            self.skus[sku.lower()] = (kind, item.id)
