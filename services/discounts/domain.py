"""Coupon rules (docs/spec.md sections 3, 5 and 9) as pure functions: no SQL, no HTTP, no clock.

* :func:`check` says whether one coupon applies to a cart, or the one refusal (a stable
  ``code`` and a WooCommerce-worded ``message`` naming the coupon) that stops it.
* :func:`resolve` is the spec's individual-use rule for several valid coupons.
* :func:`discounts` computes what valid coupons take off, per line and per coupon.

Money is integer minor units (cents) of the cart's ``currency`` ("EUR" or "USD"). A coupon
stores its fixed amounts in EUR and, optionally, in USD (``*_usd``; None means the same
number as EUR). Percent amounts are hundredths of a percent (1000 = 10 %).

The order of the checks (the first failing one is the refusal) follows WooCommerce's
``WC_Discounts::validate_coupon``: expiry, usage limit, email restriction, per-user limit,
minimum spend, maximum spend, excluded items (``fixed_cart`` only), product/category
restrictions and eligible items. The email checks run only when the email is known
(``email`` not None): the cart may not know it yet; checkout checks again with the
billing email, as WooCommerce does.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from enum import StrEnum
from typing import Any

from services.shared.money import format_money, half_up_div

PERCENT_SCALE = 10_000  # percent amounts are hundredths of a percent: 10000 = 100 %
# The facts that hold personal data (emails): checked where the email is known (checkout),
# never written to an event or snapshot (docs/events.md, "What events never hold").
PERSONAL_FIELDS = ("used_by", "email_restrictions")


class DiscountType(StrEnum):
    """WooCommerce discount types (docs/spec.md section 3)."""

    FIXED_CART = "fixed_cart"
    PERCENT = "percent"
    FIXED_PRODUCT = "fixed_product"


class RefusalCode(StrEnum):
    """Why a coupon does not apply; each has its own message (see :func:`check`)."""

    NOT_FOUND = "coupon_not_found"
    EXPIRED = "coupon_expired"
    MINIMUM_SPEND = "coupon_minimum_spend"
    MAXIMUM_SPEND = "coupon_maximum_spend"
    USAGE_LIMIT = "coupon_usage_limit"
    EMAIL_RESTRICTED = "coupon_email_restricted"
    USER_LIMIT = "coupon_user_limit"
    EXCLUDED_ITEMS = "coupon_excluded_items"
    SALE_ITEMS = "coupon_sale_items"
    NOT_APPLICABLE = "coupon_not_applicable"
    INDIVIDUAL_USE = "coupon_individual_use"
    ALREADY_APPLIED = "coupon_already_applied"
    NOT_APPLIED = "coupon_not_applied"


@dataclass(frozen=True)
class CouponRefusal:
    """A coupon refused: stable ``code`` (:class:`RefusalCode` value) and the shopper's ``message``."""

    code: str
    message: str


