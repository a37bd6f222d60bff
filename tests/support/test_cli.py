"""``shop support-replay REF [--version N] [--json]`` (docs/support.md): a cart's timeline in the
terminal, audited with channel ``cli``; unknown and ambiguous references exit 1."""

from __future__ import annotations

import json
from uuid import uuid4

from fastapi.testclient import TestClient
from sqlalchemy import select
from sqlalchemy.orm import Session
from typer.testing import CliRunner

from services.api.cli import app as cli
from services.cart.domain import cart_id_for
from services.support.models import SupportAudit, SupportCart
from services.support.reference import support_reference
from tests.checkout.conftest import cart, command, place, product
from tests.support.conftest import add_twin, index_now

runner = CliRunner()


def _cart_with_a_refusal(http: TestClient, db: Session) -> str:
    token = cart(http, (product(db), 1), checkout=False)
    assert command(http, token, {"type": "set_count", "line_id": "L7", "count": 2}).status_code >= 400
    assert command(http, token, {"type": "start_checkout"}).status_code == 200
    assert place(http, token).status_code in (200, 201)
    return str(cart_id_for(token))


def _last_audit(db: Session) -> SupportAudit:
    db.commit()
    return db.scalars(select(SupportAudit).order_by(SupportAudit.id.desc()).limit(1)).one()


def test_replay_prints_one_line_per_event_and_is_audited(http: TestClient, db: Session) -> None:
    cart_id = _cart_with_a_refusal(http, db)
    index_now()
    result = runner.invoke(cli, ["support-replay", support_reference(cart_id).lower()])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0].startswith(f"cart {cart_id} ({support_reference(cart_id)})")
    events = lines[1:]
    assert [line.split()[0] for line in events] == [f"v{n}" for n in range(1, len(events) + 1)]
    refused = [line for line in events if "REFUSED" in line]
    assert len(refused) == 1 and "shopper" in refused[0]
    assert all("€" in line and "items" in line for line in events)
    entry = _last_audit(db)
    assert (entry.channel, entry.view, entry.staff_id, entry.cart_id, entry.version) == (
        "cli",
        "timeline",
        None,
        cart_id,
        len(events),
    )


def test_replay_stops_at_the_version_and_prints_json(http: TestClient, db: Session) -> None:
    cart_id = _cart_with_a_refusal(http, db)
    short = runner.invoke(cli, ["support-replay", cart_id, "--version", "2"])
    assert short.exit_code == 0, short.output
    assert [line.split()[0] for line in short.output.splitlines()[1:]] == ["v1", "v2"]
    as_json = runner.invoke(cli, ["support-replay", cart_id, "--json", "--version", "3"])
    assert as_json.exit_code == 0, as_json.output
    doc = json.loads(as_json.output)
    assert doc["cart_id"] == cart_id and doc["selected_version"] == 3
    assert any(e["refusal"] for e in doc["entries"])
    assert _last_audit(db).version == 3


def test_unknown_ambiguous_and_missing_versions_exit_1(http: TestClient, db: Session) -> None:
    unknown = runner.invoke(cli, ["support-replay", str(uuid4())])
    assert unknown.exit_code == 1 and "No cart has" in unknown.output
    cart_id = _cart_with_a_refusal(http, db)
    assert runner.invoke(cli, ["support-replay", cart_id, "--version", "99"]).exit_code == 1
    index_now()
    row = db.get(SupportCart, cart_id)
    twin = str(uuid4())
    add_twin(db, row, twin)
    ambiguous = runner.invoke(cli, ["support-replay", row.reference])
    assert ambiguous.exit_code == 1
    assert "carts have the support reference" in ambiguous.output and twin in ambiguous.output
