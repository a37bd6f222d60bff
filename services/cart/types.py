"""The shapes the cart passes around: lines, the cart state, commands (``TypedDict``s).

They are plain dicts at run time, so what is recorded in events and snapshots and answered as
JSON keeps exactly its documented shape (docs/events.md, docs/api.md "Cart"); the types only
let mypy check the keys and value types. Money is integer minor units (cents) of the currency
named next to it ("EUR" or "USD"); rates are hundredths of a percent (1900 = 19 %).
"""

from __future__ import annotations

from typing import Any, Literal, NotRequired

# pydantic reads these to document the cart's answer (``schemas.CartEnvelope``) and needs
# ``typing_extensions.TypedDict`` on Python 3.11 (the stdlib one before 3.12 lacks what it needs).
from typing_extensions import TypedDict

# The currencies a cart can be in (``services/shared/money.Currency``).
CurrencyCode = Literal["EUR", "USD"]


class LinePrice(TypedDict):
    """A line's price in one currency, minor units: ``sale`` None when not on sale."""

    regular: int
    sale: int | None


class LineStock(TypedDict):
    """The stock facts a decision used (``ProductFacts``): ``stock_status`` ("instock",
    "outofstock", "onbackorder"), ``stock_quantity`` (None: not tracked), ``manage_stock``,
    ``backorders`` ("no", "notify", "yes")."""

    stock_status: str
    stock_quantity: int | None
    manage_stock: bool
    backorders: str


class ChosenOption(TypedDict):
    """A configurator choice on a line: ``extra_eur``/``extra_usd`` in minor units (already
    parsed, docs/spec.md section 5); ``has_backorder`` makes the line a pre-order (docs/spec.md section 4).
    ``image``: the choice's picture for the configurator's ``use_in_cart`` angle (None when it
    has none), ``z``: its drawing order in the cart thumbnail (higher on top), ``sku_part``: its
    part of the compound SKU; the three are absent on lines recorded before the configurator
    model (docs/spec.md section 2.13)."""

    layer_id: str
    choice_id: str
    name: str
    layer_name: str
    extra_eur: int
    extra_usd: int
    has_backorder: bool
    image: NotRequired[str | None]
    z: NotRequired[int]
    sku_part: NotRequired[str]


class ConfigurationMeta(TypedDict):
    """What a configured line was built from (docs/spec.md section 2.13): the configurator
    ``version``, the build's content ``hash`` (its share address) and the compound ``skus`` (the
    product's SKU, then each choice's SKU part)."""

    version: int
    hash: str
    skus: list[str]


class CartLine(TypedDict):
    """A cart line as ``ItemAdded`` records it (docs/events.md; rules in ``rules.py``).

    ``eur``/``usd``: the resolved prices in both currencies (minor units); ``configuration``:
    chosen configurator options or None; ``recommended_by``: the recommending product id or None;
    ``use_discount``/``discount_percent`` (0..100): the recommendation discount;
    ``recommended_eur``/``recommended_usd``: the fixed recommended price (minor units) or None;
    ``category_ids``: absent on lines recorded before coupons existed (they match no category);
    ``configuration_meta``: on configured lines validated by the configurator model.
    """

    line_id: str
    product_id: int
    variation_id: int | None
    sku: str | None
    name: str
    image: str | None
    variation_label: str
    count: int
    eur: LinePrice
    usd: LinePrice
    configuration: list[ChosenOption] | None
    recommended_by: int | None
    use_discount: bool
    discount_percent: int
    recommended_eur: int | None
    recommended_usd: int | None
    stock: LineStock
    category_ids: NotRequired[list[int]]
    configuration_meta: NotRequired[ConfigurationMeta]


class ShownLine(CartLine):
    """A line as the shopper sees it (``application.line_view``): the recorded line plus, in
    minor units of the cart's currency, ``unit_price`` (before extras), ``regular_price``,
    ``extras`` (configuration), ``line_total``; ``on_sale``, ``preorder``, and ``cap`` (the
    most ``set_count`` would give it, 0..10)."""

    unit_price: int
    regular_price: int
    extras: int
    line_total: int
    on_sale: bool
    preorder: bool
    cap: int


class Totals(TypedDict):
    """``rules.totals``: in minor units of ``currency``, prices including tax (docs/spec.md section 9).
    ``subtotal_regular`` is the subtotal at regular prices; ``tax_included`` the tax contained
    in ``total``; ``preorder``: some line is a pre-order."""

    currency: CurrencyCode
    item_count: int
    subtotal: int
    subtotal_regular: int
    on_sale: bool
    total: int
    tax_included: int
    preorder: bool


class DiscountedTotals(Totals):
    """``rules.with_discount`` / ``Cart.totals``: ``Totals`` after coupons, ``discount`` (minor
    units, at most ``subtotal``) taken off ``total`` and ``tax_included`` recomputed."""

    discount: int


class CouponLine(TypedDict):
    """An applied coupon as the shopper sees it (``Cart.coupon_lines``): ``amount`` in
    hundredths of a percent for ``percent``, else minor units of the cart's currency;
    ``discount``: minor units taken off."""

    code: str
    discount_type: str
    amount: int
    discount: int
    free_shipping: bool


