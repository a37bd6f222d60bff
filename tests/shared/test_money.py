"""The money helpers (services/shared/money.py): parsing, half-up rounding, included tax and
formatting, the one implementation the cart, checkout, catalogue and coupons use."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from services.shared.money import (
    format_amount,
    format_money,
    half_up_div,
    included_tax,
    lenient_minor,
    to_decimal,
    to_minor,
)


@pytest.mark.parametrize(
    ("numerator", "denominator", "quotient"),
    [(0, 7, 0), (5, 2, 3), (4, 2, 2), (149, 100, 1), (150, 100, 2), (12999 * 90, 100, 11699)],
)
def test_half_up_div_rounds_halves_up(numerator: int, denominator: int, quotient: int) -> None:
    assert half_up_div(numerator, denominator) == quotient


@given(st.integers(min_value=0, max_value=10**15), st.integers(min_value=1, max_value=10**6))
def test_half_up_div_is_the_nearest_whole_number_halves_up(numerator: int, denominator: int) -> None:
    exact = Fraction(numerator, denominator)
    quotient = half_up_div(numerator, denominator)
    assert quotient - Fraction(1, 2) <= exact < quotient + Fraction(1, 2)


@pytest.mark.parametrize(
    ("total", "rate_bp", "tax"),
    [(11900, 1900, 1900), (10000, 1900, 1597), (1, 1900, 0), (3, 1900, 0), (4, 1900, 1), (0, 1900, 0)],
)
def test_included_tax_examples(total: int, rate_bp: int, tax: int) -> None:
    assert included_tax(total, rate_bp) == tax


def test_no_tax_without_a_rate_or_a_total() -> None:
    assert included_tax(10000, 0) == 0
    assert included_tax(10000, -100) == 0
    assert included_tax(-10000, 1900) == 0


@given(st.integers(min_value=0, max_value=10**9), st.sampled_from([0, 700, 1900, 2000, 2700]))
def test_included_tax_is_the_half_up_share_of_the_gross_total(total: int, rate_bp: int) -> None:
    tax = included_tax(total, rate_bp)
    exact_times_2 = 2 * total * rate_bp  # tax = total * rate / (10000 + rate), compared exactly
    assert abs(2 * tax * (10000 + rate_bp) - exact_times_2) <= 10000 + rate_bp
    assert 0 <= tax <= total


@given(st.integers(min_value=0, max_value=10**9), st.integers(min_value=1, max_value=10_000))
def test_included_tax_never_falls_when_the_total_grows(total: int, rate_bp: int) -> None:
    assert included_tax(total, rate_bp) <= included_tax(total + 1, rate_bp)


@pytest.mark.parametrize(
    ("minor", "currency", "text"),
    [
        (5000, "EUR", "€50.00"),
        (5, "EUR", "€0.05"),
        (123456789, "USD", "$1,234,567.89"),
        (0, "USD", "$0.00"),
        (-250, "EUR", "-€2.50"),
        (100, "GBP", "GBP 1.00"),
    ],
)
def test_money_is_formatted_with_symbol_two_decimals_and_thousands(
    minor: int, currency: str, text: str
) -> None:
    assert format_money(minor, currency) == text


@given(st.integers(min_value=-(10**12), max_value=10**12))
def test_the_api_amount_reads_back_as_the_same_minor_units(minor: int) -> None:
    assert to_minor(format_amount(minor)) == minor
    assert to_decimal(minor) == Decimal(minor) / 100


def test_api_amounts_have_two_places_and_none_is_empty() -> None:
    assert format_amount(12999) == "129.99"
    assert format_amount(5) == "0.05"
    assert format_amount(None) == ""


@pytest.mark.parametrize(
    ("text", "minor"), [("129.99", 12999), (" 1 ", 100), ("0.005", 1), ("0.004", 0), ("-1.50", -150)]
)
def test_to_minor_parses_decimal_text_half_up(text: str, minor: int) -> None:
    assert to_minor(text) == minor


@pytest.mark.parametrize("bad", ["abc", "", "NaN", "Infinity", "1" * 40])
def test_to_minor_refuses_what_is_not_an_amount(bad: str) -> None:
    with pytest.raises(ValueError):
        to_minor(bad)


def test_to_minor_refuses_floats() -> None:
    with pytest.raises(ValueError):
        to_minor(1.5)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("text", "minor"), [("12.50", 1250), ("", 0), (None, 0), ("free", 0), ("-3", 0), ("1" * 40, 0)]
)
def test_lenient_minor_counts_anything_unusable_as_zero(text: str | None, minor: int) -> None:
    assert lenient_minor(text) == minor
