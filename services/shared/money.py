"""Money helpers. Money is stored as integer minor units (cents) with an ISO currency.

The WooCommerce-shaped API renders amounts as decimal strings with two places
("129.99"), as WooCommerce does (spec section 9: precision 2, decimal '.').
Never a float anywhere.
"""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal, InvalidOperation
from enum import StrEnum


class Currency(StrEnum):
    """The two shop currencies (spec section 1: the shipping country sets EUR or USD)."""

    EUR = "EUR"
    USD = "USD"


CENT = Decimal("0.01")


def to_minor(amount: str | int | Decimal) -> int:
    """Parse a decimal amount ("129.99", 129, Decimal) into minor units (12999).

    Rounds half up to the cent. Raises ``ValueError`` for non-numeric text, floats and amounts
    of more than 26 digits (beyond the decimal context's 28-digit precision once in cents).
    """
    if isinstance(amount, float):
        raise ValueError("money must not be a float")
    try:
        value = Decimal(str(amount).strip())
    except InvalidOperation as exc:
        raise ValueError(f"not a money amount: {amount!r}") from exc
    if not value.is_finite():
        raise ValueError(f"not a money amount: {amount!r}")
    try:
        return int((value * 100).quantize(Decimal(1), rounding=ROUND_HALF_UP))
    except InvalidOperation as exc:  # e.g. 10**26: quantize needs more than 28 digits
        raise ValueError(f"not a money amount: {str(amount)[:40]!r} is too large") from exc


def to_decimal(minor: int) -> Decimal:
    """Minor units to a Decimal with two places (12999 -> Decimal('129.99'))."""
    return (Decimal(minor) / 100).quantize(CENT)


def format_amount(minor: int | None) -> str:
    """Minor units to a WooCommerce price string ("129.99"); ``None`` -> ""."""
    if minor is None:
        return ""
    return str(to_decimal(minor))


def percent_of(minor: int, percent: Decimal | int) -> int:
    """``minor * percent / 100`` rounded half up to a whole minor unit."""
    return int((Decimal(minor) * Decimal(percent) / 100).quantize(Decimal(1), rounding=ROUND_HALF_UP))
