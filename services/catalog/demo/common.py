"""Small builders that keep the demo product data compact and uniform.

A product spec is a plain dict: model column names of :class:`Product` plus the keys
``categories``/``tags``/``filters`` (id lists), ``family``/``colour`` (image
artwork), ``image_count`` (2 or 3) and ``attributes`` and ``variations`` (dict lists). A
configurable product's configurator is not part of its spec: it lives in
:mod:`services.configurator.demo`. Money is integer minor units.
"""

from __future__ import annotations

import re
from datetime import datetime, timedelta
from typing import Any

from services.catalog.demo.taxonomy import SWATCH_COLOUR

BASE_DATE = datetime(2025, 1, 6, 9, 0, 0)


def slugify(text: str) -> str:
    """Lower-case ASCII slug: "Odin 75 Wireless" -> "odin-75-wireless"."""
    text = text.lower().replace("%", "").replace("&", "and").replace("ø", "o").replace("ö", "o")
    return re.sub(r"[^a-z0-9]+", "-", text).strip("-")


def html(intro: str, specs: list[str] | None = None, outro: str = "") -> str:
    """Product description HTML: ``<p>intro</p><ul><li>spec</li>...</ul><p>outro</p>``."""
    out = f"<p>{intro}</p>"
    if specs:
        out += "<ul>" + "".join(f"<li>{s}</li>" for s in specs) + "</ul>"
    if outro:
        out += f"<p>{outro}</p>"
    return out


def product(
    pid: int,
    name: str,
    sku: str | None,
    categories: list[int],
    eur: int,
    usd: int,
    *,
    family: str,
    colour: str,
    short: str,
    specs: list[str],
    intro: str | None = None,
    sale: tuple[int, int] | None = None,
    slug: str | None = None,
    image_count: int = 3,
    **extra: Any,
) -> dict[str, Any]:
    """Build one product spec dict.

    ``eur``/``usd``: regular prices in cents; ``sale``: (eur, usd) sale prices in cents.
    ``short``: one-sentence short description (wrapped in ``<p>``); ``specs``: bullet
    lines of the long description. ``extra``: any other Product column or spec key.
    ``date_created`` is derived from the id so it is stable across runs.
    """
    when = BASE_DATE + timedelta(days=pid % 400, hours=pid % 7)
    spec: dict[str, Any] = {
        "id": pid,
        "name": name,
        "slug": slug or slugify(name),
        "sku": sku,
        "categories": categories,
        "regular_price_eur": eur,
        "regular_price_usd": usd,
        "sale_price_eur": sale[0] if sale else None,
        "sale_price_usd": sale[1] if sale else None,
        "short_description": f"<p>{short}</p>",
        "description": html(intro or short, specs),
        "family": family,
        "colour": colour,
        "image_count": image_count,
        "date_created": when,
        "date_modified": when,
        "menu_order": pid % 100,
    }
    spec.update(extra)
    return spec


def variation(
    vid: int,
    option: str,
    swatch_id: int,
    sku: str,
    eur: int,
    usd: int,
    *,
    sale: tuple[int, int] | None = None,
    order: int = 0,
    **stock: Any,
) -> dict[str, Any]:
    """Build one Colour variation dict (prices in cents; ``stock`` = stock columns)."""
    spec: dict[str, Any] = {
        "id": vid,
        "sku": sku,
        "menu_order": order,
        "description": f"<p>{option} colourway.</p>",
        "regular_price_eur": eur,
        "regular_price_usd": usd,
        "sale_price_eur": sale[0] if sale else None,
        "sale_price_usd": sale[1] if sale else None,
        "attributes": [{"name": "Colour", "option": option}],
        "colour_swatch_id": swatch_id,
        "colour": SWATCH_COLOUR[swatch_id],
    }
    spec.update(stock)
    return spec


def colour_attribute(options: list[str]) -> list[dict[str, Any]]:
    """The single variation-defining "Colour" attribute for a variable product."""
    return [{"name": "Colour", "options": options, "variation": True, "visible": True}]


# Stock presets (columns of Product / Variation).
def managed(quantity: int) -> dict[str, Any]:
    """Managed stock with ``quantity`` units, in stock, no backorders."""
    return {"manage_stock": True, "stock_quantity": quantity, "stock_status": "instock", "backorders": "no"}


def backorder(quantity: int = 0) -> dict[str, Any]:
    """Managed stock at ``quantity`` (<= 0) with backorders allowed: a pre-order."""
    return {
        "manage_stock": True,
        "stock_quantity": quantity,
        "stock_status": "onbackorder",
        "backorders": "yes",
    }


OUT_OF_STOCK: dict[str, Any] = {"stock_status": "outofstock"}
NOTIFY_OUT: dict[str, Any] = {
    "manage_stock": True,
    "stock_quantity": 0,
    "stock_status": "outofstock",
    "backorders": "notify",
}