@dataclass(frozen=True)
class CouponFacts:
    """A coupon as stored (docs/spec.md section 3), the facts its checks decide with.

    ``code`` is lower-case (stored as WooCommerce does). ``amount``: hundredths of a percent
    for ``percent``, else EUR minor units; ``amount_usd`` the USD minor units (None: same
    number as ``amount``). ``minimum_amount``/``maximum_amount`` EUR minor units (None or 0:
    no limit), ``*_usd`` likewise for USD. ``date_expires`` UTC (naive means UTC); None never
    expires. ``usage_limit``/``usage_limit_per_user`` None or 0: unlimited. ``used_by``: the
    emails of past uses, one entry per use. ``email_restrictions``: allowed emails; an entry
    starting with ``*`` matches by its ending (``*@example.com``).
    """

    code: str
    discount_type: str = DiscountType.FIXED_CART
    amount: int = 0
    id: int | None = None
    amount_usd: int | None = None
    date_expires: datetime | None = None
    minimum_amount: int | None = None
    minimum_amount_usd: int | None = None
    maximum_amount: int | None = None
    maximum_amount_usd: int | None = None
    product_ids: tuple[int, ...] = ()
    product_categories: tuple[int, ...] = ()
    excluded_product_ids: tuple[int, ...] = ()
    excluded_product_categories: tuple[int, ...] = ()
    exclude_sale_items: bool = False
    usage_limit: int | None = None
    usage_limit_per_user: int | None = None
    usage_count: int = 0
    used_by: tuple[str, ...] = ()
    email_restrictions: tuple[str, ...] = ()
    individual_use: bool = False
    free_shipping: bool = False

    def amount_in(self, currency: str) -> int:
        """The amount for ``currency``: hundredths of a percent for ``percent`` coupons, else
        minor units of ``currency`` (USD falls back to the EUR number)."""
        if self.discount_type == DiscountType.PERCENT:
            return max(0, self.amount)
        return max(0, _in(currency, self.amount, self.amount_usd) or 0)

    def minimum_in(self, currency: str) -> int:
        """Minimum spend in minor units of ``currency`` (0: none)."""
        return max(0, _in(currency, self.minimum_amount, self.minimum_amount_usd) or 0)

    def maximum_in(self, currency: str) -> int:
        """Maximum spend in minor units of ``currency`` (0: none, docs/spec.md section 5)."""
        return max(0, _in(currency, self.maximum_amount, self.maximum_amount_usd) or 0)

    def to_record(self) -> dict[str, Any]:
        """The coupon's facts as a JSON-shaped dict for events and snapshots (``CouponApplied``,
        the cart's ``coupons``): the code and the numeric discount facts (``date_expires`` ISO
        8601 UTC or None, amounts in minor units or hundredths of a percent, usage limits as
        numbers). Never ``used_by`` or ``email_restrictions`` (``PERSONAL_FIELDS``): those are
        emails, and the rules that need them run at checkout with the buyer's email
        (docs/events.md, "What events never hold")."""
        return {
            "id": self.id,
            "code": self.code,
            "discount_type": str(self.discount_type),
            "amount": self.amount,
            "amount_usd": self.amount_usd,
            "date_expires": _utc(self.date_expires).isoformat() if self.date_expires else None,
            "minimum_amount": self.minimum_amount,
            "minimum_amount_usd": self.minimum_amount_usd,
            "maximum_amount": self.maximum_amount,
            "maximum_amount_usd": self.maximum_amount_usd,
            "product_ids": list(self.product_ids),
            "product_categories": list(self.product_categories),
            "excluded_product_ids": list(self.excluded_product_ids),
            "excluded_product_categories": list(self.excluded_product_categories),
            "exclude_sale_items": self.exclude_sale_items,
            "usage_limit": self.usage_limit,
            "usage_limit_per_user": self.usage_limit_per_user,
            "usage_count": self.usage_count,
            "individual_use": self.individual_use,
            "free_shipping": self.free_shipping,
        }

    @classmethod
    def from_record(cls, data: Mapping[str, Any]) -> CouponFacts:
        """The inverse of :meth:`to_record` (unknown keys ignored). ``used_by`` and
        ``email_restrictions`` in records stored before they were left out are ignored too:
        the facts read back never carry personal data, so the cart's checks skip the email
        rules (checkout runs them with live facts)."""
        expires = data.get("date_expires")
        return cls(
            id=data.get("id"),
            code=str(data["code"]),
            discount_type=str(data.get("discount_type", DiscountType.FIXED_CART)),
            amount=int(data.get("amount") or 0),
            amount_usd=data.get("amount_usd"),
            date_expires=datetime.fromisoformat(expires) if isinstance(expires, str) else expires,
            minimum_amount=data.get("minimum_amount"),
            minimum_amount_usd=data.get("minimum_amount_usd"),
            maximum_amount=data.get("maximum_amount"),
            maximum_amount_usd=data.get("maximum_amount_usd"),
            product_ids=tuple(data.get("product_ids") or ()),
            product_categories=tuple(data.get("product_categories") or ()),
            excluded_product_ids=tuple(data.get("excluded_product_ids") or ()),
            excluded_product_categories=tuple(data.get("excluded_product_categories") or ()),
            exclude_sale_items=bool(data.get("exclude_sale_items")),
            usage_limit=data.get("usage_limit"),
            usage_limit_per_user=data.get("usage_limit_per_user"),
            usage_count=int(data.get("usage_count") or 0),
            individual_use=bool(data.get("individual_use")),
            free_shipping=bool(data.get("free_shipping")),
        )


