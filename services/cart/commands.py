"""The cart decider's vocabulary (``services/cart/decider.py``): commands, facts, refusals.

Commands are small frozen values, one per thing the ``Cart`` aggregate does (docs/events.md);
each carries the client's ``command_id`` (Idempotency-Key) and ``request_hash``, which every
event it causes records. :class:`Facts` is what ``decide`` knows besides the cart: catalogue facts
read before deciding and the time, so ``decide`` stays pure. Money in integer minor units.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import NoReturn

from services.cart.evolve import Event
from services.cart.facts import CountryFacts, ProductFacts
from services.discounts.domain import CouponFacts


@dataclass(frozen=True, kw_only=True)
class Command:
    """Base of every cart command: ``command_id`` is the client's Idempotency-Key (or None),
    ``request_hash`` the SHA-256 of its body; every event the command causes carries both."""

    command_id: str | None = None
    request_hash: str = ""


@dataclass(frozen=True)
class AddItem(Command):
    """Add one unit of a product (docs/spec.md 4); ``configuration`` lists ``"layer:choice"``
    keys of a build (docs/spec.md 2.13); ``recommended_by`` the recommending product or None.
    Facts: ``product`` (None: 422 ``product_unavailable``) and ``recommender``."""

    product_id: int
    variation_id: int | None = None
    configuration: tuple[str, ...] | None = None
    recommended_by: int | None = None


@dataclass(frozen=True)
class SetCount(Command):
    """Set a line's count, 0..10 (docs/spec.md 9); facts: ``product``, the line's product's
    fresh facts, or None to keep the stock the line recorded."""

    line_id: str
    count: int


@dataclass(frozen=True)
class RemoveItem(Command):
    """Remove a line (docs/spec.md 4)."""

    line_id: str


@dataclass(frozen=True)
class ChangeCountry(Command):
    """Ship to ``country`` (ISO code), which sets currency and tax (docs/spec.md 4, 9); facts:
    ``country`` (None: 422 ``unknown_country``)."""

    country: str


@dataclass(frozen=True)
class SetPaymentIntent(Command):
    """Record how the shopper means to pay: one of ``rules.PAYMENT_INTENTS``."""

    intent: str


@dataclass(frozen=True)
class ClearCart(Command):
    """Empty the cart."""


@dataclass(frozen=True)
class CheckoutLine:
    """One line of the hand-off as the shopper's cart has it (``count`` units)."""

    product_id: int
    variation_id: int | None
    configuration: tuple[str, ...] | None
    recommended_by: int | None
    count: int


@dataclass(frozen=True)
class StartCheckout(Command):
    """The "Continue to checkout" hand-off (docs/spec.md 4). With ``lines`` the cart is first
    made to match them; facts: ``lines`` (one :class:`LineFacts` per line, in order)."""

    lines: tuple[CheckoutLine, ...] | None = None


@dataclass(frozen=True)
class ApplyCoupon(Command):
    """Apply the coupon ``code`` (docs/spec.md 5); facts: ``coupon`` (None: no such code)."""

    code: str


@dataclass(frozen=True)
class RemoveCoupon(Command):
    """Remove the applied coupon ``code`` at the shopper's request (docs/spec.md 5)."""

    code: str


@dataclass(frozen=True)
class RecheckCoupons(Command):
    """Check the applied coupons again at ``Facts.now`` (docs/spec.md 5)."""


@dataclass(frozen=True)
class RecordOrder(Command):
    """Checkout placed order ``order_id`` (``total`` minor units of ``currency``) from the cart."""

    order_id: str
    total: int
    currency: str


@dataclass(frozen=True)
class UnknownCommand(Command):
    """A command type the cart does not know (``kind``: what the caller sent as its type)."""

    kind: object


CartCommand = (
    AddItem
    | SetCount
    | RemoveItem
    | ChangeCountry
    | SetPaymentIntent
    | ClearCart
    | StartCheckout
    | ApplyCoupon
    | RemoveCoupon
    | RecheckCoupons
    | RecordOrder
    | UnknownCommand
)


@dataclass(frozen=True)
class LineFacts:
    """Catalogue facts for one hand-off line: its ``product`` (None: unknown) and ``recommender``."""

    product: ProductFacts | None = None
    recommender: ProductFacts | None = None


@dataclass(frozen=True)
class Facts:
    """What ``decide`` knows besides the cart: ``now`` (UTC, the time coupons are checked at;
    None: the applied coupons are not checked again after the command), the catalogue facts
    the command reads (``product``, ``recommender``, ``country``, ``coupon``) and, for the
    hand-off, ``lines`` (one per ``StartCheckout.lines`` entry)."""

    now: datetime | None = None
    product: ProductFacts | None = None
    recommender: ProductFacts | None = None
    country: CountryFacts | None = None
    coupon: CouponFacts | None = None
    lines: tuple[LineFacts, ...] = ()


@dataclass(frozen=True)
class Refusal:
    """A refused command: ``code``, the shopper's ``message``, HTTP ``status`` (409 or 422), and
    ``events``, everything to record: a ``CommandRefused`` last (the hand-off may first have
    cleared the cart in the same command)."""

    code: str
    message: str
    status: int
    events: tuple[Event, ...] = field(default=())


class Refused(Exception):
    """Raised by a rule inside ``decide`` (``refuse``); ``decide`` answers it as a :class:`Refusal`."""

    def __init__(self, code: str, message: str, status: int) -> None:
        super().__init__(code)
        self.code, self.message, self.status = code, message, status


def refuse(code: str, message: str, status: int) -> NoReturn:
    """Refuse the command being decided with ``code``, the shopper's ``message`` and ``status``
    409/422 (raises :class:`Refused`; only ``decide`` catches it)."""
    raise Refused(code, message, status)
