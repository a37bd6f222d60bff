"""``/api/ga/added-to-cart`` and ``/api/ga/removed-from-cart`` (docs/spec.md section 7): recorded once per
``event_id``, validated, never cached; on SQLite and PostgreSQL."""

from __future__ import annotations

import threading
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from services.analytics.models import AnalyticsEvent
from services.analytics.repository import CartEvent, net_quantities, record
from services.api.app import create_app
from services.shared.settings import get_settings

ADD = "/api/ga/added-to-cart"
REMOVE = "/api/ga/removed-from-cart"


@pytest.fixture
def client(db_url: str, monkeypatch: pytest.MonkeyPatch) -> Iterator[TestClient]:
    """A client without the lifespan (no projector thread needed here)."""
    monkeypatch.setenv("RUN_PROJECTIONS", "false")
    get_settings.cache_clear()
    yield TestClient(create_app())


def count(session: Session) -> int:
    """Rows in ``analytics_events`` (fresh read)."""
    session.expire_all()
    return session.execute(select(func.count()).select_from(AnalyticsEvent)).scalar_one()


def test_added_to_cart_is_recorded_once(client: TestClient, session: Session) -> None:
    params = {
        "cid": "123.456",
        "product_id": "1001",
        "quantity": "2",
        "variation": "2002",
        "event_id": "evt-000001",
    }
    first = client.get(ADD, params=params)
    assert first.status_code == 200 and first.json() == {"recorded": True}
    assert first.headers["cache-control"] == "no-store"
    retry = client.get(ADD, params=params)
    assert retry.status_code == 200 and retry.json() == {"recorded": False}
    assert retry.headers["cache-control"] == "no-store"
    assert count(session) == 1
    row = session.get(AnalyticsEvent, "evt-000001")
    assert row is not None
    assert (row.name, row.cid, row.product_id, row.variation_id, row.quantity) == (
        "added_to_cart",
        "123.456",
        1001,
        2002,
        2,
    )


def test_removed_from_cart_and_net_quantities(client: TestClient, session: Session) -> None:
    assert client.get(
        ADD, params={"cid": "c1", "product_id": 7, "quantity": 3, "event_id": "a-00000001"}
    ).json() == {"recorded": True}
    assert client.get(
        ADD, params={"cid": "c1", "product_id": 7, "quantity": 3, "event_id": "a-00000001"}
    ).json() == {"recorded": False}
    r = client.get(REMOVE, params={"cid": "c1", "product_id": 7, "quantity": 1, "event_id": "r-00000001"})
    assert r.status_code == 200 and r.json() == {"recorded": True}
    assert net_quantities(session) == {(7, None): {"added": 3, "removed": 1}}
    row = session.get(AnalyticsEvent, "r-00000001")
    assert row is not None and row.name == "removed_from_cart" and row.variation_id is None


@pytest.mark.parametrize("variation", ["", "0"])
def test_no_variation(client: TestClient, session: Session, variation: str) -> None:
    params = {
        "cid": "c",
        "product_id": 5,
        "quantity": 1,
        "variation": variation,
        "event_id": f"novar-{variation}xx",
    }
    assert client.get(ADD, params=params).status_code == 200
    assert session.get(AnalyticsEvent, f"novar-{variation}xx").variation_id is None  # type: ignore[union-attr]


GOOD = {"cid": "123.456", "product_id": "1001", "quantity": "1", "event_id": "evt-abcdef12"}


@pytest.mark.parametrize(
    ("path", "change", "mentions"),
    [
        (ADD, {"cid": None}, "cid"),
        (ADD, {"cid": ""}, "cid"),
        (ADD, {"cid": "has space"}, "cid"),
        (ADD, {"event_id": None}, "event_id"),
        (ADD, {"event_id": "short"}, "event_id"),
        (ADD, {"event_id": "x" * 65}, "event_id"),
        (ADD, {"event_id": "bad id with spaces"}, "event_id"),
        (ADD, {"product_id": None}, "product_id"),
        (ADD, {"product_id": "abc"}, "product_id"),
        (ADD, {"product_id": "-3"}, "product_id"),
        (ADD, {"product_id": "0"}, "product_id"),
        (ADD, {"quantity": None}, "quantity"),
        (ADD, {"quantity": "0"}, "quantity"),
        (ADD, {"quantity": "-1"}, "quantity"),
        (ADD, {"quantity": "1.5"}, "quantity"),
        (ADD, {"quantity": "two"}, "quantity"),
        (ADD, {"quantity": "1001"}, "quantity"),
        (ADD, {"variation": "abc"}, "variation"),
        (REMOVE, {"product_id": "1e3"}, "product_id"),
        (REMOVE, {"quantity": "99999999999999999999"}, "quantity"),
        (REMOVE, {"event_id": None}, "event_id"),
    ],
)
def test_bad_input_is_a_400_with_a_message(
    client: TestClient, session: Session, path: str, change: dict[str, str | None], mentions: str
) -> None:
    params = {k: v for k, v in {**GOOD, **change}.items() if v is not None}
    r = client.get(path, params=params)
    assert r.status_code == 400
    assert r.json()["code"] == "invalid_analytics_event"
    assert mentions in r.json()["message"]
    assert r.headers["cache-control"] == "no-store"
    assert count(session) == 0


def test_concurrent_retries_count_once(db_url: str, session: Session) -> None:
    """Insert-if-absent is atomic: parallel sessions recording one event insert one row."""
    from services.shared.db import get_sessionmaker

    event = CartEvent("evt-race-0001", "added_to_cart", "c", 1, None, 1)
    results: list[bool] = []
    barrier = threading.Barrier(4)

    def go() -> None:
        with get_sessionmaker(db_url)() as s:
            barrier.wait()
            results.append(record(s, event))
            s.commit()

    threads = [threading.Thread(target=go) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(results) == [False, False, False, True]
    assert count(session) == 1


def test_endpoints_are_in_the_openapi_schema(client: TestClient) -> None:
    paths = client.get("/openapi.json").json()["paths"]
    add = {p["name"] for p in paths[ADD]["get"]["parameters"]}
    remove = {p["name"] for p in paths[REMOVE]["get"]["parameters"]}
    assert add == {"cid", "product_id", "quantity", "variation", "event_id"}
    assert remove == {"cid", "product_id", "quantity", "event_id"}
