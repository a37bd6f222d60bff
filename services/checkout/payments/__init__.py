"""Payment methods (docs/checkout.md). ``providers()`` lists the enabled ones, ``provider(id)`` finds one.

Enabled: ``bacs`` (bank transfer, the embedded default; ``bank_transfer.py``). A hosted
checkout adapter (e.g. Stripe Checkout) would implement the same ``PaymentProvider`` protocol
(``base.py``) and answer ``PaymentStart(redirect_url=...)``; how is documented in
docs/checkout.md (not built: this environment cannot reach a provider).
"""

from __future__ import annotations

from services.checkout.payments.bank_transfer import BankTransfer
from services.checkout.payments.base import PaymentProvider, PaymentStart


def providers() -> list[PaymentProvider]:
    """The payment methods offered at checkout, in display order."""
    return [BankTransfer()]


def provider(method_id: str) -> PaymentProvider | None:
    """The enabled payment method with ``method_id``, or None."""
    return next((p for p in providers() if p.id == method_id), None)


__all__ = ["PaymentProvider", "PaymentStart", "provider", "providers"]
