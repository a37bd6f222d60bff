"""Direct bank transfer (WooCommerce ``bacs``): the embedded default payment method.

Needs no outside service: the order is placed ``on-hold`` and waits until staff see the money
arrive. The shopper is told the shop's bank details and to use the order number as the payment
reference. Bank details are the settings ``BACS_ACCOUNT_NAME``, ``BACS_IBAN``, ``BACS_BIC`` and
``BACS_BANK_NAME`` (``services.shared.settings.BankSettings``), with safe demo defaults (the IBAN
is the well-known example number from the IBAN standard, which belongs to no one).
"""

from __future__ import annotations

from typing import Any

from services.checkout.payments.base import PaymentStart
from services.shared.settings import BankSettings, get_settings


class BankTransfer:
    """``bacs``: order status ``on-hold``; instructions with the bank details and reference."""

    id = "bacs"
    title = "Direct bank transfer"
    initial_status = "on-hold"

    def __init__(self, settings: BankSettings | None = None) -> None:
        self.settings = settings or get_settings().bank

    def instructions(self, order: dict[str, Any]) -> dict[str, Any]:
        """``{text, account_name, iban, bic, bank_name, reference, amount, currency}`` (amount in
        minor units of ``currency``)."""
        s = self.settings
        return {
            "text": (
                "Make your payment directly into our bank account. Please use your Order ID as the "
                "payment reference. Your order will not be shipped until the funds have cleared in "
                "our account."
            ),
            "account_name": s.account_name,
            "iban": s.iban,
            "bic": s.bic,
            "bank_name": s.bank_name,
            "reference": str(order["id"]),
            "amount": order["total"],
            "currency": order["currency"],
        }

    def start(self, order: dict[str, Any]) -> PaymentStart:
        """Nothing to start: the shopper transfers the money. No redirect."""
        return PaymentStart(redirect_url=None, instructions=self.instructions(order))
