"""Coupons at checkout (docs/spec.md section 5): re-checked with live facts when quoting and
when placing the order, and their usage counted atomically.

The cart keeps the codes the shopper applied (``cart.coupons``). Checkout reads each coupon as
stored now (``services.discounts.repository.facts_for_code``), checks it with the coupon rules
(``services/discounts/domain.py``: now with the billing email, so email restrictions and
per-user limits apply), resolves the individual-use rule and computes the discounts on the
re-priced lines. This is the only place the email rules run: the cart holds no personal data
and never sees the email (docs/events.md, "Coupons"), so the quote (with the email typed so
far) and placing the order must check them, and their refusal messages (which may name the
email) are composed here for the answer and never recorded in an event. Placing the order then counts one use per coupon with a conditional UPDATE
(``usage_count < usage_limit``), the arbiter when many orders race for the last use.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime

from sqlalchemy.orm import Session

from services.cart import rules as cart_rules
from services.checkout.errors import CheckoutConflict
from services.checkout.pricing import CouponResult, PricedLine
from services.discounts import domain as coupon_rules
from services.discounts import repository as coupon_repository
from services.discounts.domain import CouponFacts, CouponRefusal


@dataclass(frozen=True)
class CouponCheck:
    """The outcome for the cart's coupons: ``applied`` (valid, resolved, in the order applied),
    ``refused`` ``[(code, refusal)]`` and the discount ``result`` (minor units)."""

    applied: list[CouponFacts] = field(default_factory=list)
    refused: list[tuple[str, CouponRefusal]] = field(default_factory=list)
    result: CouponResult = field(default_factory=CouponResult)


def check_coupons(
    session: Session,
    codes: Sequence[str],
    lines: Sequence[PricedLine],
    currency: str,
    *,
    email: str | None,
    now: datetime,
) -> CouponCheck:
    """Check each code against the re-priced ``lines`` in ``currency`` (see the module
    docstring). ``email`` None skips the email checks (a quote before the form is filled)."""
    view = cart_rules.coupon_view([line.line for line in lines], currency)
    valid: list[CouponFacts] = []
    refused: list[tuple[str, CouponRefusal]] = []
    for code in codes:
        facts = coupon_repository.facts_for_code(session, code)
        if facts is None:
            refused.append((code, coupon_rules.not_found(code)))
            continue
        refusal = coupon_rules.check(facts, view, email=email, now=now) or coupon_rules.check_with_applied(
            facts, valid
        )
        if refusal is None:
            valid.append(facts)
        else:
            refused.append((code, refusal))
    applied = coupon_rules.resolve(valid)
    if not applied:
        return CouponCheck(applied=[], refused=refused)
    taken = coupon_rules.discounts(applied, view)
    result = CouponResult(
        per_line=dict(taken["per_line"]),
        per_coupon=[(c.code, int(taken["per_coupon"].get(c.code, 0))) for c in applied],
        free_shipping=bool(taken["free_shipping"]),
    )
    return CouponCheck(applied=applied, refused=refused, result=result)


def refuse_first(check: CouponCheck) -> None:
    """Placing an order: the first refused coupon stops it (409 with the rule's code and
    message, e.g. ``coupon_usage_limit``, ``coupon_email_restricted``)."""
    if check.refused:
        _, refusal = check.refused[0]
        raise CheckoutConflict(str(refusal.code), refusal.message)


def count_uses(session: Session, applied: Sequence[CouponFacts], email: str) -> None:
    """Count one use of each applied coupon by ``email`` (in coupon id order: concurrent orders
    lock rows in the same order). Raises 409 ``coupon_usage_limit`` when the conditional
    UPDATE finds the limit reached, ``coupon_user_limit`` when ``email`` used up its
    ``usage_limit_per_user``. ``used_by`` gains the email (lower-case), one entry per use."""
    address = email.strip().lower()
    for coupon in sorted(applied, key=lambda c: c.id or 0):
        if coupon.id is None:  # pragma: no cover - facts read from the table always have an id
            continue
        if not coupon_repository.count_use(session, coupon.id):
            raise CheckoutConflict(
                str(coupon_rules.RefusalCode.USAGE_LIMIT),
                f'Coupon "{coupon.code}" usage limit has been reached.',
            )
        used_by = coupon_repository.used_by(session, coupon.id)
        if coupon.usage_limit_per_user and sum(1 for e in used_by if e.strip().lower() == address) >= (
            coupon.usage_limit_per_user
        ):
            raise CheckoutConflict(
                str(coupon_rules.RefusalCode.USER_LIMIT),
                f'Coupon "{coupon.code}" usage limit has been reached for {email.strip()}.',
            )
        coupon_repository.set_used_by(session, coupon.id, [*used_by, address])