@dataclass(frozen=True)
class LineView:
    """A cart line as the coupon rules see it. ``line_total`` = what the shopper pays for the
    line before coupons (minor units, unit price with extras times count); ``on_sale``: priced
    below its regular price; ``category_ids``: the product's categories."""

    line_id: str
    product_id: int
    count: int
    unit_price: int
    line_total: int
    variation_id: int | None = None
    category_ids: tuple[int, ...] = ()
    on_sale: bool = False
    name: str = ""


@dataclass(frozen=True)
class CartView:
    """The cart the coupons are checked against: its ``currency`` and its lines with a count
    above 0 (lines at 0 wait for the Remove button and are ignored)."""

    currency: str
    lines: tuple[LineView, ...] = field(default_factory=tuple)

    @property
    def subtotal(self) -> int:
        """Sum of the line totals before coupons (minor units): the spend the limits compare with."""
        return sum(line.line_total for line in self.lines)


def personal_free(record: Mapping[str, Any]) -> dict[str, Any]:
    """``record`` (a :meth:`CouponFacts.to_record` dict, possibly stored before the personal
    fields were left out) without ``PERSONAL_FIELDS``: what old events and snapshots are
    upcast and rewritten to (docs/events.md)."""
    return {key: value for key, value in record.items() if key not in PERSONAL_FIELDS}


def normalize_code(code: str) -> str:
    """How codes are compared and stored: stripped, lower-case (WooCommerce)."""
    return code.strip().lower()


def not_found(code: str) -> CouponRefusal:
    """The refusal for a code no coupon has: ``Coupon "X" does not exist!`` (WooCommerce)."""
    return CouponRefusal(RefusalCode.NOT_FOUND, f'Coupon "{code.strip()}" does not exist!')


def already_applied(coupon: CouponFacts) -> CouponRefusal:
    """The refusal for a coupon the cart already has."""
    return CouponRefusal(RefusalCode.ALREADY_APPLIED, f'Coupon code "{coupon.code}" already applied!')


def not_applied(code: str) -> CouponRefusal:
    """The refusal for removing a coupon the cart does not have."""
    return CouponRefusal(RefusalCode.NOT_APPLIED, f'Coupon "{code.strip()}" is not applied to your cart.')


# ---- checks ----------------------------------------------------------------------------------


def check(
    coupon: CouponFacts,
    cart: CartView,
    *,
    email: str | None = None,
    now: datetime,
    uses_by_email: int | None = None,
) -> CouponRefusal | None:
    """None when ``coupon`` applies to ``cart`` at ``now`` (docs/spec.md section 5), else the refusal.

    ``email``: the shopper's email, or None when not known yet (then the email restriction
    and the per-user limit are not checked). ``uses_by_email``: how often that email used the
    coupon; None counts the coupon's ``used_by`` entries (case-insensitive).
    """
    name = coupon.code
    currency = cart.currency
    if is_expired(coupon, now):
        return CouponRefusal(RefusalCode.EXPIRED, f'Coupon "{name}" has expired.')
    if coupon.usage_limit and coupon.usage_count >= coupon.usage_limit:
        return CouponRefusal(RefusalCode.USAGE_LIMIT, f'Coupon "{name}" usage limit has been reached.')
    if email is not None:
        if coupon.email_restrictions and not email_allowed(email, coupon.email_restrictions):
            return CouponRefusal(
                RefusalCode.EMAIL_RESTRICTED, f'Please enter a valid email to use coupon "{name}".'
            )
        if coupon.usage_limit_per_user:
            uses = uses_by_email if uses_by_email is not None else _uses_of(email, coupon.used_by)
            if uses >= coupon.usage_limit_per_user:
                return CouponRefusal(
                    RefusalCode.USER_LIMIT,
                    f'Coupon "{name}" usage limit has been reached for {email.strip()}.',
                )
    minimum = coupon.minimum_in(currency)
    if minimum and cart.subtotal < minimum:
        return CouponRefusal(
            RefusalCode.MINIMUM_SPEND,
            f'The minimum spend for coupon "{name}" is {format_money(minimum, currency)}.',
        )
    maximum = coupon.maximum_in(currency)
    if maximum and cart.subtotal > maximum:
        return CouponRefusal(
            RefusalCode.MAXIMUM_SPEND,
            f'The maximum spend for coupon "{name}" is {format_money(maximum, currency)}.',
        )
    if coupon.discount_type == DiscountType.FIXED_CART:
        excluded = [line for line in cart.lines if _excluded(coupon, line)]
        if excluded:
            names = ", ".join(dict.fromkeys(line.name or f"#{line.product_id}" for line in excluded))
            return CouponRefusal(
                RefusalCode.EXCLUDED_ITEMS,
                f'Sorry, coupon "{name}" is not applicable to the products: {names}.',
            )
        if coupon.exclude_sale_items and any(line.on_sale for line in cart.lines):
            return CouponRefusal(
                RefusalCode.SALE_ITEMS, f'Sorry, coupon "{name}" is not valid for sale items.'
            )
    if _restricted(coupon) and not any(_matches(coupon, line) for line in cart.lines):
        return _not_applicable(name)
    if coupon.discount_type != DiscountType.FIXED_CART and not any(
        eligible(coupon, line) for line in cart.lines
    ):
        if coupon.exclude_sale_items and any(line.on_sale for line in cart.lines):
            return CouponRefusal(
                RefusalCode.SALE_ITEMS, f'Sorry, coupon "{name}" is not valid for sale items.'
            )
        return _not_applicable(name)
    return None


