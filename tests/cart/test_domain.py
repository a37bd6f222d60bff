"""The Cart aggregate and CartApplication as a story: idempotency from the stream, optimistic
concurrency, history, versions, snapshots and the catalogue facts it decides with."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from services.cart import domain
from services.cart.application import CartApplication, CartRefused
from services.cart.domain import IdempotencyConflict, cart_id_for
from services.cart.facts import Price
from services.shared.errors import NotFound
from tests.cart.helpers import FakeCatalog, new_token, popo_app

ADD_PACK = {"type": "add", "product_id": 2}
ADD_MOUSE = {"type": "add", "product_id": 1}


def events_of(app: CartApplication, token: str) -> list[str]:
    return [event["type"] for event in app.history(token)]


@pytest.fixture
def sqlite_env(tmp_path: Path) -> dict[str, str]:
    return {
        "PERSISTENCE_MODULE": "eventsourcing.sqlite",
        "SQLITE_DBNAME": str(tmp_path / "cart-events.sqlite3"),
    }


@pytest.fixture
def sqlite_apps() -> Iterator[list[CartApplication]]:
    """Applications made by ``open_app`` in a test, closed at its end."""
    apps: list[CartApplication] = []
    yield apps
    for app in apps:
        app.close()


def open_app(apps: list[CartApplication], env: dict[str, str], catalog: FakeCatalog) -> CartApplication:
    app = CartApplication(dict(env), catalog=catalog)
    apps.append(app)
    return app


# ---- idempotency --------------------------------------------------------------------------------


def test_a_command_sent_again_with_its_key_returns_the_first_answer_and_records_nothing(
    app: CartApplication,
) -> None:
    token = new_token()
    first = app.execute(token, ADD_PACK, "key-1")
    recorded = events_of(app, token)
    again = app.execute(token, ADD_PACK, "key-1")
    assert not first.replayed and again.replayed
    assert again.state == first.state
    assert again.state["lines"][0]["count"] == 1
    assert events_of(app, token) == recorded == ["Started", "ItemAdded"]


def test_the_same_body_with_a_new_key_is_a_new_command(app: CartApplication) -> None:
    token = new_token()
    app.execute(token, ADD_PACK, "key-1")
    second = app.execute(token, ADD_PACK, "key-2")
    assert not second.replayed
    assert second.state["lines"][0]["count"] == 2


def test_commands_without_a_key_are_never_deduplicated(app: CartApplication) -> None:
    token = new_token()
    app.execute(token, ADD_PACK)
    assert app.execute(token, ADD_PACK).state["lines"][0]["count"] == 2


def test_a_replay_answers_with_the_cart_as_it_was_after_the_first_time(app: CartApplication) -> None:
    token = new_token()
    first = app.execute(token, ADD_PACK, "key-1")
    app.execute(token, ADD_PACK, "key-2")
    app.execute(token, {"type": "set_country", "country": "US"}, "key-3")
    again = app.execute(token, ADD_PACK, "key-1")
    assert again.replayed
    assert again.state == first.state
    assert (again.state["currency"], again.state["lines"][0]["count"]) == ("EUR", 1)
    assert app.state(token)["lines"][0]["count"] == 2


def test_a_refused_command_sent_again_is_refused_the_same_way_and_records_nothing(
    app: CartApplication,
) -> None:
    token = new_token()
    with pytest.raises(CartRefused) as first:
        app.execute(token, {"type": "add", "product_id": 4}, "key-soon")
    recorded = events_of(app, token)
    with pytest.raises(CartRefused) as again:
        app.execute(token, {"type": "add", "product_id": 4}, "key-soon")
    assert (first.value.code, first.value.status_code) == (again.value.code, again.value.status_code)
    assert again.value.code == "coming_soon" and again.value.status_code == 409
    assert again.value.message == first.value.message
    assert (first.value.extra["replayed"], again.value.extra["replayed"]) == (False, True)
    assert again.value.extra["cart"] == first.value.extra["cart"]
    assert events_of(app, token) == recorded == ["Started", "CommandRefused"]


def test_a_key_reused_with_another_body_is_refused_as_idempotency_key_reused(app: CartApplication) -> None:
    token = new_token()
    app.execute(token, ADD_PACK, "key-1")
    with pytest.raises(IdempotencyConflict) as refused:
        app.execute(token, {"type": "add", "product_id": 2, "recommended_by": 10}, "key-1")
    assert refused.value.code == "idempotency_key_reused"
    assert refused.value.status_code == 409
    assert events_of(app, token) == ["Started", "ItemAdded"]


def test_keys_are_per_cart(app: CartApplication) -> None:
    first, second = new_token(), new_token()
    app.execute(first, ADD_PACK, "shared-key")
    answer = app.execute(second, {"type": "add", "product_id": 1}, "shared-key")
    assert not answer.replayed
    assert [line["product_id"] for line in answer.state["lines"]] == [1]


def test_keys_survive_a_restart_because_they_live_in_the_event_stream(
    sqlite_env: dict[str, str], catalog: FakeCatalog, sqlite_apps: list[CartApplication]
) -> None:
    token = new_token()
    before = open_app(sqlite_apps, sqlite_env, catalog)
    first = before.execute(token, ADD_PACK, "key-1")
    with pytest.raises(CartRefused):
        before.execute(token, {"type": "set_count", "line_id": "L7", "count": 1}, "key-2")
    before.close()

    after = open_app(sqlite_apps, sqlite_env, catalog)
    recorded = events_of(after, token)
    again = after.execute(token, ADD_PACK, "key-1")
    with pytest.raises(CartRefused) as refused:
        after.execute(token, {"type": "set_count", "line_id": "L7", "count": 1}, "key-2")
    assert again.replayed and again.state == first.state
    assert refused.value.code == "line_not_found" and refused.value.extra["replayed"]
    assert events_of(after, token) == recorded == ["Started", "ItemAdded", "CommandRefused"]


def test_only_the_latest_keys_are_remembered(app: CartApplication, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(domain, "PROCESSED_KEPT", 2)
    token = new_token()
    for key in ("k1", "k2", "k3"):
        app.execute(token, ADD_PACK, key)
    assert app.execute(token, ADD_PACK, "k3").replayed
    forgotten = app.execute(token, ADD_PACK, "k1")
    assert not forgotten.replayed
    assert forgotten.state["lines"][0]["count"] == 4


# ---- optimistic concurrency ---------------------------------------------------------------------


def test_a_stale_write_is_decided_again_on_the_fresh_cart_and_no_update_is_lost(
    sqlite_env: dict[str, str],
    catalog: FakeCatalog,
    sqlite_apps: list[CartApplication],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    token = new_token()
    mine = open_app(sqlite_apps, sqlite_env, catalog)
    theirs = open_app(sqlite_apps, sqlite_env, catalog)
    mine.start(token)
    save = mine._save_units
    attempts = []

    def save_after_someone_else(*args, **kwargs):  # type: ignore[no-untyped-def]
        attempts.append(len(attempts) + 1)
        if len(attempts) == 1:  # another process adds first: this write is now stale
            theirs.execute(token, ADD_PACK, "theirs")
        return save(*args, **kwargs)

    monkeypatch.setattr(mine, "_save_units", save_after_someone_else)
    answer = mine.execute(token, ADD_PACK, "mine")
    assert attempts == [1, 2]
    assert answer.state["lines"][0]["count"] == 2
    assert events_of(mine, token) == ["Started", "ItemAdded", "ItemCountSet"]
    assert theirs.state(token) == mine.state(token)


def test_a_stale_write_of_a_refused_command_is_decided_again_too(
    sqlite_env: dict[str, str],
    catalog: FakeCatalog,
    sqlite_apps: list[CartApplication],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Mouse 1 has 3 in stock: while I ask for the third, someone else takes it first."""
    token = new_token()
    mine = open_app(sqlite_apps, sqlite_env, catalog)
    theirs = open_app(sqlite_apps, sqlite_env, catalog)
    mine.execute(token, ADD_MOUSE, "a")
    mine.execute(token, ADD_MOUSE, "b")
    save = mine._save_units
    calls = []

    def save_after_someone_else(*args, **kwargs):  # type: ignore[no-untyped-def]
        calls.append(1)
        if len(calls) == 1:
            theirs.execute(token, ADD_MOUSE, "theirs")
        return save(*args, **kwargs)

    monkeypatch.setattr(mine, "_save_units", save_after_someone_else)
    with pytest.raises(CartRefused) as refused:
        mine.execute(token, ADD_MOUSE, "mine")
    assert refused.value.code == "count_capped"
    assert refused.value.extra["cart"]["lines"][0]["count"] == 3
    assert events_of(mine, token)[-2:] == ["ItemCountSet", "CommandRefused"]


