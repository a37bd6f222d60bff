"""Which storefront URLs show something: the server's side of the route table (docs/spec.md
section 2.1), so an unknown URL answers HTTP 404 with the storefront's not-found page.

The storefront resolves the same paths against the same data (``webapp/src/app/routes/
catalogue.tsx``): the app's own routes, then ``/{category}`` and ``/{category}/{product}``
(also ``/{category}/{parent category}/{product}``, docs/spec.md section 2.2) from the catalogue,
then content pages and posts by their slug (the last path segment), and a product's bare
``/{product slug}`` (old shop links; the storefront redirects it). No slug list is kept here:
a category created in the admin or by an import has its route at once.
"""

from __future__ import annotations

from urllib.parse import unquote

from sqlalchemy.orm import Session

from services.catalog import repository as repo

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


def path_shows_something(session: Session, path: str, *, include_unpublished: bool = False) -> bool:
    """Whether the storefront shows a page (not its not-found page) at ``path`` (URL path,
    percent-encoded or not, with or without slashes around it).

    True for the app's fixed routes and prefixes; for ``/{category}`` when the category exists;
    for ``/{category}/{product}`` and ``/{category}/{parent}/{product}`` when the category and
    a product with that slug exist (drafts and pending ones only when ``include_unpublished``,
    a previewing staff session; hidden ones too: their own link opens them, docs/spec.md
    section 10.5); otherwise when the last segment is a published page's or post's slug, or (a
    one-segment path) a product's slug. Never raises for odd input: such paths are False.
    """
    segments = [unquote(part) for part in path.split("/") if part]
    if "/".join(segments) in APP_ROUTES or (segments and segments[0] in APP_PREFIXES):
        return True
    if any("\x00" in part for part in segments):
        return False
    statuses = repo.visible_statuses(include_unpublished)
    first, last = segments[0], segments[-1]
    if len(segments) <= MAX_CATALOGUE_DEPTH and repo.category_slug_exists(session, first):
        return len(segments) == 1 or repo.product_slug_exists(session, last, statuses)
    if repo.content_slug_exists(session, last):
        return True
    return len(segments) == 1 and repo.product_slug_exists(session, last, statuses)
