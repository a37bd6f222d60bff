"""The support console's use cases (docs/spec.md section 2.14; docs/support.md): search the
support index, replay a cart's timeline, export it, and audit every look.

Rules come from :mod:`services.support.domain` (the fold, keys, today's prices, CSV rows) and
:mod:`services.support.reference`; SQL from :mod:`services.support.repository`; a cart's events
from the cart application's event store. Functions take a database ``session`` and never
commit (the endpoint or CLI command does, so the audit entry lands with the answer). Money is
in integer minor units of the named currency; times are UTC, ISO 8601 in the documents.
"""

from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, Literal
from uuid import UUID

import orjson
from eventsourcing.application import AggregateNotFoundError
from sqlalchemy.orm import Session

from services.cart.application import CartApplication
from services.cart.domain import Cart
from services.shared.errors import Conflict, Invalid, NotFound
from services.shared.gc_tuning import gc_paused
from services.support import repository as repo
from services.support.domain import (
    CSV_HEADER,
    TimelineEntry,
    csv_rows,
    fold_timeline,
    price_today,
    seen_products,
    version_at,
)
from services.support.models import SupportCart
from services.support.projection import support_row
from services.support.reference import normalise_reference, support_reference

MAX_QUERY_LENGTH = 200
MAX_RESULTS = 50
MASKED_EMAIL = "[email]"
MAX_AUDIT_PAGE = 500
MatchKind = Literal["reference", "order", "email", "coupon", "sku"]
MATCH_ORDER: tuple[MatchKind, ...] = ("reference", "order", "email", "coupon", "sku")
Channel = Literal["api", "cli"]
View = Literal["search", "timeline", "export_json", "export_csv"]


def _utc(moment: datetime) -> datetime:
    """``moment`` as an aware UTC datetime (naive values from SQLite are UTC)."""
    return (moment if moment.tzinfo else moment.replace(tzinfo=UTC)).astimezone(UTC)


def _iso(moment: datetime) -> str:
    """ISO 8601 in UTC (naive values from SQLite are UTC)."""
    return (moment if moment.tzinfo else moment.replace(tzinfo=UTC)).astimezone(UTC).isoformat()


MASKED_TEXT = "[text]"
# What a search key looks like: a support reference, an order number, a coupon code or a SKU,
# one token of letters, digits and . _ - (a reference may be typed with a space in the middle).
_KEY_SHAPE = re.compile(r"^[A-Za-z0-9._-]{1,64}$")


def masked_query(query: str | None) -> str | None:
    """What the audit log keeps of a search text (no personal data in an append-only table,
    docs/spec.md section 2.14): ``"[email]"`` when it contains an ``@``; the text itself when it
    is shaped like a key the index holds (a reference, an order number, a coupon code, a SKU:
    one token of letters, digits, ``.``, ``_``, ``-``, or a reference typed with a space); else
    ``"[text]"`` (free text such as a name typed into the box)."""
    if query is None:
        return None
    text = query.strip()
    if "@" in text:
        return MASKED_EMAIL
    if _KEY_SHAPE.match(text) or normalise_reference(text) is not None:
        return text
    return MASKED_TEXT


def audit(
    session: Session,
    *,
    staff_id: int | None,
    channel: Channel,
    view: View,
    cart_id: str | None = None,
    version: int | None = None,
    query: str | None = None,
    result_count: int | None = None,
) -> None:
    """Append one ``support_audit`` entry (now, UTC); the query is masked (:func:`masked_query`).

    Call it after the look's reads: it first ends ``session``'s read transaction (a rollback;
    the look wrote nothing), so the insert opens a new transaction. On SQLite a read
    transaction that turns into a writer after another writer (a projector) committed fails at
    once with "database is locked"; a transaction that starts with the write waits for the
    writer lock instead (``busy_timeout``). The caller commits."""
    session.rollback()
    repo.add_audit(
        session,
        at=datetime.now(UTC),
        staff_id=staff_id,
        channel=channel,
        view=view,
        cart_id=cart_id,
        version=version,
        query=masked_query(query),
        result_count=result_count,
    )


