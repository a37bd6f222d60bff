"""Pricing an order from the cart's lines and live catalogue facts (docs/checkout.md). Pure: no SQL.

Every line is re-checked against the catalogue as it is now (published, purchasable, the
a configured line's build still valid with the product's configurator, enough stock) and re-priced with the
live prices through the cart's own rules (``services/cart/rules.py``: sale price, USD minimum,
recommendation discount, configuration extras), so checkout and cart price the same way.
Totals: ``subtotal`` (lines) - ``discount`` (coupons) + ``shipping`` = ``total``; prices
include tax, and ``tax`` is the tax contained in the total, shipping included, at the
destination's rate, rounded half up. Money: integer minor units of ``currency``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from services.cart import rules
from services.checkout.errors import CheckoutConflict
from services.configurator import domain as configurator_domain
from services.configurator.domain import Configurator
from services.shared.money import included_tax

NEVER_SOLD = ("grouped", "external")  # product types checkout never prices (docs/spec.md section 10.1)


@dataclass(frozen=True)
class LiveProduct:
    """A product (or its variation) as the catalogue has it now. ``published`` False when it
    (or the variation) is gone. Prices in minor units; ``*_sale`` None when not on sale."""

    product_id: int
    variation_id: int | None
    published: bool
    name: str
    sku: str | None
    availability: str | None
    regular_eur: int
    sale_eur: int | None
    regular_usd: int
    sale_usd: int | None
    stock_status: str
    stock_quantity: int | None
    manage_stock: bool
    backorders: str
    category_ids: tuple[int, ...] = ()
    # the product's configurator now (docs/spec.md section 2.13): a line's build is validated
    # and its extras priced with it; a configured line of a product without one is unavailable
    configurator: Configurator | None = None
    # "simple", "variable", "grouped" or "external": grouped and external products are never
    # sold here (docs/spec.md sections 10.1 and 10.2); ``virtual``: needs no shipping (10.3)
    product_type: str = "simple"
    virtual: bool = False

    @property
    def stock(self) -> dict[str, Any]:
        """The stock fields in the cart rules' shape."""
        return {
            "stock_status": self.stock_status,
            "stock_quantity": self.stock_quantity,
            "manage_stock": self.manage_stock,
            "backorders": self.backorders,
        }


@dataclass(frozen=True)
class PricedLine:
    """A line ready to be ordered: ``unit_price`` (with configuration extras) x ``count`` =
    ``subtotal``; ``line`` is the re-priced line in the cart rules' shape."""

    line_id: str
    product_id: int
    variation_id: int | None
    sku: str
    name: str
    variation_label: str
    count: int
    unit_price: int
    subtotal: int
    on_sale: bool
    category_ids: tuple[int, ...]
    configuration: list[dict[str, Any]] | None
    line: dict[str, Any]


@dataclass(frozen=True)
class CouponResult:
    """What coupons take off: ``per_line`` {line_id: minor units}, ``per_coupon`` [(code,
    minor units)] in application order, ``free_shipping``."""

    per_line: Mapping[str, int] = field(default_factory=dict)
    per_coupon: Sequence[tuple[str, int]] = ()
    free_shipping: bool = False

    @property
    def total(self) -> int:
        """The whole discount (minor units)."""
        return sum(self.per_line.values())


@dataclass(frozen=True)
class Totals:
    """An order's figures in minor units of ``currency`` (see the module docstring)."""

    currency: str
    subtotal: int
    discount: int
    shipping: int
    tax: int
    total: int
    tax_rate_bp: int


def price_lines(
    cart_lines: Sequence[Mapping[str, Any]],
    live: Mapping[tuple[int, int | None], LiveProduct | None],
    currency: str,
) -> list[PricedLine]:
    """Re-check and re-price the cart's lines with a count above 0, in cart order.

    ``live`` maps ``(product_id, variation_id)`` to the facts read now (None: not found).
    Raises ``CheckoutConflict`` 409: ``cart_empty`` (no line above 0), ``product_unavailable``
    (unpublished, no SKU, coming soon, grouped or external, a build the configurator no longer accepts, a configured line of a product without a configurator), ``out_of_stock`` (an option
    or the product, counting every line of the same product and variation)."""
    lines = [line for line in cart_lines if int(line.get("count") or 0) > 0]
    if not lines:
        raise CheckoutConflict("cart_empty", "Your cart is empty.")
    priced = [_price_line(line, live.get(_key(line)), currency) for line in lines]
    _check_stock(priced, live)
    return priced


def stock_needs(lines: Sequence[PricedLine]) -> dict[tuple[int, int | None], int]:
    """Units to take from stock per ``(product_id, variation_id)``, in a stable (sorted) order,
    so concurrent orders lock rows in the same order (no deadlocks)."""
    needs: dict[tuple[int, int | None], int] = {}
    for line in lines:
        key = (line.product_id, line.variation_id)
        needs[key] = needs.get(key, 0) + line.count
    return dict(sorted(needs.items(), key=lambda kv: (kv[0][0], kv[0][1] or 0)))


