"""Checkout's domain errors: a stable ``code`` and a message for the shopper (style.md "Errors").

Mapped to JSON ``{code, message, ...}`` by the app's ``DomainError`` handler: 422 for a form
that can never pass as sent, 409 for conflicts with the current state (stock, coupons, the
cart), 404 for an order the caller may not see, 400 for malformed headers.
"""

from __future__ import annotations

from services.shared.errors import BadRequest, Conflict, Invalid, NotFound


class InvalidCheckout(Invalid):
    """The checkout form has invalid fields (422 ``invalid_checkout``). ``fields`` maps each
    bad field name to its message; ``message`` names them all."""

    def __init__(self, fields: dict[str, str]) -> None:
        names = ", ".join(fields)
        super().__init__("invalid_checkout", f"Please check these fields: {names}.", fields=fields)
        self.fields = fields


class CheckoutConflict(Conflict):
    """Placing the order conflicts with the current state (409): ``out_of_stock``,
    ``product_unavailable``, ``coupon_*`` (the coupon rules' codes), ``cart_empty``,
    ``cart_already_ordered``, ``price_changed``, ``idempotency_key_reused``."""


class CheckoutInvalid(Invalid):
    """A request that names something we do not offer (422): ``unknown_country``,
    ``shipping_method_unavailable``, ``currency_mismatch``."""


class CheckoutBadRequest(BadRequest):
    """Malformed headers (400): ``invalid_cart_token``, ``idempotency_key_required``,
    ``invalid_idempotency_key``."""


def order_not_found() -> NotFound:
    """404 ``order_not_found``: the same answer whether the order does not exist or the caller
    lacks its key (never reveals that an id exists)."""
    return NotFound("order_not_found", "Order not found.")