# ---- search -------------------------------------------------------------------------------------


def check_query(q: str | None) -> str:
    """``q`` trimmed; 422 ``invalid_query`` when empty, longer than 200 characters or holding a
    NUL character (no key has one, and PostgreSQL text cannot: ``services/shared/text.py``)."""
    text = (q or "").strip()
    if not 1 <= len(text) <= MAX_QUERY_LENGTH:
        raise Invalid("invalid_query", f"Search for 1 to {MAX_QUERY_LENGTH} characters.")
    if "\x00" in text:
        raise Invalid("invalid_query", "Search text cannot contain a NUL character.")
    return text


def _result(row: dict[str, Any], matched_by: set[MatchKind]) -> dict[str, Any]:
    return {
        "cart_id": row["cart_id"],
        "reference": row["reference"],
        "matched_by": [kind for kind in MATCH_ORDER if kind in matched_by],
        "first_activity": _iso(row["first_activity"]),
        "last_activity": _iso(row["last_activity"]),
        "version": row["version"],
        "line_count": row["line_count"],
        "item_count": row["item_count"],
        "total": row["total"],
        "currency": row["currency"],
        "country": row["country"],
        "checkout_started": bool(row["checkout_started"]),
        "order_numbers": list(row["order_numbers"]),
    }


def _row_of(record: SupportCart) -> dict[str, Any]:
    return {c.name: getattr(record, c.name) for c in SupportCart.__table__.columns}


def _live_row(app: CartApplication, cart_id: str) -> dict[str, Any] | None:
    """The index row of a cart the projection has not reached yet, from its aggregate (None when
    the cart has no events)."""
    try:
        cart: Cart = app.repository.get(UUID(cart_id))
    except (AggregateNotFoundError, ValueError):
        return None
    return support_row(cart, ())


def search(session: Session, app: CartApplication, q: str | None) -> dict[str, Any]:
    """``{query, results}``: the carts ``q`` finds, newest ``last_activity`` first, at most 50.

    ``q`` (trimmed, 1..200 characters, else 422 ``invalid_query``) is tried as every kind of
    key at once: a support reference (any case, dash optional), an order number (digits: the
    order's cart and the index key), an email (contains ``@``: carts of the orders of that
    customer, case-insensitive, not erased), a coupon code (lower case) and a SKU (upper case).
    Each result says how it matched (``matched_by``). A cart found through its orders that the
    projection has not indexed yet is computed from its aggregate. Does not audit (the caller
    does, with the result count)."""
    text = check_query(q)
    found: dict[str, set[MatchKind]] = {}

    def add(kind: MatchKind, cart_ids: list[str]) -> None:
        for cart_id in cart_ids:
            found.setdefault(cart_id, set()).add(kind)

    # Each kind answers its newest MAX_RESULTS carts: the newest MAX_RESULTS of the union are
    # among them, and a popular SKU or coupon never loads thousands of carts.
    reference = normalise_reference(text)
    if reference is not None:
        add("reference", [row.cart_id for row in repo.carts_by_reference(session, reference, MAX_RESULTS)])
    if text.isascii() and text.isdigit() and len(text) <= 18:
        by_order = repo.cart_id_of_order(session, int(text))
        add(
            "order",
            ([by_order] if by_order else []) + repo.cart_ids_by_key(session, "order", text, MAX_RESULTS),
        )
    if "@" in text:
        add("email", repo.cart_ids_of_email(session, text, MAX_RESULTS))
    add("coupon", repo.cart_ids_by_key(session, "coupon", text.lower(), MAX_RESULTS))
    add("sku", repo.cart_ids_by_key(session, "sku", text.upper(), MAX_RESULTS))

    indexed = repo.index_rows(session, found)
    rows: list[dict[str, Any]] = []
    for cart_id in found:
        record = indexed.get(cart_id)
        row = _row_of(record) if record is not None else _live_row(app, cart_id)
        if row is not None:
            rows.append(row)
    rows.sort(key=lambda r: (_utc(r["last_activity"]), r["cart_id"]), reverse=True)
    return {"query": text, "results": [_result(row, found[row["cart_id"]]) for row in rows[:MAX_RESULTS]]}


