"""No personal data in cart events or snapshots (docs/events.md, "What events never hold").

The event store is append-only: ``erase-personal-data`` cannot reach it, so nothing personal
(email, name, address, phone, IP address) may ever be written to it. The cart's own rules keep
new events clean (coupon facts without ``used_by``/``email_restrictions``, coupon codes without
``@``, payment intents from a closed set). This module holds what cleans the events written
before those rules:

* :func:`scrub_text` removes email-shaped text from a message;
* :func:`scrub_cart_state` cleans a snapshot's aggregate state (the ``Cart`` upcaster);
* :func:`rewrite_store` decodes every stored event and snapshot with the library's mapper
  (upcasting them, see ``services/cart/domain.py``), scrubs them and writes the re-encoded bytes
  back: migration 0011 runs it on both engines, so the old bytes are gone from disk.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from eventsourcing.domain import Snapshot
from eventsourcing.persistence import StoredEvent
from eventsourcing.utils import resolve_topic
from sqlalchemy import Connection, RowMapping, text

from services.discounts.domain import personal_free

# Anything shaped like an email address: local part, "@", a domain with a dot.
EMAIL = re.compile(r"[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+")
REMOVED = "(email removed)"
PAGE = 500  # rows read per query while rewriting


def scrub_text(message: str | None) -> str | None:
    """``message`` with every email-shaped part replaced by ``"(email removed)"`` (None stays None)."""
    if message is None:
        return None
    return EMAIL.sub(REMOVED, message)


def allowed_intent(intent: Any) -> str | None:
    """``intent`` when it is one of ``rules.PAYMENT_INTENTS``, else None (free text recorded
    before the set was closed is dropped, never shown)."""
    from services.cart.rules import PAYMENT_INTENTS

    return intent if intent in PAYMENT_INTENTS else None


def scrub_cart_state(state: dict[str, Any]) -> None:
    """Clean a ``Cart`` snapshot's state in place: applied coupons without the personal coupon
    fields, remembered refusal messages and the payment intent as :func:`scrub_text` and
    :func:`allowed_intent` make them."""
    if state.get("coupons"):
        state["coupons"] = [personal_free(record) for record in state["coupons"]]
    for seen in (state.get("processed") or {}).values():
        refused = seen.get("refused")
        if refused and refused.get("message"):
            refused["message"] = scrub_text(refused["message"])
    if "intent" in state:
        state["intent"] = allowed_intent(state["intent"])


def _upcast_snapshot(snapshot: Snapshot) -> None:
    """Bring a decoded snapshot's aggregate state up to its class's ``class_version`` with the
    class's upcasters (what ``Snapshot.mutate`` does when loading), so the rewritten bytes hold
    the clean state and say so (``class_version``)."""
    cls = resolve_topic(snapshot.topic)
    state = dict(snapshot.state)
    version = state.pop("class_version", 1)
    target = getattr(cls, "class_version", 1)
    while version < target:
        getattr(cls, f"upcast_v{version}_v{version + 1}")(state)
        version += 1
    if version > 1:
        state["class_version"] = version
    scrub_cart_state(state)  # idempotent: also cleans a state that already claimed version 2
    object.__setattr__(snapshot, "state", state)


def _rows(conn: Connection, table: str) -> Iterator[RowMapping]:
    """Every row of an event table, in pages (keyset on the primary key)."""
    last: tuple[Any, int] | None = None
    while True:
        where = (
            ""
            if last is None
            else "WHERE (originator_id > :id) OR (originator_id = :id AND originator_version > :v)"
        )
        params = {} if last is None else {"id": last[0], "v": last[1]}
        page = (
            conn.execute(
                text(
                    f"SELECT originator_id, originator_version, topic, state FROM {table} {where} "  # noqa: S608 - table names are ours
                    f"ORDER BY originator_id, originator_version LIMIT {PAGE}"
                ),
                params,
            )
            .mappings()
            .all()
        )
        if not page:
            return
        yield from page
        last = (page[-1]["originator_id"], page[-1]["originator_version"])


def rewrite_store(conn: Connection, events_table: str, snapshots_table: str | None) -> int:
    """Rewrite the stored cart events (``events_table``) and snapshots (``snapshots_table``, or
    None when there is none) on ``conn``: each row is decoded by the library's mapper (which runs
    the upcasters of ``services/cart/domain.py``: coupon facts lose ``used_by`` and
    ``email_restrictions``, refusal messages lose emails, a free-text payment intent becomes
    null), re-encoded the same way the application stores it, and written back when the bytes
    differ. Idempotent. Returns the number of rows rewritten. The caller owns the transaction."""
    from services.cart.application import CartApplication

    mapper = CartApplication(env={"PERSISTENCE_MODULE": "eventsourcing.popo"}).mapper
    changed = 0
    for table in [events_table, *([snapshots_table] if snapshots_table else [])]:
        updates = []
        for row in _rows(conn, table):
            state = bytes(row["state"])
            stored = StoredEvent(
                originator_id=row["originator_id"],
                originator_version=row["originator_version"],
                topic=row["topic"],
                state=state,
            )
            decoded = mapper.to_domain_event(stored)
            if isinstance(decoded, Snapshot):
                _upcast_snapshot(decoded)
            fresh = mapper.to_stored_event(decoded)
            if fresh.state != state:
                updates.append(
                    {"id": row["originator_id"], "v": row["originator_version"], "state": fresh.state}
                )
        for start in range(0, len(updates), PAGE):
            conn.execute(
                text(
                    f"UPDATE {table} SET state = :state "  # noqa: S608 - table names are ours
                    "WHERE originator_id = :id AND originator_version = :v"
                ),
                updates[start : start + PAGE],
            )
        changed += len(updates)
    return changed
