"""Checkout request bodies: the quote request and the checkout form with its server-side
validation (every field, clear messages; docs/checkout.md).

``parse_form(data)`` returns a :class:`CheckoutForm` or raises ``InvalidCheckout`` with one
message per bad field (``{"email": "Please enter a valid email address.", ...}``). Pure: no
SQL. Whether we ship to ``country``, offer ``shipping_method`` there and accept
``payment_method`` is decided by the application with the shop's data (same error shape).
Text is trimmed; control characters are refused. The email is checked with the
``email-validator`` library (syntax only: no DNS lookups at checkout).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from services.cart.types import ChosenOption
from services.checkout.errors import InvalidCheckout
from services.shared.text import valid_email, validated_body

TERMS_MESSAGE = "Please read and accept the terms and conditions to proceed with your order."
EMAIL_MESSAGE = "Please enter a valid email address."

# Per field: the message when it is missing or not text (its other messages are in validators).
REQUIRED: dict[str, str] = {
    "email": EMAIL_MESSAGE,
    "first_name": "First name is required.",
    "last_name": "Last name is required.",
    "address_1": "Street address is required.",
    "city": "Town / City is required.",
    "postcode": "Postcode / ZIP is required.",
    "country": "Please choose a country.",
    "shipping_method": "Please choose a shipping method.",
    "payment_method": "Please choose a payment method.",
    "terms_accepted": TERMS_MESSAGE,
}
OPTIONAL_INVALID: dict[str, str] = {
    "company": "Company name must be text of at most 100 characters.",
    "address_2": "Apartment, suite, unit etc. must be text of at most 200 characters.",
    "state": "State / County must be text of at most 100 characters.",
    "phone": "Please enter a valid phone number.",
    "customer_note": "Order notes must be text of at most 1000 characters.",
    "expected_total": "expected_total must be a whole number of minor units (cents).",
}
MAX_LENGTH = {
    "first_name": 100,
    "last_name": 100,
    "company": 100,
    "address_1": 200,
    "address_2": 200,
    "city": 100,
    "state": 100,
    "customer_note": 1000,
}
CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
PHONE = re.compile(r"^\+?[0-9 ()./-]{4,40}$")
# Postcode formats we know (anything else: 2-12 letters, digits, spaces, dashes).
POSTCODES: dict[str, tuple[re.Pattern[str], str]] = {
    "DE": (re.compile(r"^[0-9]{5}$"), "five digits"),
    "AT": (re.compile(r"^[0-9]{4}$"), "four digits"),
    "NL": (re.compile(r"^[0-9]{4} ?[A-Z]{2}$"), "like 1234 AB"),
    "US": (re.compile(r"^[0-9]{5}(-[0-9]{4})?$"), "like 12345 or 12345-6789"),
    "GB": (re.compile(r"^[A-Z]{1,2}[0-9][A-Z0-9]? ?[0-9][A-Z]{2}$"), "like SW1A 1AA"),
}
GENERIC_POSTCODE = re.compile(r"^[A-Z0-9][A-Z0-9 -]{1,11}$")
US_STATE = re.compile(r"^[A-Z]{2}$")


class QuoteRequest(BaseModel):
    """Body of ``POST /api/checkout/quote``: the destination ``country`` (ISO code), an optional
    ``shipping_method`` id (default: the first offered) and ``email`` (checks coupons' email
    restrictions and per-user limits)."""

    model_config = ConfigDict(extra="ignore")
    country: str = Field(pattern=r"^[A-Za-z]{2}$")
    shipping_method: str | None = Field(default=None, min_length=1, max_length=64)
    email: str | None = Field(default=None, max_length=320)


class CheckoutForm(BaseModel):
    """The shopper's checkout form (the ``POST /api/checkout/orders`` body), validated.

    Address fields follow WooCommerce's billing names. ``country`` is an upper-case ISO code;
    ``postcode`` upper-case; ``email`` normalised by email-validator. ``expected_total``
    (optional, minor units) is the total the shopper was shown: when given and the server's
    total differs, the order is refused 409 ``price_changed`` (never trusted as a price).
    """

    model_config = ConfigDict(extra="ignore", str_strip_whitespace=True)

    email: str
    first_name: str = Field(min_length=1)
    last_name: str = Field(min_length=1)
    company: str = ""
    address_1: str = Field(min_length=1)
    address_2: str = ""
    city: str = Field(min_length=1)
    country: str  # before postcode and state: their checks depend on it
    postcode: str = Field(min_length=1)
    state: str = ""
    phone: str = ""
    shipping_method: str = Field(min_length=1, max_length=64)
    payment_method: str = Field(min_length=1, max_length=32)
    terms_accepted: bool = Field(strict=True)
    customer_note: str = ""
    expected_total: int | None = Field(default=None, ge=0, strict=True)

    @field_validator(
        "first_name", "last_name", "company", "address_1", "address_2", "city", "state", "customer_note"
    )
    @classmethod
    def _text(cls, value: str, info: Any) -> str:
        limit = MAX_LENGTH[info.field_name]
        if CONTROL.search(value):
            raise ValueError(f"{_label(info.field_name)} contains characters we cannot print.")
        if len(value) > limit:
            raise ValueError(f"{_label(info.field_name)} must be at most {limit} characters.")
        return value

    @field_validator("email")
    @classmethod
    def _email(cls, value: str) -> str:
        email = valid_email(value)
        if email is None:
            raise ValueError(EMAIL_MESSAGE)
        return email

    @field_validator("country")
    @classmethod
    def _country(cls, value: str) -> str:
        if not re.fullmatch(r"[A-Za-z]{2}", value):
            raise ValueError("Please choose a country.")
        return value.upper()

    @field_validator("phone")
    @classmethod
    def _phone(cls, value: str) -> str:
        if value and not PHONE.match(value):
            raise ValueError(OPTIONAL_INVALID["phone"])
        return value

    @field_validator("terms_accepted")
    @classmethod
    def _terms(cls, value: bool) -> bool:
        if value is not True:
            raise ValueError(TERMS_MESSAGE)
        return value

    @field_validator("postcode")
    @classmethod
    def _postcode(cls, value: str, info: Any) -> str:
        if not value:  # only a form without shipping (``NoShippingForm``) gets here empty
            return value
        value = re.sub(r"\s+", " ", value.upper())
        known = POSTCODES.get(info.data.get("country") or "")
        if known is not None and not known[0].match(value):
            raise ValueError(f"Please enter a valid postcode / ZIP ({known[1]}).")
        if known is None and not GENERIC_POSTCODE.match(value):
            raise ValueError("Please enter a valid postcode / ZIP.")
        return value

    @field_validator("state")
    @classmethod
    def _state(cls, value: str, info: Any) -> str:
        if info.data.get("country") == "US":
            value = value.upper()
            if not US_STATE.match(value):
                raise ValueError("Please enter the two-letter state code (e.g. CA).")
        return value


class NoShippingForm(CheckoutForm):
    """The checkout form of a cart whose every line is virtual (docs/spec.md section 10.3):
    billing details only. Street, town, postcode and shipping method may be left out (""),
    and are still checked when given; name, email, country (the billing country, which
    decides the tax rate), payment method and terms stay required."""

    address_1: str = ""
    city: str = ""
    postcode: str = ""
    shipping_method: str = Field(default="", max_length=64)


# the fields only a cart that ships requires (``NoShippingForm`` lets them be empty)
SHIPPING_FIELDS = ("address_1", "city", "postcode", "shipping_method")


def missing_shipping_fields(form: CheckoutForm) -> dict[str, str]:
    """``{field: message}`` for each of :data:`SHIPPING_FIELDS` left empty: what a cart that
    needs shipping lacks when the form was validated as a :class:`NoShippingForm`."""
    return {name: REQUIRED[name] for name in SHIPPING_FIELDS if not getattr(form, name)}


def _label(field: str) -> str:
    return {
        "first_name": "First name",
        "last_name": "Last name",
        "company": "Company name",
        "address_1": "Street address",
        "address_2": "Apartment, suite, unit etc.",
        "city": "Town / City",
        "state": "State / County",
        "customer_note": "Order notes",
    }.get(field, field)


def parse_form(data: Any, *, needs_shipping: bool = True) -> CheckoutForm:
    """Validate the raw JSON body. Raises ``InvalidCheckout`` (422) with ``fields`` mapping every
    bad field to its message; a body that is not an object is reported on ``form``. Without
    ``needs_shipping`` (every cart line virtual) the body is a :class:`NoShippingForm`."""
    if not isinstance(data, dict):
        raise InvalidCheckout({"form": "The checkout form must be a JSON object."})
    shape = CheckoutForm if needs_shipping else NoShippingForm
    return validated_body(shape, data, InvalidCheckout, _message)


def _message(name: str, error: Mapping[str, Any]) -> str:
    """Checkout's wording for a refused field that no validator worded (``field_messages``)."""
    if name in REQUIRED:
        return _required_or_long(name, error)
    return OPTIONAL_INVALID.get(name) or _required_or_long(name, error)