# ---- history, versions, snapshots ---------------------------------------------------------------


def test_the_history_names_every_event_in_the_past_tense(app: CartApplication) -> None:
    token = new_token()
    app.start(token, "DE")
    app.execute(token, ADD_PACK)  # ItemAdded
    app.execute(token, ADD_PACK)  # ItemCountSet (+1)
    app.execute(token, {"type": "set_count", "line_id": "L1", "count": 5})
    with pytest.raises(CartRefused):
        app.execute(token, {"type": "add", "product_id": 4})
    app.execute(token, {"type": "set_country", "country": "US"})
    app.execute(token, {"type": "set_payment_intent", "intent": "bacs"})
    app.execute(token, {"type": "start_checkout"})
    app.execute(token, {"type": "remove", "line_id": "L1"})
    app.execute(token, ADD_PACK)
    app.execute(token, {"type": "clear"})
    history = app.history(token)
    assert [event["type"] for event in history] == [
        "Started",
        "ItemAdded",
        "ItemCountSet",
        "ItemCountSet",
        "CommandRefused",
        "CountrySet",
        "PaymentIntentSet",
        "CheckoutStarted",
        "ItemRemoved",
        "ItemAdded",
        "Cleared",
    ]
    assert [event["version"] for event in history] == list(range(1, 12))
    assert history[4]["data"]["code"] == "coming_soon"
    assert history[3]["data"]["count"] == 5 and history[3]["data"]["reason"] == "set"
    assert history[7]["data"]["totals"]["subtotal"] == 5 * 2199
    assert history[9]["data"]["line"]["line_id"] == "L2"
    assert all(event["timestamp"] for event in history)


