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
- on every page, the answers of the layout's loader (``rootLoader`` in
  ``webapp/src/app/RootLayout.tsx``: menus, countries, the company's details and payment
  methods) written into the page as ``<script type="application/json" id="api-inline">`` (a
  JSON object ``{path: body}``, each body exactly what the path answers): the browser
  starts its router with them (``webapp/src/lib/inlineApi.ts``), so the header and footer
  paint as soon as the entry script has run, while the page's own chunk and data load.

Route chunks are not named: measured with Lighthouse (mobile, simulated throttling) they
competed with the entry script for bandwidth and moved the first paint later (about 0.2 s), while
the data preloads are a few KB.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from html import escape
from pathlib import Path
from typing import Any

from sqlalchemy.orm import Session

from services.catalog.storefront_routes import StorefrontPage
from services.catalog.wc_endpoints import countries_body
from services.catalog.wp_endpoints import menus_body
from services.checkout.endpoints import payment_methods_body
from services.shared.company import COMPANY

# What the layout's loader reads on every page (webapp/src/app/RootLayout.tsx rootLoader, with
# the paths of webapp/src/config/paths.ts), each made by the function its endpoint answers with
# (tests/catalog/test_storefront_routes.py compares the shell's copy with the API's answers).
LAYOUT_READS: dict[str, Callable[[Session], Any]] = {
    "/api/wp/menus": menus_body,
    "/api/wc/data/countries": countries_body,
    "/api/company": lambda _: COMPANY.as_dict(),
    "/api/checkout/payment-methods": lambda _: payment_methods_body(),
}


def layout_answers(session: Session) -> dict[str, Any]:
    """``{path: body}`` for every :data:`LAYOUT_READS` path: JSON-ready values, exactly what
    ``GET path`` answers. Raises what the database raises."""
    return {path: read(session) for path, read in LAYOUT_READS.items()}


class PageShell:
    """``index.html`` of a webapp build (``dist``), rendered per page with its preload links.
    Reads the file once; :meth:`render` is pure string work."""

    def __init__(self, dist: Path) -> None:
        self.html = (dist / "index.html").read_text(encoding="utf-8")

    def render(self, page: StorefrontPage, inline: dict[str, Any] | None = None) -> bytes:
        """The shell for ``page``, UTF-8: ``index.html`` with a preload link per
        ``page.preloads`` and, given ``inline`` (``{path: JSON-ready body}``, e.g.
        :func:`layout_answers`), the ``api-inline`` block, inserted before ``</head>``."""
        head_end = self.html.find("</head>")
        if head_end < 0:
            return self.html.encode()
        head_end = self.html.rfind("\n", 0, head_end) + 1  # before the line's indent
        block = "".join(f"    {_preload_link(p.href, p.kind)}\n" for p in page.preloads)
        if inline:
            block += f'    <script type="application/json" id="api-inline">{_script_json(inline)}</script>\n'
        return (self.html[:head_end] + block + self.html[head_end:]).encode()


def _script_json(value: Any) -> str:
    """``value`` as JSON safe inside ``<script>``: ``<``, ``>`` and ``&`` as ``\\u`` escapes,
    so no text in it (a menu title, say) can close the element or open a comment."""
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def _preload_link(href: str, kind: str) -> str:
    """A ``<link rel=preload>`` for a same-origin ``href``: ``fetch`` ones with ``crossorigin``
    (the credentials mode of the page's own ``fetch``), images with ``fetchpriority=high``."""
    if kind == "image":
        return f'<link rel="preload" as="image" fetchpriority="high" href="{escape(href)}">'
    return f'<link rel="preload" as="fetch" crossorigin href="{escape(href)}">'
