"""Properties of the pure cart rules (services/cart/rules.py) over random carts."""

from __future__ import annotations

import copy
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from services.cart import rules

PRODUCT_IDS = [1, 2, 3, rules.BUILDER_PRODUCT_ID, rules.BUILDER_ADDON_ID]
CURRENCIES = st.sampled_from(["EUR", "USD"])

prices = st.fixed_dictionaries(
    {"regular": st.integers(-500, 60000), "sale": st.none() | st.integers(-500, 60000)}
)
stocks = st.fixed_dictionaries(
    {
        "stock_status": st.sampled_from(["instock", "onbackorder", "outofstock"]),
        "stock_quantity": st.none() | st.integers(-3, 12),
        "manage_stock": st.booleans(),
        "backorders": st.sampled_from(["no", "yes", "notify"]),
    }
)
choices = st.fixed_dictionaries(
    {
        "layer_id": st.sampled_from(["case", "switch"]),
        "choice_id": st.sampled_from(["alu", "poly"]),
        "name": st.just("Choice"),
        "layer_name": st.just("Layer"),
        "extra_eur": st.integers(0, 9000),
        "extra_usd": st.integers(0, 9000),
        "has_backorder": st.booleans(),
    }
)


@st.composite
def carts(draw: st.DrawFn) -> list[dict[str, Any]]:
    """0..7 lines with random products, counts 0..12, prices, stock, configurations and
    recommendations (in any order, also recommended lines before their recommender)."""
    lines = []
    for number in range(1, draw(st.integers(0, 7)) + 1):
        recommended_by = draw(st.none() | st.sampled_from(PRODUCT_IDS))
        lines.append(
            {
                "line_id": f"L{number}",
                "product_id": draw(st.sampled_from(PRODUCT_IDS)),
                "variation_id": draw(st.sampled_from([None, 7])),
                "count": draw(st.integers(0, 12)),
                "eur": draw(prices),
                "usd": draw(prices),
                "configuration": draw(st.none() | st.lists(choices, max_size=3)),
                "recommended_by": recommended_by,
                "use_discount": recommended_by is not None and draw(st.booleans()),
                "discount_percent": draw(st.integers(-20, 150)),
                "recommended_eur": draw(st.none() | st.integers(-100, 60000)),
                "recommended_usd": draw(st.none() | st.integers(-100, 60000)),
                "stock": draw(stocks),
            }
        )
    return lines


def _half_up(numerator: int, denominator: int) -> int:
    return int((Decimal(numerator) / Decimal(denominator)).quantize(Decimal(1), rounding=ROUND_HALF_UP))


@given(carts())
def test_normalize_clamps_every_count_into_zero_to_its_cap_once_and_only_downwards(lines: list) -> None:
    before = copy.deepcopy(lines)
    changes = rules.normalize(lines)
    for line in lines:
        allowed = rules.cap(line, lines)
        assert 0 <= line["count"] <= allowed <= rules.MAX_COUNT
        # raising a line (add +1, set_count) never allows more than its cap in cart order
        assert rules.cap(line, lines, raising=True) <= allowed
    for old, new in zip(before, lines, strict=True):
        assert new["count"] <= old["count"]
        assert {k: v for k, v in new.items() if k != "count"} == {
            k: v for k, v in old.items() if k != "count"
        }
    assert len({line_id for line_id, _ in changes}) == len(changes)
    counts = {line["line_id"]: line["count"] for line in lines}
    assert {line_id: count for line_id, count in changes} == {
        line["line_id"]: counts[line["line_id"]]
        for line in before
        if line["count"] != counts[line["line_id"]]
    }
    assert rules.normalize(lines) == []


@given(carts(), CURRENCIES, st.integers(0, 10000))
def test_totals_are_the_sum_of_the_lines_and_the_included_tax_never_exceeds_the_total(
    lines: list, currency: str, rate: int
) -> None:
    rules.normalize(lines)
    totals = rules.totals(lines, currency, rate)
    assert totals["currency"] == currency
    assert totals["subtotal"] == sum(rules.line_total(line, currency) for line in lines)
    assert totals["total"] == totals["subtotal"]
    assert totals["item_count"] == sum(line["count"] for line in lines)
    assert totals["subtotal_regular"] == sum(
        (rules.extras(line, currency) + rules.regular_price(line, currency)) * line["count"] for line in lines
    )
    assert totals["preorder"] == any(rules.is_preorder(line) for line in lines)
    assert totals["on_sale"] == any(
        line["count"] > 0 and rules.unit_price(line, currency) < rules.regular_price(line, currency)
        for line in lines
    )
    assert 0 <= totals["tax_included"] <= totals["total"]
    assert totals["tax_included"] == _half_up(totals["total"] * rate, 10000 + rate)


@given(carts(), CURRENCIES)
def test_line_total_is_extras_plus_unit_price_times_count_and_never_negative(
    lines: list, currency: str
) -> None:
    for line in lines:
        assert (
            rules.line_total(line, currency)
            == (rules.extras(line, currency) + rules.unit_price(line, currency)) * line["count"]
        )
        assert rules.extras(line, currency) >= 0
        assert rules.unit_price(line, currency) >= 0


@given(carts(), CURRENCIES)
def test_a_discount_price_is_never_above_the_price_it_discounts(lines: list, currency: str) -> None:
    key = currency.lower()
    for line in lines:
        unit = rules.unit_price(line, currency)
        if not line["use_discount"]:
            assert unit == rules.base_price(line, currency)
            continue
        fixed = line[f"recommended_{key}"]
        discounted = fixed if fixed is not None and fixed > 0 else rules.base_price(line, currency)
        assert unit <= discounted
        if fixed is None:
            assert unit <= rules.base_price(line, currency)


@given(carts(), st.integers(1, 99))
def test_a_discount_price_is_price_times_100_minus_discount_over_100_half_up(
    lines: list, percent: int
) -> None:
    for line in lines:
        line.update(recommended_by=1, use_discount=True, discount_percent=percent, recommended_eur=None)
        base = rules.base_price(line, "EUR")
        assert rules.unit_price(line, "EUR") == _half_up(base * (100 - percent), 100)


@given(carts())
def test_a_usd_price_of_zero_or_less_is_1_00_and_a_positive_one_is_kept_as_it_is(lines: list) -> None:
    for line in lines:
        usd = line["usd"]
        own = usd["sale"] if usd["sale"] is not None else usd["regular"]
        assert rules.base_price(line, "USD") == (own if own > 0 else rules.USD_MINIMUM)
        assert rules.regular_price(line, "USD") == (
            usd["regular"] if usd["regular"] > 0 else rules.USD_MINIMUM
        )
        assert rules.base_price(line, "USD") >= 1