def _required_or_long(name: str, error: Any) -> str:
    if error.get("type") == "string_too_long":
        limit = (error.get("ctx") or {}).get("max_length")
        return f"{_label(name)} must be at most {limit} characters."
    return REQUIRED.get(name, f"{name} is not valid.")


# ---- answers (documentation only: ``services/shared/routing.documented``) --------------------------
# The checkout routes are database routes with no response model: they send the JSON the
# service built, and these models state its shape in the OpenAPI document (the storefront's
# types are generated from it; docs/api.md, "OpenAPI"). ``tests/checkout/test_response_shapes.py``
# checks real answers against them strictly. Money: integer minor units of ``currency``.

Currency = Literal["EUR", "USD"]


class _Out(BaseModel):
    model_config = ConfigDict(extra="forbid")


class ShippingMethodOut(_Out):
    """A flat rate of the destination's shipping zone (``service.method_json``): ``cost`` (for
    this order in a quote, else the flat cost), free when the items total after discounts
    reaches ``free_over`` (None: never)."""

    id: str
    title: str
    cost: int
    currency: Currency
    free_over: int | None


class ShippingPromiseOut(_Out):
    """``GET /api/checkout/shipping-promise`` (``service.shipping_promise``): the storefront's
    shipping promise for ``country`` in its ``currency`` (minor units). ``free_over``: the
    lowest items total (after discounts, inclusive) from which some method is free, None when
    none ever is; ``cost_from``: the cheapest flat cost, None when ``ships`` is False."""

    country: str
    country_name: str
    currency: Currency
    ships: bool
    free_over: int | None
    cost_from: int | None