def totals(
    lines: Sequence[PricedLine], coupons: CouponResult, shipping: int, currency: str, tax_rate_bp: int
) -> Totals:
    """The order's figures: ``subtotal`` - ``discount`` + ``shipping`` = ``total`` (never below
    0); ``tax`` included in ``total`` (shipping included) at ``tax_rate_bp``."""
    subtotal = sum(line.subtotal for line in lines)
    discount = min(subtotal, coupons.total)
    total = max(0, subtotal - discount + shipping)
    return Totals(
        currency=currency,
        subtotal=subtotal,
        discount=discount,
        shipping=shipping,
        tax=included_tax(total, tax_rate_bp),
        total=total,
        tax_rate_bp=tax_rate_bp,
    )


def _key(line: Mapping[str, Any]) -> tuple[int, int | None]:
    variation = line.get("variation_id")
    return int(line["product_id"]), int(variation) if variation is not None else None


def _unavailable(name: str) -> CheckoutConflict:
    return CheckoutConflict(
        "product_unavailable", f"{name} is no longer available. Please remove it from your cart."
    )


def _configured(
    line: Mapping[str, Any], facts: LiveProduct, configurator: Configurator
) -> list[dict[str, Any]]:
    """The line's build checked against the configurator as it is now (docs/spec.md section
    2.13) and re-priced: a choice out of stock or coming soon is 409 ``out_of_stock`` with the
    spec's message; any other problem (a choice removed, a rule or required layer added since)
    409 ``product_unavailable``. The recorded options keep what the cart showed (image, order)
    with today's extras."""
    recorded = list(line.get("configuration") or [])
    keys = [f"{c['layer_id']}:{c['choice_id']}" for c in recorded]
    verdict = configurator_domain.validate(configurator, keys)
    if verdict.problems:
        first = verdict.problems[0]
        if first.code == "configuration_unavailable":
            raise CheckoutConflict("out_of_stock", first.message)
        raise CheckoutConflict(
            "product_unavailable",
            f"Your {facts.name} build needs a change: {first.message.rstrip('.')}. Please configure it again.",
        )
    by_key = {f"{c['layer_id']}:{c['choice_id']}": c for c in recorded}
    return [
        {
            **by_key.get(c.key, {}),
            "layer_id": c.layer_id,
            "choice_id": c.id,
            "name": c.name,
            "extra_eur": max(0, c.extra_eur),
            "extra_usd": max(0, c.extra_usd),
            "has_backorder": c.preorder,
        }
        for c in verdict.chosen
    ]


def _price_line(line: Mapping[str, Any], facts: LiveProduct | None, currency: str) -> PricedLine:
    name = str(line.get("name") or f"Product {line['product_id']}")
    if facts is None or not facts.published or not facts.sku or facts.availability == "coming_soon":
        raise _unavailable(name)
    if facts.product_type in NEVER_SOLD:  # docs/spec.md sections 10.1 and 10.2: never priced
        raise _unavailable(name)
    configuration = None
    if facts.configurator is not None:
        configuration = _configured(line, facts, facts.configurator)
    elif line.get("configuration"):
        raise CheckoutConflict(
            "product_unavailable",
            f"{facts.name} can no longer be configured. Please remove it from your cart.",
        )
    repriced = {
        **line,
        "name": facts.name,
        "sku": facts.sku,
        "eur": {"regular": facts.regular_eur, "sale": facts.sale_eur},
        "usd": {"regular": facts.regular_usd, "sale": facts.sale_usd},
        "configuration": configuration,
        "stock": facts.stock,
        "category_ids": list(facts.category_ids),
    }
    count = int(line["count"])
    unit = rules.unit_price(repriced, currency) + rules.extras(repriced, currency)
    return PricedLine(
        line_id=str(line.get("line_id") or ""),
        product_id=facts.product_id,
        variation_id=facts.variation_id,
        sku=facts.sku,
        name=facts.name,
        variation_label=str(line.get("variation_label") or ""),
        count=count,
        unit_price=unit,
        subtotal=unit * count,
        on_sale=rules.is_on_sale(repriced, currency),
        category_ids=facts.category_ids,
        configuration=configuration,
        line=repriced,
    )


def _check_stock(
    lines: Sequence[PricedLine], live: Mapping[tuple[int, int | None], LiveProduct | None]
) -> None:
    for key, needed in stock_needs(lines).items():
        facts = live[key]
        assert facts is not None  # _price_line refused missing products
        limit = rules.stock_limit(facts.stock)
        if limit is not None and needed > limit:
            raise out_of_stock(facts.name, limit)


def out_of_stock(name: str, available: int) -> CheckoutConflict:
    """409 ``out_of_stock`` naming the product and how many are left (WooCommerce wording)."""
    if available <= 0:
        return CheckoutConflict(
            "out_of_stock", f"Sorry, {name} is out of stock. Please remove it from your cart."
        )
    return CheckoutConflict(
        "out_of_stock",
        f"Sorry, we do not have enough {name} in stock to fulfil your order ({available} available). "
        "Please edit your cart.",
    )
