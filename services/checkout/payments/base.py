"""The payment port: what checkout needs from a payment method (docs/checkout.md "Payment adapters").

Payment never touches our servers (docs/targets.md section 6.7): a provider either needs no card at all (bank
transfer: the order waits for the money) or redirects the shopper to its own hosted checkout.
Checkout calls a provider twice:

1. ``initial_status`` and ``instructions(order)`` inside the order's transaction (pure: no I/O),
   so the stored order and its confirmation mail say how to pay;
2. ``start(order)`` after the order committed (may do network I/O, e.g. create a hosted
   checkout session) -> :class:`PaymentStart` with a ``redirect_url`` for the browser, or None.

``order`` is the order as JSON (``serializers.order_json``): money in minor units of its
``currency``; ``id`` the public order number.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol


@dataclass(frozen=True)
class PaymentStart:
    """What the browser does next: go to ``redirect_url`` (a hosted checkout) or, when None,
    show the order page with the payment ``instructions``."""

    redirect_url: str | None = None
    instructions: dict[str, Any] = field(default_factory=dict)


class PaymentProvider(Protocol):
    """A payment method. ``id`` is WooCommerce's gateway id (``bacs``, ``stripe``); ``title``
    is shown to the shopper and stored as the order's ``payment_method_title``."""

    id: str
    title: str
    initial_status: str  # WooCommerce order status after placing: "on-hold", "pending", ...

    def instructions(self, order: dict[str, Any]) -> dict[str, Any]:
        """How to pay, stored with the order and shown on the order page and in the mail."""
        ...

    def start(self, order: dict[str, Any]) -> PaymentStart:
        """Begin the payment after the order committed (may call the provider)."""
        ...