class PaymentMethodOut(_Out):
    """An enabled payment method: its WooCommerce gateway ``id`` ("bacs") and ``title``."""

    id: str
    title: str


class QuoteLineOut(_Out):
    """A priced cart line: ``unit_price`` (configuration extras included), ``line_total``
    (unit_price x count, before coupons) and ``discount`` (what coupons take off the line)."""

    line_id: str
    product_id: int
    variation_id: int | None
    sku: str | None
    name: str
    count: int
    unit_price: int
    line_total: int
    discount: int


class CouponDiscountOut(_Out):
    """An applied coupon and what it takes off."""

    code: str
    discount: int


class CouponRefusalOut(_Out):
    """An applied coupon that does not apply to this order: the ``refusal`` code and the
    shopper's ``message`` (docs/checkout.md)."""

    code: str
    refusal: str
    message: str


class FiguresOut(_Out):
    """The money figures a quote and an order share, in minor units of the answer's
    ``currency``: ``subtotal`` (lines, tax included), ``discount`` (coupons), ``shipping``,
    ``total``; ``tax`` is the tax contained in ``total`` at ``tax_rate_bp`` (1900 = 19 %)."""

    subtotal: int
    discount: int
    shipping: int
    tax: int
    tax_name: str
    tax_rate_bp: int
    total: int


class QuoteOut(FiguresOut):
    """``POST /api/checkout/quote`` (``service.quote_json``): the cart priced for ``country``
    with ``shipping_method``; ``tax`` is the tax contained in ``total`` at ``tax_rate_bp``
    (1900 = 19 %)."""

    currency: Currency
    country: str
    # False when every line is virtual: no address or method needed, shipping 0 and
    # ``shipping_method`` "" (docs/spec.md section 10.3)
    needs_shipping: bool
    shipping_method: str
    shipping_methods: list[ShippingMethodOut]
    payment_methods: list[PaymentMethodOut]
    lines: list[QuoteLineOut]
    coupons: list[CouponDiscountOut]
    coupon_refusals: list[CouponRefusalOut]