def is_expired(coupon: CouponFacts, now: datetime) -> bool:
    """True once ``now`` is past ``date_expires`` (naive datetimes are UTC)."""
    return coupon.date_expires is not None and _utc(now) > _utc(coupon.date_expires)


def email_allowed(email: str, restrictions: Iterable[str]) -> bool:
    """``email`` is one of ``restrictions`` (case-insensitive); an entry starting with ``*``
    matches every email ending with the rest of it, e.g. ``*@halvard.gg`` (docs/spec.md section 5)."""
    address = email.strip().lower()
    if not address:
        return False
    for entry in restrictions:
        allowed = entry.strip().lower()
        if allowed.startswith("*"):
            if address.endswith(allowed[1:]):
                return True
        elif address == allowed:
            return True
    return False


def eligible(coupon: CouponFacts, line: LineView) -> bool:
    """The line may be discounted by ``coupon``: it matches the product/category restrictions
    (if any), is not excluded, and is not a sale item when sale items are excluded."""
    if _restricted(coupon) and not _matches(coupon, line):
        return False
    if _excluded(coupon, line):
        return False
    return not (coupon.exclude_sale_items and line.on_sale)


def resolve(valid: Sequence[CouponFacts]) -> list[CouponFacts]:
    """docs/spec.md section 5: when several coupons are valid, the ``individual_use`` ones are dropped
    (one valid coupon is kept whatever its flag). Order is kept."""
    if len(valid) <= 1:
        return list(valid)
    return [coupon for coupon in valid if not coupon.individual_use]


def check_with_applied(coupon: CouponFacts, applied: Sequence[CouponFacts]) -> CouponRefusal | None:
    """Whether ``coupon`` may join the ``applied`` (valid) coupons: not already there, and
    :func:`resolve` of them all keeps every one (an individual-use coupon is never combined)."""
    if any(c.code == coupon.code for c in applied):
        return already_applied(coupon)
    together = [*applied, coupon]
    if len(resolve(together)) == len(together):
        return None
    alone = next((c for c in applied if c.individual_use), None)
    if alone is not None:
        return CouponRefusal(
            RefusalCode.INDIVIDUAL_USE,
            f'Sorry, coupon "{alone.code}" has already been applied and cannot be used in conjunction '
            "with other coupons.",
        )
    return CouponRefusal(
        RefusalCode.INDIVIDUAL_USE,
        f'Sorry, coupon "{coupon.code}" cannot be used in conjunction with other coupons.',
    )


# ---- discount amounts -------------------------------------------------------------------------


_ORDER: dict[str, int] = {DiscountType.FIXED_PRODUCT: 0, DiscountType.PERCENT: 1, DiscountType.FIXED_CART: 2}