def test_a_capped_set_count_records_what_was_asked_and_what_was_applied(app: CartApplication) -> None:
    token = new_token()
    app.execute(token, ADD_MOUSE)
    app.execute(token, {"type": "set_count", "line_id": "L1", "count": 9})
    data = app.history(token)[-1]["data"]
    assert (data["requested"], data["count"], data["reason"]) == (9, 3, "capped")


def test_removing_26907_records_the_clamp_of_31575_as_a_capped_count(app: CartApplication) -> None:
    token = new_token()
    app.execute(token, {"type": "add", "product_id": 26907, "configuration": ["case:alu"]})
    app.execute(token, {"type": "add", "product_id": 31575})
    app.execute(token, {"type": "remove", "line_id": "L1"})
    *_, removed, clamp = app.history(token)
    assert removed["type"] == "ItemRemoved" and removed["data"]["line_id"] == "L1"
    assert clamp["type"] == "ItemCountSet"
    assert (clamp["data"]["line_id"], clamp["data"]["count"], clamp["data"]["reason"]) == ("L2", 0, "capped")


def test_a_cart_can_be_read_as_it_was_at_any_version(app: CartApplication) -> None:
    token = new_token()
    for _ in range(3):
        app.execute(token, ADD_PACK)
    assert app.get_cart(token, version=2).lines[0]["count"] == 1
    assert app.get_cart(token, version=4).lines[0]["count"] == 3
    assert app.get_cart(token, version=1).lines == []


