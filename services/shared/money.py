"""Money helpers, the one place for them. Money is integer minor units (cents) of an ISO currency.

* Parsing: :func:`to_minor` (decimal text -> minor units), :func:`lenient_minor` (the same, but
  anything unusable counts as 0).
* Rounding: :func:`half_up_div`, integer division rounding half up, used for every share of an
  amount (recommended-product discounts, percent coupons, included tax).
* Tax: :func:`included_tax`, the tax contained in a tax-inclusive total (docs/spec.md section 9: prices
  include tax).
* Formatting: :func:`format_amount` for the WooCommerce-shaped API ("129.99", docs/spec.md section 9:
  precision 2, decimal '.'), :func:`format_money` for people ("€1,234.50": coupon messages,
  mails). :func:`to_decimal` for a ``Decimal`` with two places.

Never a float anywhere.
"""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal, InvalidOperation
from enum import StrEnum


class Currency(StrEnum):
    """The two shop currencies (docs/spec.md section 1: the shipping country sets EUR or USD)."""

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


def lenient_minor(text: str | None) -> int:
    """Decimal price text to minor units where a bad value must not stop a page or a cart: a
    configurator extra price ("12.50" -> 1250). Empty, non-numeric and negative text counts as 0
    (docs/spec.md section 5). Never raises."""
    try:
        return max(0, to_minor(text or "0"))
    except ValueError:
        return 0


def half_up_div(numerator: int, denominator: int) -> int:
    """``numerator / denominator`` rounded half up to a whole number: ``half_up_div(5, 2) == 3``,
    ``half_up_div(149, 100) == 1``. For a non-negative ``numerator`` and a positive
    ``denominator`` (minor units times a factor, divided by the factor's scale); exact integer
    arithmetic, no Decimal or float."""
    return (2 * numerator + denominator) // (2 * denominator)


TAX_RATE_SCALE = 10_000  # tax rates are hundredths of a percent: 1900 = 19 %


def included_tax(total: int, rate_bp: int) -> int:
    """The tax contained in the tax-inclusive ``total`` (minor units) at ``rate_bp`` (hundredths
    of a percent, 1900 = 19 %): ``total x rate / (1 + rate)`` rounded half up, in minor units of
    the same currency (docs/spec.md section 9: prices include tax). 0 when ``total`` or ``rate_bp`` is
    0 or less. ``included_tax(11900, 1900) == 1900``."""
    if rate_bp <= 0 or total <= 0:
        return 0
    return half_up_div(total * rate_bp, TAX_RATE_SCALE + rate_bp)


SYMBOLS = {Currency.EUR.value: "€", Currency.USD.value: "$"}


def format_money(minor: int, currency: str) -> str:
    """Minor units of ``currency`` as people read them: ``5000, "EUR"`` -> ``"€50.00"``,
    ``123450, "USD"`` -> ``"$1,234.50"``, ``-250, "EUR"`` -> ``"-€2.50"`` (docs/spec.md section 9:
    2 decimals, '.' decimal, ',' thousands; the currency's symbol first, or the code and a
    space for a currency without one: ``"GBP 1.00"``)."""
    sign = "-" if minor < 0 else ""
    whole, cents = divmod(abs(minor), 100)
    return f"{sign}{SYMBOLS.get(currency, currency + ' ')}{whole:,}.{cents:02d}"


def format_rate(rate_bp: int) -> str:
    """A tax rate in hundredths of a percent as people read it: 1900 -> ``"19%"``, 810 ->
    ``"8.1%"``, 2050 -> ``"20.5%"`` (no trailing zeros)."""
    whole, rest = divmod(rate_bp, 100)
    return f"{whole}%" if rest == 0 else f"{whole}.{rest:02d}".rstrip("0") + "%"


def tax_label(name: str, rate_bp: int) -> str | None:
    """The tax line's label for prices that include tax (docs/spec.md section 9 "Tax lines"):
    ``"incl. 19% VAT"`` for ``("VAT", 1900)``, ``"incl. 10% tax"`` without a name; None for a
    zero (or negative) rate, which shows no tax line at all."""
    if rate_bp <= 0:
        return None
    return f"incl. {format_rate(rate_bp)} {name.strip() or 'tax'}"