# ---- timeline -----------------------------------------------------------------------------------


def cart_not_found(ref: str) -> NotFound:
    """404 ``cart_not_found``: no cart has this id or reference."""
    return NotFound("cart_not_found", f"No cart has the id or support reference {ref[:60]!r}.")


def resolve(session: Session, ref: str) -> str:
    """The cart id ``ref`` names: a cart id (UUID, any case) as is, or a support reference (any
    case or dash form) looked up in the index. Raises 404 ``cart_not_found`` (no such reference
    or neither shape) and 409 ``ambiguous_reference`` with ``candidates`` (the cart ids, newest
    first) when several carts share the reference."""
    text = ref.strip()
    try:
        return str(UUID(text))
    except ValueError:
        pass
    reference = normalise_reference(text)
    if reference is None:
        raise cart_not_found(ref)
    rows = repo.carts_by_reference(session, reference)
    if not rows:
        raise cart_not_found(ref)
    if len(rows) > 1:
        raise Conflict(
            "ambiguous_reference",
            f"{len(rows)} carts have the support reference {reference}; open one by its cart id.",
            candidates=[row.cart_id for row in rows],
        )
    return rows[0].cart_id


def parse_at(at: str | None) -> datetime | None:
    """``at`` (ISO 8601; without an offset it is UTC; a ``+`` of the offset that arrived
    unencoded, as a space, still counts) as an aware datetime; 422 ``invalid_at`` when it is
    not a date-time."""
    if at is None or not at.strip():
        return None
    text = at.strip().replace("Z", "+00:00").replace("z", "+00:00")
    text = re.sub(r"(\d) (\d\d:?\d\d)$", r"\1+\2", text)  # an unencoded "+02:00" arrives as " 02:00"
    try:
        moment = datetime.fromisoformat(text)
    except ValueError:
        raise Invalid("invalid_at", f"at must be an ISO 8601 date-time, not {at[:60]!r}.") from None
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def _order_json(order: Any, customer: Any) -> dict[str, Any]:
    erased = customer is None or customer.erased_at is not None
    return {
        "number": str(order.id),
        "status": order.status,
        "total": order.total,
        "currency": order.currency,
        "cart_version": order.cart_version,
        "date_created": _iso(order.date_created),
        "customer": None
        if erased
        else {"email": customer.email, "first_name": customer.first_name, "last_name": customer.last_name},
        "erased": customer is not None and customer.erased_at is not None,
    }


@dataclass(frozen=True, slots=True)
class Timeline:
    """A cart's replay: ``document`` (the JSON answer, see :func:`timeline`) and ``entries``
    (the fold's entries with datetimes, for the CSV export)."""

    document: dict[str, Any]
    entries: list[TimelineEntry]

    @property
    def cart_id(self) -> str:
        """The cart's id."""
        return str(self.document["cart_id"])

    @property
    def selected_version(self) -> int:
        """The version the document selects."""
        return int(self.document["selected_version"])


def _entry_json(entry: TimelineEntry) -> dict[str, Any]:
    return {**entry, "at": _iso(entry["at"])}


