"""The cart's rules (docs/spec.md sections 4, 5 and 9) as pure functions over plain line dicts.

The cart's decider (``services/cart/decider.py``) decides with them; the same rules run in the
browser (``webapp/src/features/cart/store/rules.ts``, used by ``decider.ts``) for the
optimistic apply; shared test vectors (``tests/vectors/cart_rules.json``) keep both sides
equal. A line is the JSON-shaped dict recorded by ``ItemAdded`` (docs/events.md;
``services/cart/types.py``, ``CartLine``):

    {"line_id": "L1", "product_id": 1001, "variation_id": None, "sku": "HV-..", "name": "..",
     "image": "/media/..", "variation_label": "", "count": 1,
     "eur": {"regular": 14999, "sale": 12999}, "usd": {"regular": 15999, "sale": None},
     "configuration": None | [{"layer_id", "choice_id", "name", "layer_name",
                               "extra_eur", "extra_usd", "has_backorder"}],
     "recommended_by": None | product_id, "use_discount": bool, "discount_percent": int,
     "recommended_eur": None | int, "recommended_usd": None | int,
     "stock": {"stock_status", "stock_quantity", "manage_stock", "backorders"}}

Money is integer minor units (cents); currencies are "EUR" and "USD".
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, cast

from services.cart.types import CartLine, CurrencyCode, DiscountedTotals, Totals
from services.discounts.domain import CartView, LineView
from services.shared.money import half_up_div, included_tax

Line = CartLine

MAX_COUNT = 10  # docs/spec.md section 9: quantity in cart 0 to 10
BUILDER_PRODUCT_ID = 26907  # docs/spec.md section 9: the custom keyboard builder
BUILDER_ADDON_ID = 31575  # docs/spec.md section 4: capped at the count of 26907 in the cart
USD_MINIMUM = 100  # docs/spec.md section 5: a USD price of 0 or less is set to 1 (1.00 USD)
# The payment intents a cart may record (``PaymentIntentSet``): WooCommerce payment gateway ids,
# a closed set so the event can never carry free text (docs/events.md, "What events never hold").
# ``bacs`` (bank transfer) is what checkout offers today; the others are the gateways it may add.
PAYMENT_INTENTS = ("bacs", "cheque", "cod", "stripe", "paypal")


def _currency_key(currency: str) -> str:
    if currency not in ("EUR", "USD"):
        raise ValueError(f"unknown currency {currency!r}")
    return currency.lower()


def base_price(line: Mapping[str, Any], currency: str) -> int:
    """The line's own price in ``currency``: sale if set, else regular; USD at least 1.00."""
    price = line[_currency_key(currency)]
    value = price["sale"] if price.get("sale") is not None else price["regular"]
    if currency == "USD" and value <= 0:
        return USD_MINIMUM
    return max(0, value)


def regular_price(line: Mapping[str, Any], currency: str) -> int:
    """The regular (not sale) price in ``currency``; USD at least 1.00."""
    value = line[_currency_key(currency)]["regular"]
    if currency == "USD" and value <= 0:
        return USD_MINIMUM
    return max(0, value)


def unit_price(line: Mapping[str, Any], currency: str) -> int:
    """What one unit costs before configuration extras.

    A recommended line with its discount active costs its recommended price (or its own
    price) times (100 - discount) / 100, rounded half up (docs/spec.md section 9 "Discount price").
    """
    if line.get("recommended_by") is not None and line.get("use_discount"):
        fixed = line.get(f"recommended_{_currency_key(currency)}")
        price = fixed if fixed is not None and fixed > 0 else base_price(line, currency)
        percent = min(100, max(0, int(line.get("discount_percent") or 0)))  # never a negative price
        return half_up_div(price * (100 - percent), 100)
    return base_price(line, currency)


def extras(line: Mapping[str, Any], currency: str) -> int:
    """Sum of the configuration's extra prices in ``currency`` (already parsed: non-numeric is 0)."""
    key = f"extra_{_currency_key(currency)}"
    return sum(max(0, int(c.get(key) or 0)) for c in line.get("configuration") or [])


def line_total(line: Mapping[str, Any], currency: str) -> int:
    """(configuration extras + unit price) x count (docs/spec.md section 9)."""
    return (extras(line, currency) + unit_price(line, currency)) * int(line["count"])


def is_on_sale(line: Mapping[str, Any], currency: str) -> bool:
    """The line is priced below its regular price (sale price or recommendation discount)."""
    return unit_price(line, currency) < regular_price(line, currency)


def is_preorder(line: Mapping[str, Any]) -> bool:
    """docs/spec.md section 4: stock quantity at most 0 with backorders 'yes', or stock_status onbackorder,
    or a chosen configuration option flagged has_backorder."""
    stock = line["stock"]
    quantity = stock.get("stock_quantity")
    if quantity is not None and quantity <= 0 and stock.get("backorders") == "yes":
        return True
    if stock.get("stock_status") == "onbackorder":
        return True
    return any(c.get("has_backorder") for c in line.get("configuration") or [])


def stock_limit(stock: Mapping[str, Any]) -> int | None:
    """Units the stock allows in total, or None for no limit (docs/spec.md section 4 "Count limits").

    Managing stock with backorders 'yes' means no cap; managing stock otherwise caps at the
    stock quantity; an unmanaged product that is out of stock allows none.
    """
    if stock.get("manage_stock"):
        if stock.get("backorders") == "yes":
            return None
        return max(0, int(stock.get("stock_quantity") or 0))
    if stock.get("stock_status") == "outofstock":
        return 0
    return None