class CountryView(TypedDict):
    """The cart's shipping country: ISO ``code``, ``name`` and its ``currency``."""

    code: str
    name: str
    currency: CurrencyCode


class TaxView(TypedDict):
    """The tax shown: ``name`` ("VAT") and ``rate_bp`` (1900 = 19 %)."""

    name: str
    rate_bp: int


class CartState(TypedDict):
    """The cart as JSON (``application.cart_state``; docs/api.md "Cart"): ``version`` (number of
    events), ``intent`` (one of ``rules.PAYMENT_INTENTS`` or None), ``next_line`` (the number
    of the next line id), ``orders`` (order ids placed from this cart, oldest first), ``lines``,
    ``coupons`` and ``totals`` in minor units of ``currency``."""

    cart_id: str
    version: int
    country: CountryView
    currency: CurrencyCode
    tax: TaxView
    intent: str | None
    next_line: int
    checkout_started: bool
    orders: list[str]
    lines: list[ShownLine]
    coupons: list[CouponLine]
    totals: DiscountedTotals


class CommandContext(TypedDict):
    """What every recorded event carries about its command: ``command_id`` (the client's
    Idempotency-Key, or None) and ``request_hash`` (SHA-256 of the command body)."""

    command_id: str | None
    request_hash: str


class Refused(TypedDict):
    """A refusal the cart remembers for a resend: ``code``, ``message`` (what the shopper was
    told, no personal data), ``status`` (409 or 422)."""

    code: str
    message: str
    status: int


class Answered(TypedDict):
    """What the cart answered to a command (``Cart.processed``, kept in snapshots): the
    ``hash`` of its body, the cart ``version`` after it, and the ``refused`` refusal or None."""

    hash: str
    version: int
    refused: Refused | None


# ---- commands (the JSON bodies ``schemas.py`` validates, as ``model_dump()`` gives them) ----------
# Fields with a default in the schema are NotRequired: in-process callers may leave them out.


class AddCommand(TypedDict):
    """Add one unit: ``configuration`` holds "layer_id:choice_id" keys; ``recommended_by`` the
    recommending product (-1 or None: none)."""

    type: Literal["add"]
    product_id: int
    variation_id: NotRequired[int | None]
    configuration: NotRequired[list[str] | None]
    recommended_by: NotRequired[int | None]


class SetCountCommand(TypedDict):
    """Set a line's count (0..10)."""

    type: Literal["set_count"]
    line_id: str
    count: int


class RemoveCommand(TypedDict):
    """Remove a line."""

    type: Literal["remove"]
    line_id: str


class SetCountryCommand(TypedDict):
    """Set the shipping country (ISO code)."""

    type: Literal["set_country"]
    country: str


class SetPaymentIntentCommand(TypedDict):
    """Record how the shopper means to pay (one of ``rules.PAYMENT_INTENTS``)."""

    type: Literal["set_payment_intent"]
    intent: str


class ClearCommand(TypedDict):
    """Empty the cart."""

    type: Literal["clear"]


class CheckoutLineCommand(TypedDict):
    """One line of the shopper's cart for the hand-off (no prices)."""

    product_id: int
    count: int
    variation_id: NotRequired[int | None]
    configuration: NotRequired[list[str] | None]
    recommended_by: NotRequired[int | None]


class StartCheckoutCommand(TypedDict):
    """The checkout hand-off, optionally making the cart match ``lines`` first."""

    type: Literal["start_checkout"]
    lines: NotRequired[list[CheckoutLineCommand] | None]


class ApplyCouponCommand(TypedDict):
    """Apply a coupon by its code."""

    type: Literal["apply_coupon"]
    code: str


class RemoveCouponCommand(TypedDict):
    """Remove an applied coupon."""

    type: Literal["remove_coupon"]
    code: str


class RecordOrderCommand(TypedDict):
    """Internal (``CartApplication.record_order``; not in the HTTP schema): the cart became
    order ``order_id`` of ``total`` minor units of ``currency``."""

    type: Literal["record_order"]
    order_id: str
    total: int
    currency: str


CartCommand = (
    AddCommand
    | SetCountCommand
    | RemoveCommand
    | SetCountryCommand
    | SetPaymentIntentCommand
    | ClearCommand
    | StartCheckoutCommand
    | ApplyCouponCommand
    | RemoveCouponCommand
    | RecordOrderCommand
)

# A coupon as ``CouponFacts.to_record()`` records it (docs/events.md, ``CouponApplied``).
CouponRecord = dict[str, Any]

__all__ = [
    "AddCommand",
    "Answered",
    "ApplyCouponCommand",
    "CartCommand",
    "CartLine",
    "CartState",
    "CheckoutLineCommand",
    "ChosenOption",
    "ClearCommand",
    "CommandContext",
    "CountryView",
    "CouponLine",
    "CouponRecord",
    "CurrencyCode",
    "DiscountedTotals",
    "LinePrice",
    "LineStock",
    "RecordOrderCommand",
    "Refused",
    "RemoveCommand",
    "RemoveCouponCommand",
    "SetCountCommand",
    "SetCountryCommand",
    "SetPaymentIntentCommand",
    "ShownLine",
    "StartCheckoutCommand",
    "TaxView",
    "Totals",
]