class AddressOut(_Out):
    """A shipping address (WooCommerce names; blank after erasure)."""

    first_name: str
    last_name: str
    company: str
    address_1: str
    address_2: str
    city: str
    postcode: str
    state: str
    country: str
    country_name: str = Field(description="The country's name (countries table); the code when it has none.")


class BillingOut(AddressOut):
    """The billing address with the buyer's ``email`` and ``phone``."""

    email: str
    phone: str


class OrderLineOut(_Out):
    """An order line (``serializers.line_json``): ``line_total`` = unit_price x count (before
    coupons), ``discount`` what coupons took off it, ``total`` what it costs after them;
    ``configuration``: the chosen configurator options as the cart recorded them; ``preorder``:
    the line was a pre-order when ordered (docs/spec.md section 4)."""

    sku: str | None
    name: str
    product_id: int
    variation_id: int | None
    variation_label: str
    count: int
    unit_price: int
    line_total: int
    discount: int
    total: int
    configuration: list[ChosenOption] | None
    preorder: bool = False


class ShipmentOut(_Out):
    """A parcel sent for the order: ``carrier`` ("DHL"), its ``tracking_number`` and
    ``shipped_at`` (ISO 8601 UTC)."""

    carrier: str
    tracking_number: str
    shipped_at: str


class OrderRefundOut(_Out):
    """A refund the buyer was given: ``amount`` in minor units of the order's currency, the
    ``reason`` staff gave ("" when none, or once erased) and ``refunded_at`` (ISO 8601 UTC)."""

    amount: int
    reason: str
    refunded_at: str


class PaymentInstructionsOut(_Out):
    """How to pay while the order awaits payment (bank transfer: the shop's account and the
    ``reference`` to use; ``amount`` in minor units of ``currency``)."""

    text: str
    account_name: str
    iban: str
    bic: str
    bank_name: str
    reference: str
    amount: int
    currency: Currency


class OrderOut(FiguresOut):
    """``GET /api/wc/orders/{id}`` (``serializers.order_json``; docs/spec.md section 7): ``date_created``
    ISO 8601 UTC; ``billing`` and ``shipping_address`` blank and ``personal_data_erased`` true
    after erasure; ``payment_instructions`` while the order awaits payment, else None;
    ``support_reference`` the support reference of the order's cart ("K7F-3QX", what a shopper
    reads out to support; docs/spec.md section 2.14); ``status_label`` the status as the shopper
    reads it ("On hold", "Processing", ...), ``preorder`` whether any line was a pre-order when
    ordered, ``shipments`` the parcels sent, oldest first (docs/spec.md section 2.12);
    ``refunds`` the refunds given, oldest first, and ``refunded`` their sum in minor units of
    ``currency`` (docs/spec.md section 4.1)."""

    id: int
    number: str
    date_created: str
    status: str
    status_label: str
    preorder: bool = False
    currency: Currency
    payment_method: str
    payment_method_title: str
    shipping_method: str
    shipping_method_title: str
    coupons: list[CouponDiscountOut]
    lines: list[OrderLineOut]
    billing: BillingOut
    shipping_address: AddressOut
    customer_note: str
    personal_data_erased: bool
    payment_instructions: PaymentInstructionsOut | None
    support_reference: str | None
    shipments: list[ShipmentOut] = Field(default_factory=list)
    refunds: list[OrderRefundOut] = Field(default_factory=list)
    refunded: int = 0


class PlacedOrderOut(OrderOut):
    """The order as placing it answers it: the order plus its ``order_key`` (answered once)."""

    order_key: str


class OrderPlacedOut(_Out):
    """``POST /api/checkout/orders``: the ``order``, its ``order_key`` (reads the order at
    ``GET /api/wc/orders/{id}`` sent as the ``X-Order-Key`` header) and ``redirect_url`` (a
    hosted payment page, or None)."""

    order: PlacedOrderOut
    order_key: str
    redirect_url: str | None