def discounts(coupons: Sequence[CouponFacts], cart: CartView) -> dict[str, Any]:
    """What ``coupons`` (already checked and resolved) take off ``cart``, in minor units.

    Returns ``{"per_line": {line_id: int}, "per_coupon": {code: int}, "total": int,
    "free_shipping": bool}``. Coupons apply in WooCommerce's order (fixed_product, percent,
    fixed_cart; ties keep the given order), each on what earlier ones left of each line:

    * ``percent``: each eligible line's total (before coupons) times amount / 10000,
      rounded half up per line;
    * ``fixed_product``: amount per unit on each eligible line;
    * ``fixed_cart``: amount split across eligible lines in proportion to what is left of
      them, rounded down, the remainder cent by cent from the largest line on.

    No line's discount ever exceeds its total, so totals are never negative.
    """
    left = {line.line_id: line.line_total for line in cart.lines}
    per_line = {line.line_id: 0 for line in cart.lines}
    per_coupon: dict[str, int] = {}
    ordered = sorted(enumerate(coupons), key=lambda pair: (_ORDER.get(pair[1].discount_type, 3), pair[0]))
    for _, coupon in ordered:
        lines = [line for line in cart.lines if eligible(coupon, line) and left[line.line_id] > 0]
        amount = coupon.amount_in(cart.currency)
        if coupon.discount_type == DiscountType.PERCENT:
            pct = min(amount, PERCENT_SCALE)
            taken = {line.line_id: half_up_div(line.line_total * pct, PERCENT_SCALE) for line in lines}
        elif coupon.discount_type == DiscountType.FIXED_PRODUCT:
            taken = {line.line_id: amount * line.count for line in lines}
        else:
            taken = _split(amount, [(line.line_id, left[line.line_id]) for line in lines])
        total = 0
        for line_id, value in taken.items():
            value = min(value, left[line_id])
            left[line_id] -= value
            per_line[line_id] += value
            total += value
        per_coupon[coupon.code] = per_coupon.get(coupon.code, 0) + total
    return {
        "per_line": per_line,
        "per_coupon": per_coupon,
        "total": sum(per_line.values()),
        "free_shipping": any(coupon.free_shipping for coupon in coupons),
    }


def _split(amount: int, shares: list[tuple[str, int]]) -> dict[str, int]:
    """Split ``amount`` (capped at the sum) over ``shares`` ``[(key, weight)]`` proportionally."""
    base = sum(weight for _, weight in shares)
    if base <= 0 or amount <= 0:
        return {}
    amount = min(amount, base)
    parts = {key: amount * weight // base for key, weight in shares}
    rest = amount - sum(parts.values())
    for key, weight in sorted(shares, key=lambda pair: -pair[1]):  # stable: cart order on ties
        if rest <= 0:
            break
        extra = min(rest, weight - parts[key])
        parts[key] += extra
        rest -= extra
    return parts


# ---- helpers ------------------------------------------------------------------------------------


def _in(currency: str, eur: int | None, usd: int | None) -> int | None:
    if currency == "USD" and usd is not None:
        return usd
    return eur


def _utc(moment: datetime) -> datetime:
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)


def _uses_of(email: str, used_by: Iterable[str]) -> int:
    address = email.strip().lower()
    return sum(1 for entry in used_by if entry.strip().lower() == address)


def _restricted(coupon: CouponFacts) -> bool:
    return bool(coupon.product_ids or coupon.product_categories)


def _ids(line: LineView) -> set[int]:
    return {line.product_id} | ({line.variation_id} if line.variation_id is not None else set())


def _matches(coupon: CouponFacts, line: LineView) -> bool:
    return bool(_ids(line) & set(coupon.product_ids)) or bool(
        set(line.category_ids) & set(coupon.product_categories)
    )


def _excluded(coupon: CouponFacts, line: LineView) -> bool:
    return bool(_ids(line) & set(coupon.excluded_product_ids)) or bool(
        set(line.category_ids) & set(coupon.excluded_product_categories)
    )


def _not_applicable(name: str) -> CouponRefusal:
    return CouponRefusal(
        RefusalCode.NOT_APPLICABLE, f'Sorry, coupon "{name}" is not applicable to selected products.'
    )
