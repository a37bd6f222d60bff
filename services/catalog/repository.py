"""All catalogue and content SQL, with queries named by intent.

Visibility: anonymous callers see only ``publish`` products, posts and pages; product
reads take ``statuses`` (``visible_statuses(include_unpublished)``) so staff sessions also
see draft and pending products. Every loader eagerly
fetches what the serializers read, so no lazy load happens per row.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Select, bindparam, func, select
from sqlalchemy.orm import Session, selectinload

from services.catalog.models import (
    Category,
    ColourSwatch,
    ContentBlock,
    Country,
    Filter,
    Menu,
    Page,
    Post,
    PostCategory,
    Product,
    TaxRate,
    Variation,
)
from services.catalog.models.products import product_categories
from services.catalog.sales import shown_price
from services.catalog.search import (
    LISTED_IN_CATALOG,
    search_products,  # noqa: F401 - the repository's search method
)

PUBLIC = ("publish",)
STAFF_VISIBLE = (
    "publish",
    "draft",
    "pending",
)  # WooCommerce: reviewers preview drafts (docs/spec.md section 6)


def visible_statuses(include_unpublished: bool) -> tuple[str, ...]:
    """Product statuses a caller may see: ``publish`` only, or also ``draft`` and ``pending``
    when ``include_unpublished`` (a staff session; ``services/catalog/visibility.py``)."""
    return STAFF_VISIBLE if include_unpublished else PUBLIC


def _product_query(statuses: Sequence[str]) -> Select[Product]:
    return (
        select(Product)
        .where(Product.status.in_(statuses))
        .options(
            selectinload(Product.images),
            selectinload(Product.attributes),
            selectinload(Product.variations),
            selectinload(Product.categories),
            selectinload(Product.tags),
            selectinload(Product.filters),
        )
    )


def get_product(session: Session, product_id: int, statuses: Sequence[str] = PUBLIC) -> Product | None:
    """The product with ``product_id`` if its status is visible, else None."""
    return session.scalars(_product_query(statuses).where(Product.id == product_id)).first()


def category_and_descendant_ids(session: Session, category_id: int) -> list[int]:
    """``category_id`` plus every category below it (WooCommerce lists children's products too)."""
    rows = session.execute(select(Category.id, Category.parent_id)).all()
    children: dict[int | None, list[int]] = {}
    for cid, parent in rows:
        children.setdefault(parent, []).append(cid)
    found, stack = [], [category_id]
    while stack:
        cid = stack.pop()
        if cid in found:
            continue
        found.append(cid)
        stack.extend(children.get(cid, []))
    return found


def list_products(
    session: Session,
    *,
    ids: Sequence[int] | None = None,
    category_id: int | None = None,
    slug: str | None = None,
    page: int = 1,
    per_page: int = 10,
    statuses: Sequence[str] = PUBLIC,
    orderby: ProductOrder | None = None,
) -> tuple[list[Product], int]:
    """Products matching every given filter, one page of them and the total count.

    With ``ids`` the result keeps the order of ``ids``; otherwise products come in
    ``orderby``'s order (default: ``menu_order`` then id; docs/spec.md section 2.5). ``page`` is 1-based. A category listing (``category_id`` without
    ``ids`` or ``slug``) leaves out products whose ``catalog_visibility`` is ``search`` or
    ``hidden`` (docs/spec.md section 10.5); ``ids`` and ``slug`` find them (their own link,
    a grouped product's children).
    """
    query = _product_query(statuses)
    if ids is not None:
        query = query.where(Product.id.in_(list(ids)))
    if slug is not None:
        query = query.where(Product.slug == slug)
    if category_id is not None:
        in_category = select(product_categories.c.product_id).where(
            product_categories.c.category_id.in_(category_and_descendant_ids(session, category_id))
        )
        query = query.where(Product.id.in_(in_category))
        if ids is None and slug is None:  # a category listing (docs/spec.md section 10.5)
            query = query.where(Product.catalog_visibility.in_(LISTED_IN_CATALOG))
    total = session.scalar(select(func.count()).select_from(query.order_by(None).subquery())) or 0
    if ids is not None:
        products = list(session.scalars(query))
        order = {pid: i for i, pid in enumerate(ids)}
        products.sort(key=lambda p: order[p.id])
        start = (page - 1) * per_page
        return products[start : start + per_page], total
    sort = orderby or ProductOrder()
    start = (page - 1) * per_page
    if sort.key == "price":  # the shown price depends on sale windows and variations: sorted here
        every = list(session.scalars(query.order_by(Product.menu_order, Product.id)))
        return sort.sort_by_price(every)[start : start + per_page], total
    query = query.order_by(*sort.columns()).offset(start).limit(per_page)
    return list(session.scalars(query)), total


@dataclass(frozen=True)
class ProductOrder:
    """The order of a product listing (docs/spec.md section 2.5; WooCommerce REST's ``orderby``
    and ``order``): ``key`` is ``menu_order`` (the shop's featured order), ``price`` (the price
    shown in ``currency``, "eur" or "usd", sale windows and cheapest variation included;
    products without a price last), ``date`` (``date_created``) or ``title``; ties by id."""

    key: str = "menu_order"
    descending: bool = False
    currency: str = "eur"

    def columns(self) -> list[Any]:
        """ORDER BY columns for every key but ``price``."""
        column = {"date": Product.date_created, "title": Product.name}.get(self.key, Product.menu_order)
        return [column.desc() if self.descending else column.asc(), Product.id]

    def sort_by_price(self, products: list[Product]) -> list[Product]:
        """``products`` by shown price (stable: equal prices keep their menu order)."""
        priced = [(shown_price(p, self.currency), p) for p in products]
        with_price = [pair for pair in priced if pair[0] is not None]
        with_price.sort(key=lambda pair: pair[0] or 0, reverse=self.descending)
        return [p for _, p in with_price] + [p for price, p in priced if price is None]


def list_variations(session: Session, product_id: int) -> list[Variation]:
    """Published variations of a product, in menu order."""
    return list(
        session.scalars(
            select(Variation)
            .where(Variation.product_id == product_id, Variation.status == "publish")
            .order_by(Variation.menu_order, Variation.id)
        )
    )


def get_variation(session: Session, product_id: int, variation_id: int) -> Variation | None:
    """The published variation ``variation_id`` of ``product_id``, or None."""
    return session.scalars(
        select(Variation).where(
            Variation.id == variation_id, Variation.product_id == product_id, Variation.status == "publish"
        )
    ).first()


def list_categories(
    session: Session, *, slug: str | None = None, parent: int | None = None
) -> list[Category]:
    """Categories, optionally by slug or parent id (0 = top level), by menu order then name."""
    query = (
        select(Category)
        .options(selectinload(Category.tag_groups))
        .order_by(Category.menu_order, Category.name)
    )
    if slug is not None:
        query = query.where(Category.slug == slug)
    if parent is not None:
        query = query.where(Category.parent_id.is_(None) if parent == 0 else Category.parent_id == parent)
    return list(session.scalars(query))


def blocks_for(
    session: Session, owner_type: str, owner_ids: Sequence[int]
) -> dict[int, dict[str, list[ContentBlock]]]:
    """Content blocks of the given owners: ``{owner_id: {region: [blocks in position order]}}``."""
    if not owner_ids:
        return {}
    rows = session.scalars(
        select(ContentBlock)
        .where(ContentBlock.owner_type == owner_type, ContentBlock.owner_id.in_(list(owner_ids)))
        .order_by(ContentBlock.owner_id, ContentBlock.region, ContentBlock.position, ContentBlock.id)
    )
    out: dict[int, dict[str, list[ContentBlock]]] = {}
    for block in rows:
        out.setdefault(block.owner_id, {}).setdefault(block.region, []).append(block)
    return out


def list_pages(session: Session, *, slug: str | None = None, statuses: Sequence[str] = PUBLIC) -> list[Page]:
    """Pages, optionally the one with ``slug``."""
    query = select(Page).where(Page.status.in_(statuses)).order_by(Page.menu_order, Page.id)
    if slug is not None:
        query = query.where(Page.slug == slug)
    return list(session.scalars(query))


def list_posts(
    session: Session,
    *,
    category_id: int | None = None,
    slug: str | None = None,
    page: int = 1,
    per_page: int = 10,
    statuses: Sequence[str] = PUBLIC,
) -> tuple[list[Post], int]:
    """Posts newest first, optionally of one category or with one slug; a page of them and the total."""
    query = select(Post).where(Post.status.in_(statuses))
    if category_id is not None:
        query = query.where(Post.category_id == category_id)
    if slug is not None:
        query = query.where(Post.slug == slug)
    total = session.scalar(select(func.count()).select_from(query.subquery())) or 0
    query = query.order_by(Post.date.desc(), Post.id.desc()).offset((page - 1) * per_page).limit(per_page)
    return list(session.scalars(query)), total


def get_post_category_by_slug(session: Session, slug: str) -> PostCategory | None:
    """The post category with ``slug`` (news, press), or None."""
    return session.scalars(select(PostCategory).where(PostCategory.slug == slug)).first()


def list_menus(session: Session) -> list[Menu]:
    """Every menu with its items (in position order)."""
    return list(session.scalars(select(Menu).options(selectinload(Menu.items)).order_by(Menu.id)))


def list_countries(session: Session) -> list[Country]:
    """Every shipping country by name."""
    return list(session.scalars(select(Country).order_by(Country.name)))


@dataclass(frozen=True)
class CountryTax:
    """A country the shop ships to, with its currency and the tax included in prices there:
    ``tax_name`` and ``tax_rate_bp`` (hundredths of a percent, 1900 = 19 %) of its first tax rate
    by priority; "" and 0 when it has none (docs/spec.md section 1: the country sets the currency)."""

    code: str
    name: str
    currency: str
    tax_name: str
    tax_rate_bp: int


def country_tax(session: Session, code: str) -> CountryTax | None:
    """The country ``code`` (any case) with its currency and first tax rate (by priority, then
    id), or None when the shop has no such country. The one lookup the cart (its country
    facts) and checkout (the order's destination) both use."""
    country = session.get(Country, code.upper())
    if country is None:
        return None
    tax = session.scalars(
        select(TaxRate).where(TaxRate.country == country.code).order_by(TaxRate.priority, TaxRate.id)
    ).first()
    return CountryTax(
        code=country.code,
        name=country.name,
        currency=country.currency,
        tax_name=tax.name if tax else "",
        tax_rate_bp=tax.rate_bp if tax else 0,
    )


def list_tax_rates(session: Session) -> list[TaxRate]:
    """Every tax rate by country then priority."""
    return list(session.scalars(select(TaxRate).order_by(TaxRate.country, TaxRate.priority, TaxRate.id)))


def colour_swatches(session: Session, ids: Sequence[int]) -> list[ColourSwatch]:
    """Swatches with the given ids, in id order."""
    return list(
        session.scalars(select(ColourSwatch).where(ColourSwatch.id.in_(list(ids))).order_by(ColourSwatch.id))
    )


def list_filters(session: Session) -> list[Filter]:
    """Every filter term, top level first, then by position (``order_last`` ones last)."""
    return list(
        session.scalars(
            select(Filter).order_by(
                Filter.parent_id.is_not(None), Filter.parent_id, Filter.order_last, Filter.position, Filter.id
            )
        )
    )


def products_by_skus(
    session: Session, skus: Sequence[str], statuses: Sequence[str] = PUBLIC
) -> list[Product]:
    """Visible products whose SKU is in ``skus``."""
    return list(
        session.scalars(select(Product).where(Product.sku.in_(list(skus)), Product.status.in_(statuses)))
    )


STOCK_FIELDS = frozenset(
    {"id", "stock_status", "stock_quantity", "manage_stock", "backorders", "backorders_allowed", "variations"}
)


_PRODUCTS, _VARIATIONS = Product.__table__, Variation.__table__
# The stock check's one query, built once (a Core statement reused with bound values: about a
# quarter of the CPU of building and executing two ORM selects per request). One row per
# published variation in their order, or one row with variation_id NULL; the storefront checks
# stock on every product page (docs/spec.md section 7), and each catalogue revision change
# makes every process read each product's stock afresh.
_STOCK_FACTS = (
    select(
        _PRODUCTS.c.id,
        _PRODUCTS.c.stock_status,
        _PRODUCTS.c.stock_quantity,
        _PRODUCTS.c.manage_stock,
        _PRODUCTS.c.backorders,
        _VARIATIONS.c.id.label("variation_id"),
    )
    .select_from(
        _PRODUCTS.outerjoin(
            _VARIATIONS,
            (_VARIATIONS.c.product_id == _PRODUCTS.c.id) & (_VARIATIONS.c.status == "publish"),
        )
    )
    .where(
        _PRODUCTS.c.id == bindparam("product_id"),
        _PRODUCTS.c.status.in_(bindparam("statuses", expanding=True)),
    )
    .order_by(_VARIATIONS.c.menu_order, _VARIATIONS.c.id)
)


def get_stock_facts(
    session: Session, product_id: int, statuses: Sequence[str] = PUBLIC
) -> dict[str, object] | None:
    """The live stock facts of a visible product (one indexed query, no relationships):
    ``{id, stock_status, stock_quantity, manage_stock, backorders, backorders_allowed, variations}``
    (``variations``: the ids of its published variations, in their order); None when the
    product is not visible. Used by the storefront's uncached stock check."""
    rows = (
        session.connection()
        .execute(_STOCK_FACTS, {"product_id": product_id, "statuses": list(statuses)})
        .all()
    )
    if not rows:
        return None
    row = rows[0]
    return {
        "id": row.id,
        "stock_status": row.stock_status,
        "stock_quantity": row.stock_quantity,
        "manage_stock": row.manage_stock,
        "backorders": row.backorders,
        "backorders_allowed": row.backorders in ("yes", "notify"),
        "variations": [r.variation_id for r in rows if r.variation_id is not None],
    }


def category_slug_exists(session: Session, slug: str) -> bool:
    """Whether a product category has ``slug`` (category routes, docs/spec.md section 2.1)."""
    return session.scalar(select(Category.id).where(Category.slug == slug).limit(1)) is not None


def product_slug_exists(session: Session, slug: str, statuses: Sequence[str] = PUBLIC) -> bool:
    """Whether a product with ``slug`` and one of ``statuses`` exists, whatever its
    ``catalog_visibility`` or ``hide_product`` (its own link still opens it, docs/spec.md
    section 10.5)."""
    query = select(Product.id).where(Product.slug == slug, Product.status.in_(statuses)).limit(1)
    return session.scalar(query) is not None


def content_slug_exists(session: Session, slug: str) -> bool:
    """Whether a published page or post has ``slug`` (the generic route, docs/spec.md section 2.1)."""
    page = select(Page.id).where(Page.slug == slug, Page.status.in_(PUBLIC)).limit(1)
    if session.scalar(page) is not None:
        return True
    post = select(Post.id).where(Post.slug == slug, Post.status.in_(PUBLIC)).limit(1)
    return session.scalar(post) is not None