def count_of(lines: Iterable[Mapping[str, Any]], product_id: int) -> int:
    """Units of ``product_id`` (any variation or configuration) in the cart."""
    return sum(int(line["count"]) for line in lines if line["product_id"] == product_id)


def cap(line: Mapping[str, Any], lines: Sequence[Mapping[str, Any]], *, raising: bool = False) -> int:
    """The largest count ``line`` may have given the other lines (0..10).

    Stock is shared by the lines of the same product and variation: lines earlier in the
    cart keep theirs first (``normalize``). When the shopper raises a line (add +1,
    set_count), ``raising=True``: the units every other line holds stay theirs, so raising
    one line never lowers another. Product 31575 is capped at the count of 26907; a line
    bought on a recommendation, with its discount, at the recommender's count.
    """
    limit = MAX_COUNT
    stock = stock_limit(line["stock"])
    if stock is not None:
        held = 0
        for other in lines:
            if other["line_id"] == line["line_id"]:
                if raising:
                    continue
                break
            if other["product_id"] == line["product_id"] and other.get("variation_id") == line.get(
                "variation_id"
            ):
                held += int(other["count"])
        limit = min(limit, max(0, stock - held))
    if line["product_id"] == BUILDER_ADDON_ID:
        limit = min(limit, count_of(lines, BUILDER_PRODUCT_ID))
    if line.get("recommended_by") is not None and line.get("use_discount"):
        limit = min(limit, count_of(lines, int(line["recommended_by"])))
    return max(0, limit)


def normalize(lines: list[Line]) -> list[tuple[str, int]]:
    """Counts that break a cap after an action, clamped in cart order: ``[(line_id, new_count)]``.

    Applies the clamps to ``lines`` in place, so later lines see earlier lines' new counts,
    and repeats until no count changes (a clamp may lower the cap of an earlier line, e.g.
    a recommended line listed before its recommender 31575 when 26907 is reduced). Each
    clamped line appears once, with its final count, in the order it was first clamped.
    """
    changes: dict[str, int] = {}
    changed = True
    while changed:  # counts only go down, so this ends
        changed = False
        for line in lines:
            allowed = cap(line, lines)
            if line["count"] > allowed:
                line["count"] = allowed
                changes[line["line_id"]] = allowed
                changed = True
    return list(changes.items())


def currency_code(currency: str) -> CurrencyCode:
    """``currency`` ("EUR" or "USD", every country's currency: ``services/shared/money.Currency``)
    as the cart's answer types it; ValueError for any other (a catalogue error, never input)."""
    if currency not in ("EUR", "USD"):
        raise ValueError(f"a cart's currency is EUR or USD, not {currency!r}")
    return cast("CurrencyCode", currency)


def totals(lines: Sequence[Mapping[str, Any]], currency: str, tax_rate_bp: int = 0) -> Totals:
    """Cart totals in ``currency`` (minor units), prices including tax (docs/spec.md section 9).

    ``subtotal`` is what the shopper pays for the items; ``subtotal_regular`` the same at
    regular prices, shown (as the spec's subtotalSale pair) only when ``on_sale``;
    ``tax_included`` is the tax contained in ``total`` at ``tax_rate_bp`` (1900 = 19 %).
    """
    subtotal = sum(line_total(line, currency) for line in lines)
    subtotal_regular = sum(
        (extras(line, currency) + regular_price(line, currency)) * line["count"] for line in lines
    )
    return {
        "currency": currency_code(currency),
        "item_count": sum(int(line["count"]) for line in lines),
        "subtotal": subtotal,
        "subtotal_regular": subtotal_regular,
        "on_sale": any(is_on_sale(line, currency) and line["count"] > 0 for line in lines),
        "total": subtotal,
        "tax_included": included_tax(subtotal, tax_rate_bp),
        "preorder": any(is_preorder(line) for line in lines),
    }


def with_discount(base: Totals, discount: int, tax_rate_bp: int = 0) -> DiscountedTotals:
    """``totals`` after coupons: ``discount`` (minor units, at most ``subtotal``) is taken off
    ``total``, and ``tax_included`` is recomputed from that total. Prices include tax, so a
    discount lowers the tax contained in what is paid in the same proportion: the tax in the
    discounted total is ``total x rate / (1 + rate)``, rounded half up (as ``totals``)."""
    taken = max(0, min(discount, base["subtotal"]))
    total = base["subtotal"] - taken
    return {
        **base,
        "discount": taken,
        "total": total,
        "tax_included": included_tax(total, tax_rate_bp),
    }


def coupon_view(lines: Iterable[Mapping[str, Any]], currency: str) -> CartView:
    """The cart as the coupon rules see it (``services/discounts/domain.py``): the lines with a
    count above 0, with their totals in ``currency`` (minor units), sale flag and categories."""
    return CartView(
        currency=currency,
        lines=tuple(
            LineView(
                line_id=line["line_id"],
                product_id=int(line["product_id"]),
                variation_id=line.get("variation_id"),
                count=int(line["count"]),
                unit_price=extras(line, currency) + unit_price(line, currency),
                line_total=line_total(line, currency),
                category_ids=tuple(line.get("category_ids") or ()),
                on_sale=is_on_sale(line, currency),
                name=str(line.get("name") or ""),
            )
            for line in lines
            if int(line["count"]) > 0
        ),
    )
