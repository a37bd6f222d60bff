"""Properties of the coupon rules (services/discounts/domain.py) over random coupons and carts
(docs/spec.md section 5). Profiles: tests/conftest.py (``HYPOTHESIS_PROFILE=ci`` runs 150 examples a run)."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta

from hypothesis import assume, given
from hypothesis import strategies as st

from services.discounts.domain import CartView, CouponFacts, LineView, check, discounts, eligible, resolve

PRODUCTS = [1, 2, 3, 4, 5]
CATEGORIES = [10, 20, 30]
BASE = datetime(2026, 1, 1, tzinfo=UTC)
CURRENCIES = st.sampled_from(["EUR", "USD"])
small_ids = st.lists(st.sampled_from(PRODUCTS), max_size=2, unique=True).map(tuple)
small_cats = st.lists(st.sampled_from(CATEGORIES), max_size=2, unique=True).map(tuple)
money = st.none() | st.integers(0, 50_000)
moments = st.integers(-400, 400).map(lambda days: BASE + timedelta(days=days))


@st.composite
def coupons(draw: st.DrawFn, code: str | None = None) -> CouponFacts:
    """Any coupon: every type, limits, restrictions, exclusions, expiry, email rules."""
    kind = draw(st.sampled_from(["fixed_cart", "percent", "fixed_product"]))
    return CouponFacts(
        code=code or draw(st.sampled_from(["a", "b", "c", "d"])),
        discount_type=kind,
        amount=draw(st.integers(0, 12_000) if kind == "percent" else st.integers(0, 30_000)),
        amount_usd=draw(money),
        date_expires=draw(st.none() | moments),
        minimum_amount=draw(money),
        minimum_amount_usd=draw(money),
        maximum_amount=draw(money),
        maximum_amount_usd=draw(money),
        product_ids=draw(small_ids),
        product_categories=draw(small_cats),
        excluded_product_ids=draw(small_ids),
        excluded_product_categories=draw(small_cats),
        exclude_sale_items=draw(st.booleans()),
        usage_limit=draw(st.none() | st.integers(0, 3)),
        usage_limit_per_user=draw(st.none() | st.integers(0, 2)),
        usage_count=draw(st.integers(0, 3)),
        used_by=tuple(draw(st.lists(st.sampled_from(["a@x.com", "b@y.com"]), max_size=3))),
        email_restrictions=tuple(draw(st.lists(st.sampled_from(["a@x.com", "*@y.com"]), max_size=2))),
        individual_use=draw(st.booleans()),
        free_shipping=draw(st.booleans()),
    )


@st.composite
def lines(draw: st.DrawFn, number: int) -> LineView:
    count = draw(st.integers(1, 10))
    unit = draw(st.integers(0, 40_000))
    return LineView(
        line_id=f"L{number}",
        product_id=draw(st.sampled_from(PRODUCTS)),
        count=count,
        unit_price=unit,
        line_total=unit * count,
        category_ids=draw(small_cats),
        on_sale=draw(st.booleans()),
        name=f"Product L{number}",
    )


@st.composite
def carts(draw: st.DrawFn, min_size: int = 0) -> CartView:
    size = draw(st.integers(min_size, 6))
    return CartView(currency=draw(CURRENCIES), lines=tuple(draw(lines(n)) for n in range(1, size + 1)))


emails = st.none() | st.sampled_from(["a@x.com", "b@y.com", "c@z.com"])


def _without(coupon: CouponFacts, view: CartView, extra: LineView) -> bool:
    """``extra`` is not forbidden by the coupon's maximum or exclusions (the property's 'unless')."""
    maximum = coupon.maximum_in(view.currency)
    if maximum and view.subtotal + extra.line_total > maximum:
        return False
    if coupon.discount_type == "fixed_cart":
        excluded = extra.product_id in coupon.excluded_product_ids or bool(
            set(extra.category_ids) & set(coupon.excluded_product_categories)
        )
        if excluded or (coupon.exclude_sale_items and extra.on_sale):
            return False
    return True


@st.composite
def mostly_valid_coupons(draw: st.DrawFn) -> CouponFacts:
    """Coupons that often apply (so few examples are filtered out): the limits that do not
    depend on the cart are loose; restrictions, exclusions and the maximum stay random."""
    coupon = draw(coupons())
    return replace(
        coupon,
        date_expires=draw(st.none() | st.just(BASE + timedelta(days=1))),
        usage_limit=None,
        usage_limit_per_user=None,
        email_restrictions=(),
        minimum_amount=draw(st.none() | st.integers(0, 500)),
        minimum_amount_usd=None,
        maximum_amount=draw(st.sampled_from([None, 0]) | st.integers(0, 3_000_000)),
        maximum_amount_usd=None,
        product_ids=draw(st.sampled_from([(), coupon.product_ids])),
        product_categories=draw(st.sampled_from([(), coupon.product_categories])),
        excluded_product_ids=draw(st.sampled_from([(), coupon.excluded_product_ids])),
        excluded_product_categories=draw(st.sampled_from([(), coupon.excluded_product_categories])),
        exclude_sale_items=coupon.exclude_sale_items and draw(st.booleans()),
    )


@given(mostly_valid_coupons(), carts(min_size=1), st.data())
def test_a_valid_coupon_stays_valid_when_an_unrelated_item_is_added_unless_max_or_exclusion_forbids(
    coupon: CouponFacts, view: CartView, data: st.DataObject
) -> None:
    email, now = None, BASE
    assume(check(coupon, view, email=email, now=now) is None)
    extra = data.draw(lines(99))
    assume(_without(coupon, view, extra))
    bigger = CartView(currency=view.currency, lines=(*view.lines, extra))
    assert check(coupon, bigger, email=email, now=now) is None


@given(coupons(), carts(), emails, moments, st.integers(0, 800))
def test_expiry_is_monotone_in_time(
    coupon: CouponFacts, view: CartView, email: str | None, now: datetime, days: int
) -> None:
    later = now + timedelta(days=days, microseconds=days)
    first, then = check(coupon, view, email=email, now=now), check(coupon, view, email=email, now=later)
    if first is not None and first.code == "coupon_expired":
        assert then is not None and then.code == "coupon_expired"
    if then is None:  # valid later means valid now, other checks do not depend on time
        assert first is None


@given(st.lists(coupons(), max_size=5, unique_by=lambda c: c.code))
def test_resolve_keeps_a_lone_coupon_and_never_combines_an_individual_use_one(
    valid: list[CouponFacts],
) -> None:
    kept = resolve(valid)
    assert all(c in valid for c in kept)
    assert [c for c in valid if c in kept] == kept  # order kept
    if len(valid) == 1:
        assert kept == valid
    if len(kept) > 1:
        assert not any(c.individual_use for c in kept)
    assert [c for c in valid if not c.individual_use] == [c for c in kept if not c.individual_use]
    assert resolve(kept) == kept


@given(st.lists(coupons(), max_size=4, unique_by=lambda c: c.code), carts())
def test_totals_are_never_negative_and_discounts_never_exceed_the_lines(
    applied: list[CouponFacts], view: CartView
) -> None:
    result = discounts(applied, view)
    totals = {line.line_id: line.line_total for line in view.lines}
    assert set(result["per_line"]) == set(totals)
    for line_id, taken in result["per_line"].items():
        assert 0 <= taken <= totals[line_id]
    assert result["total"] == sum(result["per_line"].values()) == sum(result["per_coupon"].values())
    assert 0 <= view.subtotal - result["total"] <= view.subtotal
    assert result["free_shipping"] == any(c.free_shipping for c in applied)


@given(coupons().map(lambda c: replace(c, discount_type="fixed_cart")), carts())
def test_a_fixed_cart_coupon_takes_its_amount_or_everything_eligible(
    coupon: CouponFacts, view: CartView
) -> None:
    base = sum(line.line_total for line in view.lines if eligible(coupon, line))
    assert discounts([coupon], view)["total"] == min(coupon.amount_in(view.currency), base)
