"""The event-store privacy scan (docs/events.md, "What events never hold"): every stored cart
event and snapshot, read as the store keeps it, must hold nothing shaped like an email address.

``assert_no_email_in_store(app)`` reads the raw rows through the library's recorders (the
application recorder's notification log for every event, the snapshot recorder per cart),
undoes the store's compression/encryption when the application uses any, and checks both the
bytes as text and the decoded JSON (so an escaped ``\\u0040`` is caught too). The cart and
checkout test modules call it when their application fixtures are torn down, so every flow
they run is scanned.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

EMAIL = re.compile(r"[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+")
PAGE = 500


def _plain(app: Any, state: bytes) -> bytes:
    mapper = app.mapper
    if mapper.cipher:
        state = mapper.cipher.decrypt(state)
    if mapper.compressor:
        state = mapper.compressor.decompress(state)
    return state


def stored_rows(app: Any) -> Iterator[tuple[str, Any, int, bytes]]:
    """``(kind, originator_id, version, plain state bytes)`` of every stored event ("event") and
    every snapshot ("snapshot") of ``app`` (a ``CartApplication``)."""
    ids = []
    start = 1
    while True:
        page = app.recorder.select_notifications(start=start, limit=PAGE)
        for row in page:
            ids.append(row.originator_id)
            yield "event", row.originator_id, row.originator_version, _plain(app, row.state)
        if len(page) < PAGE:
            break
        start = page[-1].id + 1
    if app.snapshots is None:
        return
    for originator_id in dict.fromkeys(ids):
        for row in app.snapshots.recorder.select_events(originator_id):
            yield "snapshot", row.originator_id, row.originator_version, _plain(app, row.state)


def email_hits(app: Any) -> list[str]:
    """Each stored event or snapshot holding email-shaped text: ``"<kind> <id> v<version>: <hit>"``."""
    hits = []
    for kind, originator_id, version, state in stored_rows(app):
        text = state.decode("utf-8", errors="replace")
        try:
            text += "\n" + json.dumps(json.loads(text), ensure_ascii=False)
        except ValueError:
            pass
        hits.extend(f"{kind} {originator_id} v{version}: {found}" for found in EMAIL.findall(text))
    return hits


def assert_no_email_in_store(app: Any) -> int:
    """Fail listing every hit when any stored event or snapshot holds an email-shaped text;
    returns how many rows were scanned (so a caller can check the scan saw its flows)."""
    rows = sum(1 for _ in stored_rows(app))
    hits = email_hits(app)
    assert not hits, "personal data (email) in the cart event store:\n" + "\n".join(hits[:20])
    return rows
