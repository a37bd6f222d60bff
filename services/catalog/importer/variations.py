"""Turning a "variation" row into the writes it needs (a :class:`Planned`), in memory.

A variation belongs to a variable product stored in the shop or planned earlier from the file
(products are planned before variations). Its attributes are one option each; an attribute or
option its parent lacks is added to the parent, as WooCommerce does. Rules: docs/spec.md
section 3.1; the column conventions are those of :mod:`services.catalog.importer.products`.
"""

from __future__ import annotations

from typing import Any

from services.catalog.importer.csvfile import Row, explode_values
from services.catalog.importer.fields import RowError, check_length
from services.catalog.importer.products import (
    Options,
    Planned,
    apply_common,
    apply_prices,
    apply_stock,
    match_stored,
    not_found,
    resolve_ref,
)
from services.catalog.importer.state import Item, Shop
from services.catalog.models import ProductType


def plan_variation(shop: Shop, opts: Options, row: Row, flags: set[str]) -> Planned:
    """The writes of a "variation" row under its Parent ("id:123" or the parent's SKU: a variable
    product stored or planned earlier). Attributes become ``[{"name", "option"}]`` (an empty
    value means "any" and is left out); an attribute or option the parent lacks is added to it."""
    parent = _variation_parent(shop, row)
    chosen = _variation_attributes(row)
    item, file_id, sku = match_stored(shop, opts, row, "variation")
    created = item is None
    values: dict[str, Any] = {"product_id": parent.id}
    if row.has("sku") or created:
        values["sku"] = sku
    if row.has("type") and row.get("type") or created:
        values["virtual"], values["downloadable"] = "virtual" in flags, "downloadable" in flags
    apply_common(row, opts, created, values)
    apply_prices(row, item, values)
    apply_stock(row, item, values, is_variation=True)
    if row.has("images") or created:
        urls = explode_values(row.values.get("images", ""))
        values["image_src"] = check_length(urls[0], 500, "Images") if urls else None
    if item is None:
        vid = file_id if file_id is not None else shop.new_variation_id()
        item = Item(vid, "variation", None, parent=parent.id, stored=False)
        shop.variations[vid] = item
    for key, value in values.items():
        if hasattr(item, key) and key != "sku":
            setattr(item, key, value)
    item.parent = parent.id
    if "sku" in values:
        shop.set_sku(item, "variation", sku)
    values["id"] = item.id
    planned = Planned(row, "variation", "create" if created else "update", item.id, values)
    if row.attributes or created:
        values["attributes"], changed = _merge_into_parent(shop.attributes.setdefault(parent.id, []), chosen)
        if changed:
            planned.attributes.add(parent.id)
    return planned


def _variation_parent(shop: Shop, row: Row) -> Item:
    ref = row.get("parent_id")
    if not ref:
        raise RowError("Parent is required for a variation")
    parent = resolve_ref(shop, ref)
    if parent is None:
        raise RowError(f"parent product {ref!r} not found{not_found(shop, ref)}")
    if parent.type != ProductType.VARIABLE:
        raise RowError(f"parent product {ref!r} is a {parent.type} product, not a variable one")
    return parent


def _variation_attributes(row: Row) -> list[dict[str, str]]:
    result: list[dict[str, str]] = []
    for number in sorted(row.attributes):
        parts = row.attributes[number]
        name = parts.get("name", "").strip()
        values = explode_values(parts.get("values", ""))
        if len(values) > 1:
            raise RowError(f"Attribute {number} value(s): a variation takes one value, got {len(values)}")
        if name and values:
            check_length(name, 100, f"Attribute {number} name")
            result.append({"name": name, "option": values[0]})
        elif values:
            raise RowError(f"Attribute {number} value(s) given without Attribute {number} name")
    return result


def _merge_into_parent(
    own: list[dict[str, Any]], chosen: list[dict[str, str]]
) -> tuple[list[dict[str, str]], bool]:
    """Make sure the parent's attribute rows ``own`` have each attribute and option (changed in
    place); return the choices in the parent's spelling and whether ``own`` changed."""
    result, changed = [], False
    for choice in chosen:
        attr = next((a for a in own if a["name"].lower() == choice["name"].lower()), None)
        if attr is None:
            attr = {
                "name": choice["name"],
                "position": len(own),
                "visible": True,
                "variation": True,
                "options": [],
            }
            own.append(attr)
            changed = True
        if not attr["variation"]:
            attr["variation"], changed = True, True
        option = next((o for o in attr["options"] if o.lower() == choice["option"].lower()), None)
        if option is None:
            option = choice["option"]
            attr["options"] = [*attr["options"], option]
            changed = True
        result.append({"name": attr["name"], "option": option})
    return result, changed
