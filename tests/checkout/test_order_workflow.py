"""The order workflow's pure rules (services/checkout/order_workflow.py; docs/spec.md section
4.1): which action is allowed from which status, and what a refund gives back."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from services.checkout.order_workflow import (
    InvalidOrderAction,
    LineFacts,
    OrderAction,
    OrderRefused,
    OrderStatus,
    RefundRequest,
    allowed_actions,
    check_version,
    decide,
    line_share,
    plan_refund,
    refund_status,
)

S = OrderStatus


@pytest.mark.parametrize(
    ("action", "status", "target"),
    [
        (OrderAction.MARK_PAID, S.ON_HOLD, S.PROCESSING),
        (OrderAction.MARK_PAID, S.PENDING, S.PROCESSING),
        (OrderAction.MARK_SHIPPED, S.PROCESSING, S.COMPLETED),
        (OrderAction.CANCEL, S.PENDING, S.CANCELLED),
        (OrderAction.CANCEL, S.ON_HOLD, S.CANCELLED),
        (OrderAction.CANCEL, S.PROCESSING, S.CANCELLED),
        (OrderAction.REFUND, S.PROCESSING, S.PROCESSING),
        (OrderAction.REFUND, S.COMPLETED, S.COMPLETED),
    ],
)
def test_allowed_actions_lead_to_the_table_s_status(
    action: OrderAction, status: OrderStatus, target: OrderStatus
) -> None:
    assert decide(action, status) is target
    assert action in allowed_actions(status)


@pytest.mark.parametrize(
    ("action", "status", "code"),
    [
        (OrderAction.MARK_PAID, S.PROCESSING, "order_already_paid"),
        (OrderAction.MARK_PAID, S.COMPLETED, "order_already_paid"),
        (OrderAction.MARK_PAID, S.CANCELLED, "order_not_payable"),
        (OrderAction.MARK_SHIPPED, S.ON_HOLD, "order_not_shippable"),
        (OrderAction.MARK_SHIPPED, S.COMPLETED, "order_not_shippable"),
        (OrderAction.CANCEL, S.COMPLETED, "order_not_cancellable"),
        (OrderAction.CANCEL, S.CANCELLED, "order_not_cancellable"),
        (OrderAction.CANCEL, S.REFUNDED, "order_not_cancellable"),
        (OrderAction.REFUND, S.ON_HOLD, "order_not_refundable"),
        (OrderAction.REFUND, S.REFUNDED, "order_not_refundable"),
        (OrderAction.REFUND, S.FAILED, "order_not_refundable"),
    ],
)
def test_refused_actions_carry_their_code(action: OrderAction, status: OrderStatus, code: str) -> None:
    with pytest.raises(OrderRefused) as refused:
        decide(action, status)
    assert refused.value.code == code and refused.value.status_code == 409
    assert action not in allowed_actions(status)


def test_a_shipped_order_is_not_cancellable_because_it_was_shipped() -> None:
    with pytest.raises(OrderRefused, match="it has been shipped"):
        decide(OrderAction.CANCEL, S.COMPLETED)


def test_a_stale_version_is_refused_as_changed_meanwhile() -> None:
    check_version(3, 3)
    with pytest.raises(OrderRefused) as refused:
        check_version(2, 3)
    assert refused.value.code == "order_status_changed"


LINES = [LineFacts(id=1, count=3, total=10000), LineFacts(id=2, count=1, total=2500)]


def test_a_whole_refund_gives_back_everything_left_shipping_included() -> None:
    plan = plan_refund(LINES, RefundRequest(whole=True), total=12990, shipping=490, refunded=0)
    assert plan.amount == 12990 and plan.shipping == 490
    assert [(p.line_id, p.quantity, p.amount) for p in plan.lines] == [(1, 3, 10000), (2, 1, 2500)]


def test_a_line_refund_gives_back_the_discounted_share_and_no_shipping() -> None:
    plan = plan_refund(
        LINES, RefundRequest(quantities={1: 1}, restock=frozenset({1})), total=12990, shipping=490, refunded=0
    )
    assert plan.amount == 3333 and plan.shipping == 0
    assert plan.lines[0].restock is True


def test_a_whole_refund_after_a_partial_one_gives_back_the_rest() -> None:
    lines = [LineFacts(id=1, count=3, total=10000, refunded=1), LineFacts(id=2, count=1, total=2500)]
    plan = plan_refund(lines, RefundRequest(whole=True), total=12990, shipping=490, refunded=3333)
    assert plan.amount == 12990 - 3333
    assert [(p.line_id, p.quantity) for p in plan.lines] == [(1, 2), (2, 1)]


def test_refunding_more_units_than_are_left_exceeds_what_was_paid() -> None:
    lines = [LineFacts(id=1, count=3, total=10000, refunded=2)]
    with pytest.raises(OrderRefused) as refused:
        plan_refund(lines, RefundRequest(quantities={1: 2}), total=10000, shipping=0, refunded=6667)
    assert refused.value.code == "refund_exceeds_paid"


def test_a_refund_of_nothing_or_of_a_foreign_line_is_invalid() -> None:
    with pytest.raises(InvalidOrderAction) as empty:
        plan_refund(LINES, RefundRequest(quantities={}), total=12990, shipping=490, refunded=0)
    assert empty.value.code == "refund_empty"
    with pytest.raises(InvalidOrderAction) as foreign:
        plan_refund(LINES, RefundRequest(quantities={99: 1}), total=12990, shipping=490, refunded=0)
    assert foreign.value.code == "unknown_order_line"


def test_a_partial_refund_keeps_the_status_and_a_full_one_makes_it_refunded() -> None:
    assert refund_status("completed", total=5000, refunded_after=2000) is S.COMPLETED
    assert refund_status("processing", total=5000, refunded_after=5000) is S.REFUNDED


@given(
    total=st.integers(min_value=0, max_value=10**9),
    count=st.integers(min_value=1, max_value=50),
    data=st.data(),
)
def test_refunding_a_line_piece_by_piece_sums_to_exactly_its_total(
    total: int, count: int, data: st.DataObject
) -> None:
    cuts = sorted(data.draw(st.lists(st.integers(min_value=0, max_value=count), max_size=6)))
    points = [0, *cuts, count]
    pieces = [
        line_share(total, count, b) - line_share(total, count, a) for a, b in itertools.pairwise(points)
    ]
    assert all(p >= 0 for p in pieces)
    assert sum(pieces) == total
