"""Which storefront URLs show something: the server's side of the route table (docs/spec.md
section 2.1), so an unknown URL answers HTTP 404 with the storefront's not-found page.

The storefront resolves the same paths against the same data (``webapp/src/app/routes/
catalogue.tsx``): the app's own routes, then ``/{category}`` and ``/{category}/{product}``
(also ``/{category}/{parent category}/{product}``, docs/spec.md section 2.2) from the catalogue,
then content pages and posts by their slug (the last path segment), and a product's bare
``/{product slug}`` (old shop links; the storefront redirects it). No slug list is kept here:
a category created in the admin or by an import has its route at once.

It also says what a catalogue page will ask for first (:func:`resolve_page`): the page shell
(``services/api/page_shell.py``) names those requests in ``<link rel=preload>`` tags, so the
browser fetches the category, its products and its hero image side by side with the scripts
instead of one round trip after another (docs/targets.md section 4.7).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Literal
from urllib.parse import parse_qs, unquote, urlencode

from sqlalchemy import select
from sqlalchemy.orm import Session

from services.catalog import repository as repo
from services.catalog.models import Category, Product
from services.catalog.serializers import gallery_images

# The app's fixed routes (webapp/src/app/router.tsx): always a page, whatever the data says.
APP_ROUTES = frozenset(
    {
        "",
        "customize",
        "custom-keyboard-builder",
        "contact",
        "cart",
        "checkout",
        "press",
        "news",
        "search",
        "staff/login",
        "newsletter/confirm",
        "newsletter/unsubscribe",
    }
)
# Routes whose rest is the app's to read: an order id, the support console, the dashboard.
APP_PREFIXES = ("order", "support", "analytics")
MAX_CATALOGUE_DEPTH = 3  # /{category}/{parent category}/{product} (docs/spec.md section 2.2)
# The listing size and the sorts of a category page (webapp: config/site.ts PRODUCT_PAGE_SIZE,
# features/catalog/api/loaders.ts CATEGORY_ORDERS): only the default order is preloaded.
PRODUCT_PAGE_SIZE = 100
ORDER_PARAM = "orderby"
DEFAULT_ORDER = "menu_order"
SORTS = frozenset({"menu_order", "price", "price-desc", "date"})
# Slugs whose query-string form is the same in Python's urlencode and the browser's
# URLSearchParams (a preload is reused only for the very same URL).
_PLAIN = re.compile(r"^[A-Za-z0-9._-]+$")


@dataclass(frozen=True)
class Preload:
    """A request the storefront makes first on a page: ``href`` (a same-origin path and query,
    exactly as the webapp builds it) fetched ``as`` ``fetch`` (JSON) or ``image``."""

    href: str
    kind: Literal["fetch", "image"]


@dataclass(frozen=True)
class StorefrontPage:
    """What the storefront shows at a path: ``found`` False means its not-found page (HTTP
    404); ``route`` is the catalogue page's kind (``category`` or ``product``; None for the
    app's own routes and content pages); ``preloads`` the requests that page makes first."""

    found: bool
    route: Literal["category", "product"] | None = None
    preloads: tuple[Preload, ...] = field(default=())


def path_shows_something(session: Session, path: str, *, include_unpublished: bool = False) -> bool:
    """Whether the storefront shows a page (not its not-found page) at ``path`` (URL path,
    percent-encoded or not, with or without slashes around it): :func:`resolve_page`'s
    ``found``."""
    return resolve_page(session, path, include_unpublished=include_unpublished).found


