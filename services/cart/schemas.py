"""Request and response models of the cart API (validated at the edge; prices never accepted)."""

from __future__ import annotations

from typing import Annotated, Literal, cast

from pydantic import AfterValidator, BaseModel, ConfigDict, Field

from services.cart.rules import PAYMENT_INTENTS
from services.cart.types import CartCommand, CartState
from services.shared.ids import MAX_ID

# A catalogue id: positive and no larger than the database's INTEGER (a larger one made the
# catalogue lookup fail with a 500 instead of a 422).
CatalogId = Annotated[int, Field(gt=0, le=MAX_ID)]
RecommendedBy = Annotated[int, Field(ge=-1, le=MAX_ID)]

LineId = Annotated[
    str, Field(pattern=r"^L[0-9]{1,9}$", description="A line id from the cart state, e.g. L3.")
]


class _Command(BaseModel):
    # Unknown fields are dropped, never trusted: a client-sent price is ignored (docs/events.md).
    model_config = ConfigDict(extra="ignore")


class AddItem(_Command):
    """Add one unit of a product (docs/spec.md section 4). ``configuration``: configurator choice keys
    "layer_id:choice_id". ``recommended_by``: the product whose recommendation this is (-1: none)."""

    type: Literal["add"]
    product_id: CatalogId
    variation_id: CatalogId | None = None
    configuration: list[Annotated[str, Field(max_length=130)]] | None = Field(default=None, max_length=30)
    recommended_by: RecommendedBy | None = None


class SetCount(_Command):
    """Set a line's count, 0 to 10 (docs/spec.md section 9); clamped to the line's cap (docs/spec.md section 4)."""

    type: Literal["set_count"]
    line_id: LineId
    count: int = Field(ge=0, le=10)


class RemoveItem(_Command):
    """Remove a line."""

    type: Literal["remove"]
    line_id: LineId


class SetCountry(_Command):
    """Set the shipping country (ISO code); it sets the currency and tax."""

    type: Literal["set_country"]
    country: str = Field(pattern=r"^[A-Za-z]{2}$")


PaymentIntent = Literal[PAYMENT_INTENTS]  # type: ignore[valid-type]


class SetPaymentIntent(_Command):
    """Record how the shopper means to pay: one of ``rules.PAYMENT_INTENTS`` (WooCommerce
    payment gateway ids: ``bacs``, ``cheque``, ``cod``, ``stripe``, ``paypal``). Anything else,
    free text included, is 422 ``invalid_request`` before anything is recorded: a closed set
    can never carry personal data into the event (docs/events.md, "What events never hold")."""

    type: Literal["set_payment_intent"]
    intent: PaymentIntent


class ClearCart(_Command):
    """Empty the cart."""

    type: Literal["clear"]


class CheckoutLine(BaseModel):
    """One line of the shopper's cart for the hand-off (no prices: they come from the catalogue)."""

    model_config = ConfigDict(extra="ignore")
    product_id: CatalogId
    variation_id: CatalogId | None = None
    count: int = Field(ge=0, le=10)
    configuration: list[Annotated[str, Field(max_length=130)]] | None = Field(default=None, max_length=30)
    recommended_by: RecommendedBy | None = None


class StartCheckout(_Command):
    """Record the checkout hand-off (docs/spec.md section 4 "Continue to checkout"). With ``lines`` (the
    shopper's cart) the cart is first made to match them in the same save: cleared, then each
    line with a count above 0 added under the add rules (coming_soon, no-SKU or unavailable
    items are left out; counts capped). Refused 409 ``cart_empty`` when no line has a count
    above 0."""

    type: Literal["start_checkout"]
    lines: list[CheckoutLine] | None = Field(default=None, max_length=100)


def _no_at_sign(code: str) -> str:
    """Our coupon codes never contain ``@``: a code that does is most likely an email address
    typed into the coupon field, and it would be echoed into a recorded refusal. Refused at the
    edge (422 ``invalid_request``) before anything is recorded (docs/events.md)."""
    if "@" in code:
        raise ValueError("a coupon code never contains '@' (is this an email address?)")
    return code


# One line, no surrounding spaces, no NUL (PostgreSQL cannot look up text holding one: a 500),
# no "@" (never part of a code; see _no_at_sign).
CouponCode = Annotated[
    str,
    Field(min_length=1, max_length=64, pattern=r"^[^\s\x00]([^\x00\n]*[^\s\x00])?$"),
    AfterValidator(_no_at_sign),
]


class ApplyCoupon(_Command):
    """Apply a coupon by its code (case-insensitive; docs/spec.md section 5). The cart checks only the rules that
    need no personal data; the email restriction and the per-user limit are checked at checkout
    (quote and place order) with the billing email (docs/events.md, "Coupons").

    An ``email`` field sent by an older storefront is ignored like any unknown field (it is
    dropped before the command is hashed or recorded): refusing it would fail commands already
    queued in browsers' outboxes, and the email rules still run at checkout, so ignoring it
    changes no outcome (docs/events.md, "What events never hold")."""

    type: Literal["apply_coupon"]
    code: CouponCode


class RemoveCoupon(_Command):
    """Remove an applied coupon (refused 409 ``coupon_not_applied`` when it is not applied)."""

    type: Literal["remove_coupon"]
    code: CouponCode


Command = Annotated[
    AddItem
    | SetCount
    | RemoveItem
    | SetCountry
    | SetPaymentIntent
    | ClearCart
    | StartCheckout
    | ApplyCoupon
    | RemoveCoupon,
    Field(discriminator="type"),
]


def command_dict(command: BaseModel) -> CartCommand:
    """The validated ``command`` as the plain dict the cart application takes (``model_dump``;
    ``services/cart/types.py`` gives each command model's dict its ``TypedDict``)."""
    # The models above and the TypedDicts describe the same JSON: pydantic has checked it.
    return cast("CartCommand", command.model_dump())


class StartCart(BaseModel):
    """Body of ``POST /api/cart``: an optional shipping country for the new cart."""

    model_config = ConfigDict(extra="forbid")
    country: str | None = Field(default=None, pattern=r"^[A-Za-z]{2}$")


class CartEnvelope(BaseModel):
    """A cart answer: ``token`` (the cart token when the server made it, else None), ``replayed``
    (true when an Idempotency-Key matched an earlier command and nothing new was recorded) and
    ``cart``, the state (``types.CartState``, money in minor units; docs/api.md "Cart").

    Documentation only (``services/shared/routing.documented``): the routes send the state as the application built it, never validated or filtered here."""

    token: str | None
    replayed: bool
    cart: CartState
