"""The storefront's page shell: ``webapp/dist/index.html`` with the first requests of the page
at hand named in ``<link rel=preload>`` tags (docs/targets.md section 4.7).

A category or product page of the single-page app otherwise discovers its data one round trip
at a time: the entry script runs, asks for the category, then for its products, then the hero
image loads. The server already resolves the path to answer 200 or 404
(``services/catalog/storefront_routes.py``); with what it found it adds to ``<head>``:

- ``<link rel=preload as=fetch crossorigin>`` for the API reads the page makes first (Chromium
  hands the preloaded response to the page's own ``fetch`` of the same URL: one request each,
  checked by webapp/e2e/catalogue-routes.spec.ts);
- ``<link rel=preload as=image fetchpriority=high>`` for a category's hero image;
- on every page, the reads of the layout's loader (``rootLoader`` in
  ``webapp/src/app/RootLayout.tsx``: menus, countries, the company's details and payment
  methods), which every first paint waits for.

Route chunks are not named: measured with Lighthouse (mobile, simulated throttling) they
competed with the entry script for bandwidth and moved the first paint later (about 0.2 s), while
the data preloads are a few KB.
"""

from __future__ import annotations

from html import escape
from pathlib import Path

from services.catalog.storefront_routes import Preload, StorefrontPage

# What the layout's loader reads on every page (webapp/src/app/RootLayout.tsx rootLoader, with
# the paths of webapp/src/config/paths.ts).
LAYOUT_PRELOADS = (
    Preload("/api/wp/menus", "fetch"),
    Preload("/api/wc/data/countries", "fetch"),
    Preload("/api/company", "fetch"),
    Preload("/api/checkout/payment-methods", "fetch"),
)


class PageShell:
    """``index.html`` of a webapp build (``dist``), rendered per page with its preload links.
    Reads the file once; :meth:`render` is pure string work."""

    def __init__(self, dist: Path) -> None:
        self.html = (dist / "index.html").read_text(encoding="utf-8")

    def render(self, page: StorefrontPage) -> bytes:
        """The shell for ``page``, UTF-8: ``index.html`` with a preload link per
        :data:`LAYOUT_PRELOADS` and ``page.preloads`` inserted before ``</head>``."""
        head_end = self.html.find("</head>")
        if head_end < 0:
            return self.html.encode()
        head_end = self.html.rfind("\n", 0, head_end) + 1  # before the line's indent
        block = "".join(f"    {_preload_link(p.href, p.kind)}\n" for p in (*LAYOUT_PRELOADS, *page.preloads))
        return (self.html[:head_end] + block + self.html[head_end:]).encode()


def _preload_link(href: str, kind: str) -> str:
    """A ``<link rel=preload>`` for a same-origin ``href``: ``fetch`` ones with ``crossorigin``
    (the credentials mode of the page's own ``fetch``), images with ``fetchpriority=high``."""
    if kind == "image":
        return f'<link rel="preload" as="image" fetchpriority="high" href="{escape(href)}">'
    return f'<link rel="preload" as="fetch" crossorigin href="{escape(href)}">'