def resolve_page(
    session: Session, path: str, query: str = "", *, include_unpublished: bool = False
) -> StorefrontPage:
    """What the storefront shows at ``path`` (URL path, percent-encoded or not, with or without
    slashes around it) with the query string ``query``.

    Found: the app's fixed routes and prefixes; ``/{category}`` when the category exists;
    ``/{category}/{product}`` and ``/{category}/{parent}/{product}`` when the category and a
    product with that slug exist (drafts and pending ones only when ``include_unpublished``, a
    previewing staff session; hidden ones too: their own link opens them, docs/spec.md section
    10.5); otherwise when the last segment is a published page's or post's slug, or (a
    one-segment path) a product's slug. Never raises for odd input: such paths are not found.

    Preloads (category and product pages only): a category page's category, its products in the
    default order (none when ``query`` asks for another sort), the filter terms and the first
    hero image; a product page's product, its variations (when it has some) and its first image.
    """
    segments = [unquote(part) for part in path.split("/") if part]
    if "/".join(segments) in APP_ROUTES or (segments and segments[0] in APP_PREFIXES):
        return StorefrontPage(True)
    if any("\x00" in part for part in segments):
        return StorefrontPage(False)
    statuses = repo.visible_statuses(include_unpublished)
    first, last = segments[0], segments[-1]
    if len(segments) <= MAX_CATALOGUE_DEPTH:
        category = session.scalar(select(Category).where(Category.slug == first).limit(1))
        if category is not None:
            if len(segments) == 1:
                return StorefrontPage(True, "category", _category_preloads(session, category, query))
            product = session.scalar(
                select(Product).where(Product.slug == last, Product.status.in_(statuses)).limit(1)
            )
            if product is None:
                return StorefrontPage(False)
            return StorefrontPage(True, "product", _product_preloads(category, product))
    if repo.content_slug_exists(session, last):
        return StorefrontPage(True)
    return StorefrontPage(len(segments) == 1 and repo.product_slug_exists(session, last, statuses))


def _category_preloads(session: Session, category: Category, query: str) -> tuple[Preload, ...]:
    """The category page's first requests (``webapp/src/features/catalog/api/loaders.ts``)."""
    if not _PLAIN.match(category.slug):
        return ()
    found: list[Preload] = [
        Preload("/api/wc/products/categories?" + urlencode({"slug": category.slug}), "fetch")
    ]
    order = (parse_qs(query).get(ORDER_PARAM) or [DEFAULT_ORDER])[-1]
    if order not in SORTS or order == DEFAULT_ORDER:
        found.append(
            Preload(f"/api/wc/products?category={category.id}&per_page={PRODUCT_PAGE_SIZE}", "fetch")
        )
    found.append(Preload("/api/wc/filters", "fetch"))
    hero = repo.blocks_for(session, "category", [category.id]).get(category.id, {}).get("hero", [])
    image = (hero[0].fields or {}).get("image") if hero else None
    src = image.get("src") if isinstance(image, dict) else None
    if isinstance(src, str) and _local(src):
        found.append(Preload(src, "image"))
    return tuple(found)


def _product_preloads(category: Category, product: Product) -> tuple[Preload, ...]:
    """The product page's first requests: its category (``webapp/src/app/routes/catalogue.tsx``
    resolves the path with it), the product and its variations (``productPageLoader`` in
    ``webapp/src/features/catalog/api/loaders.ts``), and the gallery's first image: the page's
    largest paint, which ``Gallery.tsx`` shows first (a variation's image replaces it only once
    the shopper picks one) and loads eagerly."""
    if not (_PLAIN.match(product.slug) and _PLAIN.match(category.slug)):
        return ()
    found = [
        Preload("/api/wc/products/categories?" + urlencode({"slug": category.slug}), "fetch"),
        Preload("/api/wc/products?" + urlencode({"slug": product.slug}), "fetch"),
    ]
    if product.variations:
        found.append(Preload(f"/api/wc/products/{product.id}/variations", "fetch"))
    gallery = gallery_images(product)
    if gallery and _local(gallery[0].src):
        found.append(Preload(gallery[0].src, "image"))
    return tuple(found)


def _local(src: str) -> bool:
    """Whether ``src`` is a path on this server (``/media/...``), not another host's URL."""
    return src.startswith("/") and not src.startswith("//")