def test_snapshots_are_taken_every_interval_and_give_the_same_cart_as_the_events(
    catalog: FakeCatalog,
) -> None:
    snapshotting = popo_app(catalog, CART_SNAPSHOT_INTERVAL="2")
    token = new_token()
    for _ in range(4):
        snapshotting.execute(token, ADD_PACK)
    cart_id = cart_id_for(token)
    assert [s.originator_version for s in snapshotting.snapshots.get(cart_id)] == [2, 4]  # type: ignore[union-attr]
    folded = None
    for event in snapshotting.events.get(cart_id):
        folded = event.mutate(folded)
    assert folded is not None
    assert snapshotting.get_cart(token).lines == folded.lines
    assert snapshotting.get_cart(token).version == folded.version == 5


def test_the_first_command_starts_the_cart_in_the_default_country(app: CartApplication) -> None:
    token = new_token()
    state = app.execute(token, ADD_PACK).state
    assert (state["country"]["code"], state["currency"], state["tax"]["rate_bp"]) == ("DE", "EUR", 1900)
    assert events_of(app, token) == ["Started", "ItemAdded"]


def test_starting_twice_keeps_the_first_cart(app: CartApplication) -> None:
    token = new_token()
    app.start(token, "US")
    app.execute(token, ADD_PACK)
    again = app.start(token, "DE")
    assert again["currency"] == "USD" and again["lines"][0]["count"] == 1
    assert events_of(app, token) == ["Started", "ItemAdded"]


def test_an_unknown_token_has_no_cart_and_no_history(app: CartApplication) -> None:
    with pytest.raises(NotFound):
        app.state(new_token())
    with pytest.raises(NotFound):
        app.history(new_token())


def test_an_unknown_command_type_is_refused_and_recorded(app: CartApplication) -> None:
    token = new_token()
    with pytest.raises(CartRefused) as refused:
        app.execute(token, {"type": "teleport"})
    assert (refused.value.code, refused.value.status_code) == ("unknown_command", 422)


# ---- fresh catalogue facts -----------------------------------------------------------------------


def test_set_count_reads_the_current_stock_from_the_catalogue(
    app: CartApplication, catalog: FakeCatalog
) -> None:
    token = new_token()
    app.execute(token, ADD_MOUSE)
    catalog.change(1, stock_quantity=2)
    assert (
        app.execute(token, {"type": "set_count", "line_id": "L1", "count": 3}).state["lines"][0]["count"] == 2
    )
    catalog.change(1, stock_quantity=10)
    assert (
        app.execute(token, {"type": "set_count", "line_id": "L1", "count": 3}).state["lines"][0]["count"] == 3
    )


def test_adding_a_product_that_sold_out_since_is_refused_as_out_of_stock(
    app: CartApplication, catalog: FakeCatalog
) -> None:
    token = new_token()
    app.execute(token, ADD_MOUSE)
    catalog.change(1, stock_quantity=0)
    with pytest.raises(CartRefused) as refused:
        app.execute(token, ADD_MOUSE)
    assert refused.value.code == "out_of_stock"
    assert refused.value.extra["cart"]["lines"][0]["count"] == 1


def test_prices_are_kept_from_the_time_the_line_was_added(app: CartApplication, catalog: FakeCatalog) -> None:
    """The recorded line carries its prices: later catalogue price changes do not reprice it."""
    token = new_token()
    app.execute(token, ADD_PACK)
    catalog.change(2, eur=Price(2999))
    assert app.state(token)["lines"][0]["unit_price"] == 1999
