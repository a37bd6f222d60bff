"""The coupon rules (services/discounts/domain.py): every refusal with its message, the order
of the checks, email matching, currencies, the individual-use rule and the discount math."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone

from services.discounts.domain import (
    CartView,
    CouponFacts,
    LineView,
    check,
    check_with_applied,
    discounts,
    email_allowed,
    is_expired,
    not_applied,
    not_found,
    resolve,
)

NOW = datetime(2026, 6, 1, 12, 0, tzinfo=UTC)


def line(line_id: str, total: int, *, product_id: int = 1, count: int = 1, **fields: object) -> LineView:
    return LineView(
        line_id=line_id,
        product_id=product_id,
        count=count,
        unit_price=total // count,
        line_total=total,
        name=str(fields.pop("name", f"Product {product_id}")),
        **fields,  # type: ignore[arg-type]
    )


def cart(*lines: LineView, currency: str = "EUR") -> CartView:
    return CartView(currency=currency, lines=tuple(lines))


MOUSE = line("L1", 5999, product_id=1, category_ids=(10,), name="Skoll Mouse")
PADS = line("L2", 2999, product_id=2, category_ids=(20,), name="Tundra Pad")
TEE_ON_SALE = line("L3", 1999, product_id=3, category_ids=(30,), on_sale=True, name="Rune Tee")


def refusal(coupon: CouponFacts, view: CartView, **kwargs: object) -> tuple[str, str] | None:
    kwargs.setdefault("now", NOW)
    found = check(coupon, view, **kwargs)  # type: ignore[arg-type]
    return None if found is None else (found.code, found.message)


# ---- each refusal and its message --------------------------------------------------------------


def test_an_unknown_code_does_not_exist_in_woocommerce_words() -> None:
    assert (not_found(" NOPE ").code, not_found(" NOPE ").message) == (
        "coupon_not_found",
        'Coupon "NOPE" does not exist!',
    )


def test_an_expired_coupon_is_refused_naming_it() -> None:
    coupon = CouponFacts(
        code="blackfriday25", discount_type="percent", amount=2500, date_expires=NOW - timedelta(seconds=1)
    )
    assert refusal(coupon, cart(MOUSE)) == ("coupon_expired", 'Coupon "blackfriday25" has expired.')


def test_a_coupon_is_valid_up_to_and_including_its_expiry_instant() -> None:
    coupon = CouponFacts(code="x", amount=100, date_expires=NOW.replace(tzinfo=None))  # naive = UTC
    assert refusal(coupon, cart(MOUSE)) is None
    assert is_expired(coupon, NOW + timedelta(microseconds=1))
    assert not is_expired(coupon, NOW.astimezone(timezone(timedelta(hours=2))))


def test_the_minimum_spend_is_named_in_the_carts_currency() -> None:
    coupon = CouponFacts(code="save20", amount=2000, minimum_amount=10000, minimum_amount_usd=11000)
    assert refusal(coupon, cart(MOUSE)) == (
        "coupon_minimum_spend",
        'The minimum spend for coupon "save20" is €100.00.',
    )
    assert refusal(coupon, cart(MOUSE, currency="USD")) == (
        "coupon_minimum_spend",
        'The minimum spend for coupon "save20" is $110.00.',
    )
    assert refusal(coupon, cart(MOUSE, line("L9", 4001))) is None  # 100.00 exactly is enough


def test_the_maximum_spend_applies_only_when_above_zero() -> None:
    coupon = CouponFacts(code="creator30", discount_type="percent", amount=3000, maximum_amount=5000)
    assert refusal(coupon, cart(MOUSE)) == (
        "coupon_maximum_spend",
        'The maximum spend for coupon "creator30" is €50.00.',
    )
    assert refusal(CouponFacts(code="c", amount=1, maximum_amount=0), cart(MOUSE)) is None
    assert refusal(CouponFacts(code="c", amount=1, maximum_amount=5999), cart(MOUSE)) is None


def test_usd_amounts_fall_back_to_the_eur_number() -> None:
    coupon = CouponFacts(code="c", amount=1000, minimum_amount=123456)
    assert coupon.minimum_in("USD") == 123456 and coupon.amount_in("USD") == 1000
    assert refusal(coupon, cart(MOUSE, currency="USD")) == (
        "coupon_minimum_spend",
        'The minimum spend for coupon "c" is $1,234.56.',
    )


def test_a_used_up_coupon_is_refused() -> None:
    coupon = CouponFacts(code="mice5", discount_type="percent", amount=500, usage_limit=100, usage_count=100)
    assert refusal(coupon, cart(MOUSE)) == (
        "coupon_usage_limit",
        'Coupon "mice5" usage limit has been reached.',
    )
    assert refusal(CouponFacts(code="c", amount=1, usage_limit=100, usage_count=99), cart(MOUSE)) is None
    assert refusal(CouponFacts(code="c", amount=1, usage_limit=0, usage_count=5), cart(MOUSE)) is None


def test_an_email_restriction_is_checked_once_the_email_is_known() -> None:
    coupon = CouponFacts(
        code="staff40", discount_type="percent", amount=4000, email_restrictions=("*@halvard.gg",)
    )
    assert refusal(coupon, cart(MOUSE)) is None  # unknown yet: checkout checks with the billing email
    assert refusal(coupon, cart(MOUSE), email="lina@halvard.gg") is None
    assert refusal(coupon, cart(MOUSE), email="lina@example.com") == (
        "coupon_email_restricted",
        'Please enter a valid email to use coupon "staff40".',
    )


def test_the_per_user_limit_counts_the_emails_uses() -> None:
    coupon = CouponFacts(
        code="thanks5",
        discount_type="percent",
        amount=500,
        usage_limit_per_user=1,
        used_by=("Repeat@Example.com",),
    )
    assert refusal(coupon, cart(MOUSE), email="repeat@example.com") == (
        "coupon_user_limit",
        'Coupon "thanks5" usage limit has been reached for repeat@example.com.',
    )
    assert refusal(coupon, cart(MOUSE), email="new@example.com") is None
    assert refusal(coupon, cart(MOUSE), email="new@example.com", uses_by_email=1) is not None
    assert refusal(coupon, cart(MOUSE)) is None


def test_a_fixed_cart_coupon_refuses_a_cart_with_an_excluded_product_or_category() -> None:
    by_product = CouponFacts(code="fullprice10", amount=1000, excluded_product_ids=(2,))
    by_category = CouponFacts(code="fullprice10", amount=1000, excluded_product_categories=(20,))
    expected = (
        "coupon_excluded_items",
        'Sorry, coupon "fullprice10" is not applicable to the products: Tundra Pad.',
    )
    assert refusal(by_product, cart(MOUSE, PADS)) == expected
    assert refusal(by_category, cart(MOUSE, PADS)) == expected
    assert refusal(by_product, cart(MOUSE)) is None


def test_a_fixed_cart_coupon_excluding_sale_items_refuses_a_cart_with_one() -> None:
    coupon = CouponFacts(code="fullprice10", amount=1000, exclude_sale_items=True)
    assert refusal(coupon, cart(MOUSE, TEE_ON_SALE)) == (
        "coupon_sale_items",
        'Sorry, coupon "fullprice10" is not valid for sale items.',
    )
    assert refusal(coupon, cart(MOUSE)) is None


def test_a_percent_coupon_skips_excluded_lines_instead_of_refusing() -> None:
    coupon = CouponFacts(
        code="p", discount_type="percent", amount=1000, excluded_product_ids=(2,), exclude_sale_items=True
    )
    assert refusal(coupon, cart(MOUSE, PADS, TEE_ON_SALE)) is None
    assert discounts([coupon], cart(MOUSE, PADS, TEE_ON_SALE))["per_line"] == {"L1": 600, "L2": 0, "L3": 0}
    assert refusal(coupon, cart(PADS)) == (
        "coupon_not_applicable",
        'Sorry, coupon "p" is not applicable to selected products.',
    )
    assert refusal(coupon, cart(TEE_ON_SALE)) == (
        "coupon_sale_items",
        'Sorry, coupon "p" is not valid for sale items.',
    )


def test_a_restricted_coupon_needs_one_matching_item() -> None:
    by_category = CouponFacts(
        code="keyboard15", discount_type="percent", amount=1500, product_categories=(99,)
    )
    assert refusal(by_category, cart(MOUSE)) == (
        "coupon_not_applicable",
        'Sorry, coupon "keyboard15" is not applicable to selected products.',
    )
    assert refusal(by_category, cart(MOUSE, line("L5", 100, product_id=5, category_ids=(99,)))) is None
    by_product = CouponFacts(code="valiskates", discount_type="fixed_product", amount=500, product_ids=(1,))
    assert refusal(by_product, cart(PADS)) is not None and refusal(by_product, cart(PADS, MOUSE)) is None
    by_variation = CouponFacts(code="v", amount=500, product_ids=(77,))
    assert refusal(by_variation, cart(line("L1", 100, product_id=7, variation_id=77))) is None


def test_the_first_failing_check_is_the_refusal() -> None:
    coupon = CouponFacts(
        code="c",
        amount=1,
        date_expires=NOW - timedelta(days=1),
        usage_limit=1,
        usage_count=1,
        minimum_amount=10**9,
    )
    assert refusal(coupon, cart(MOUSE))[0] == "coupon_expired"  # type: ignore[index]
    assert (
        refusal(CouponFacts(**{**coupon.to_record(), "date_expires": None}), cart(MOUSE))[0]
        == "coupon_usage_limit"
    )  # type: ignore[arg-type,index]


def test_already_applied_individual_use_and_not_applied_messages() -> None:
    welcome = CouponFacts(code="welcome10", discount_type="percent", amount=1000)
    creator = CouponFacts(code="creator30", discount_type="percent", amount=3000, individual_use=True)
    found = check_with_applied(welcome, [welcome])
    assert found is not None and (found.code, found.message) == (
        "coupon_already_applied",
        'Coupon code "welcome10" already applied!',
    )
    found = check_with_applied(welcome, [creator])
    assert found is not None and (found.code, found.message) == (
        "coupon_individual_use",
        'Sorry, coupon "creator30" has already been applied and cannot be used in conjunction with other coupons.',
    )
    found = check_with_applied(creator, [welcome])
    assert found is not None and (found.code, found.message) == (
        "coupon_individual_use",
        'Sorry, coupon "creator30" cannot be used in conjunction with other coupons.',
    )
    assert check_with_applied(creator, []) is None
    assert (not_applied("X").code, not_applied("X").message) == (
        "coupon_not_applied",
        'Coupon "X" is not applied to your cart.',
    )


def test_resolve_drops_individual_use_coupons_only_among_several() -> None:
    a, b = CouponFacts(code="a"), CouponFacts(code="b")
    solo = CouponFacts(code="solo", individual_use=True)
    assert resolve([solo]) == [solo]
    assert resolve([a, solo, b]) == [a, b]
    assert resolve([solo, CouponFacts(code="solo2", individual_use=True)]) == []
    assert resolve([]) == []


# ---- emails ------------------------------------------------------------------------------------------


def test_email_restrictions_match_exactly_or_by_domain() -> None:
    assert email_allowed("Lina@Halvard.gg ", ["*@halvard.gg"])
    assert email_allowed("boss@example.com", ["BOSS@example.com"])
    assert not email_allowed("lina@halvard.gg.evil.com", ["*@halvard.gg"])
    assert not email_allowed("someone@example.com", ["boss@example.com"])
    assert not email_allowed("", ["*"])


def test_facts_survive_a_json_round_trip() -> None:
    coupon = CouponFacts(
        code="c",
        discount_type="percent",
        amount=1234,
        id=7,
        date_expires=datetime(2026, 1, 2, 3, 4, 5),
        product_ids=(1, 2),
        used_by=("a@b.c",),
        individual_use=True,
    )
    record = coupon.to_record()
    assert "used_by" not in record and "email_restrictions" not in record  # personal data
    back = CouponFacts.from_record(record)
    assert back == CouponFacts(
        **{**coupon.__dict__, "date_expires": datetime(2026, 1, 2, 3, 4, 5, tzinfo=UTC), "used_by": ()}
    )
    assert not is_expired(back, datetime(2026, 1, 2, 3, 4, 5))


# ---- discount math ------------------------------------------------------------------------------


def test_percent_rounds_half_up_per_line() -> None:
    coupon = CouponFacts(code="p", discount_type="percent", amount=1000)
    result = discounts([coupon], cart(line("L1", 5), line("L2", 14), line("L3", 15)))
    assert result["per_line"] == {"L1": 1, "L2": 1, "L3": 2}  # 0.5 -> 1, 1.4 -> 1, 1.5 -> 2
    assert result["total"] == 4 and result["per_coupon"] == {"p": 4}


def test_percent_never_takes_more_than_the_line() -> None:
    coupon = CouponFacts(code="p", discount_type="percent", amount=25000)
    assert discounts([coupon], cart(MOUSE))["total"] == 5999


def test_fixed_product_takes_its_amount_per_unit_of_eligible_lines() -> None:
    coupon = CouponFacts(
        code="f", discount_type="fixed_product", amount=500, amount_usd=600, product_ids=(1,)
    )
    view = cart(line("L1", 3000, product_id=1, count=3), PADS)
    assert discounts([coupon], view)["per_line"] == {"L1": 1500, "L2": 0}
    usd = cart(line("L1", 3000, product_id=1, count=3), PADS, currency="USD")
    assert discounts([coupon], usd)["per_line"] == {"L1": 1800, "L2": 0}
    assert discounts([coupon], cart(line("L1", 300, product_id=1, count=3)))["total"] == 300


def test_fixed_cart_splits_proportionally_with_the_remainder_on_the_largest_line() -> None:
    coupon = CouponFacts(code="f", amount=1000)
    result = discounts([coupon], cart(line("L1", 3000), line("L2", 6000), line("L3", 1)))
    # 1000 * 3000 / 9001 = 333.29.., 1000 * 6000 / 9001 = 666.59.., 0.11.. -> 333 + 666 + 0 = 999
    assert result["per_line"] == {"L1": 333, "L2": 667, "L3": 0}
    assert result["total"] == 1000


def test_fixed_cart_remainders_never_push_a_line_past_its_total() -> None:
    coupon = CouponFacts(code="f", amount=2)
    result = discounts([coupon], cart(line("L1", 1), line("L2", 1), line("L3", 1)))
    assert sorted(result["per_line"].values()) == [0, 1, 1] and result["total"] == 2
    assert discounts([CouponFacts(code="big", amount=10**7)], cart(MOUSE, PADS))["total"] == 5999 + 2999


def test_coupons_apply_in_woocommerce_order_on_what_is_left() -> None:
    fixed = CouponFacts(code="fixed", amount=5000)
    percent = CouponFacts(code="pct", discount_type="percent", amount=5000)
    result = discounts([fixed, percent], cart(line("L1", 8000)))
    # percent first: 4000 off; then the fixed cart 5000 on the 4000 left: 4000
    assert result["per_coupon"] == {"pct": 4000, "fixed": 4000}
    assert result["total"] == 8000


def test_free_shipping_comes_from_any_applied_coupon() -> None:
    assert discounts([CouponFacts(code="freeship", free_shipping=True)], cart(MOUSE)) == {
        "per_line": {"L1": 0},
        "per_coupon": {"freeship": 0},
        "total": 0,
        "free_shipping": True,
    }
    assert discounts([], cart())["total"] == 0