def timeline(
    session: Session, app: CartApplication, ref: str, *, version: int | None = None, at: str | None = None
) -> Timeline:
    """The timeline (``.document``) of the cart ``ref`` names (:func:`resolve`): ``{cart_id,
    reference, version (the last), selected_version, first_activity, last_activity, entries,
    orders, today}``.

    ``entries``: one per event from version 1 (``fold_timeline``; ``state`` is the cart API's
    answer at that version, money in minor units of its currency). ``selected_version``:
    ``version`` (1..last, else 422 ``version_not_found``), else the version at ``at`` (ISO
    8601, naive = UTC; before the first event 422 ``before_first_event``), else the last.
    ``orders``: the orders placed from the cart, oldest first, ``customer`` from
    ``order_customers`` only (None once erased). ``today``: today's catalogue price of every
    product seen in the cart. 404 ``cart_not_found`` for an unknown ref or a cart id without
    events. Does not audit (the caller does)."""
    cart_id = resolve(session, ref)
    with gc_paused():  # decoding and folding a long stream make many short-lived objects
        events = [e for e in app.repository.event_store.get(UUID(cart_id)) if isinstance(e, Cart.Event)]
        if not events:
            raise cart_not_found(ref)
        entries = fold_timeline(events)
    last = entries[-1]["version"]
    moment = parse_at(at)
    if version is not None:
        if not 1 <= version <= last:
            raise Invalid("version_not_found", f"This cart has versions 1 to {last}, not {version}.")
        selected = version
    elif moment is not None:
        found = version_at(entries, moment)
        if found is None:
            raise Invalid("before_first_event", f"The cart's first event is at {_iso(entries[0]['at'])}.")
        selected = found
    else:
        selected = last
    catalog = app.catalog
    document = {
        "cart_id": cart_id,
        "reference": support_reference(cart_id),
        "version": last,
        "selected_version": selected,
        "first_activity": _iso(entries[0]["at"]),
        "last_activity": _iso(entries[-1]["at"]),
        "entries": [_entry_json(entry) for entry in entries],
        "orders": [_order_json(o, c) for o, c in repo.orders_of_cart(session, cart_id)],
        "today": [
            price_today(pid, vid, catalog.product(pid, vid) if catalog is not None else None)
            for pid, vid in seen_products(entries)
        ],
    }
    return Timeline(document, entries)


def document_json(replay: Timeline) -> bytes:
    """The timeline document as UTF-8 JSON bytes. orjson, not the standard library: a
    1,000-event cart's document is several megabytes (a state per event), which ``json.dumps``
    encodes in about 90 ms and orjson in a tenth of that (``bench/support_timeline.py``)."""
    return orjson.dumps(replay.document)


def csv_text(replay: Timeline) -> str:
    """The CSV export of a timeline: ``CSV_HEADER`` then one row per entry (``csv_rows``: cells
    safe from spreadsheet formula injection), stdlib ``csv``, CRLF line ends."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(CSV_HEADER)
    writer.writerows(csv_rows(replay.entries))
    return out.getvalue()


def export_filename(replay: Timeline, ext: str) -> str:
    """``cart-<REF>-v<selected version>.<ext>``."""
    return f"cart-{replay.document['reference']}-v{replay.selected_version}.{ext}"


# ---- audit log ----------------------------------------------------------------------------------


def audit_log(session: Session, *, limit: int = 100, before_id: int | None = None) -> dict[str, Any]:
    """``{entries, next_before_id}``: audit entries newest first (``limit`` 1..500, else 422
    ``invalid_limit``), below ``before_id`` when given; ``staff_email``/``staff_role`` from the
    staff account today (None when it is gone or for the command line); ``reference`` of the
    cart. ``next_before_id`` is the id to pass for the next page, None on the last."""
    if not 1 <= limit <= MAX_AUDIT_PAGE:
        raise Invalid("invalid_limit", f"limit must be 1 to {MAX_AUDIT_PAGE}.")
    page = repo.audit_page(session, limit=limit + 1, before_id=before_id)
    more = len(page) > limit
    page = page[:limit]
    entries = []
    for entry, staff in page:
        entries.append(
            {
                "id": entry.id,
                "at": _iso(entry.at),
                "staff_id": entry.staff_id,
                "staff_email": staff.email if staff is not None else None,
                "staff_role": staff.role if staff is not None else None,
                "channel": entry.channel,
                "view": entry.view,
                "cart_id": entry.cart_id,
                "reference": _safe_reference(entry.cart_id),
                "version": entry.version,
                "query": entry.query,
                "result_count": entry.result_count,
            }
        )
    return {"entries": entries, "next_before_id": entries[-1]["id"] if more and entries else None}


def _safe_reference(cart_id: str | None) -> str | None:
    if cart_id is None:
        return None
    try:
        return support_reference(cart_id)
    except ValueError:
        return None
