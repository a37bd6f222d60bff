"""The shop's now (``services/shared/clock.py``): the real UTC time, or inside
``simulated_clock`` the simulated one, in this thread only, restored afterwards; cart events,
coupon checks and order dates follow it (the demo history's seam)."""

from __future__ import annotations

import threading
from datetime import UTC, datetime, timedelta

import pytest

from services.cart.application import CartApplication
from services.cart.domain import Cart
from services.checkout import service as checkout_service
from services.shared import clock

THEN = datetime(2026, 3, 4, 18, 30, tzinfo=UTC)


def test_now_is_the_real_utc_time_outside_a_simulated_clock() -> None:
    before = datetime.now(UTC)
    assert before <= clock.now() <= datetime.now(UTC)
    assert clock.simulated_now() is None


def test_a_simulated_clock_is_seen_by_cart_events_coupon_checks_and_order_dates() -> None:
    with clock.simulated_clock(lambda: THEN):
        assert clock.now() == THEN
        assert Cart.ItemAdded.create_timestamp() == THEN
        assert Cart.Created.create_timestamp() == THEN
        assert CartApplication.clock() == THEN
        assert checkout_service.clock() == THEN
    assert abs(clock.now() - datetime.now(UTC)) < timedelta(minutes=1)
    assert Cart.ItemAdded.create_timestamp() > THEN


def test_the_real_clock_comes_back_after_an_error_and_nested_blocks_restore_the_outer_one() -> None:
    later = THEN + timedelta(days=1)
    with pytest.raises(RuntimeError), clock.simulated_clock(lambda: THEN):
        with clock.simulated_clock(lambda: later):
            assert clock.now() == later
        assert clock.now() == THEN
        raise RuntimeError("boom")
    assert clock.simulated_now() is None


def test_other_threads_keep_the_real_time() -> None:
    seen: list[datetime | None] = []
    with clock.simulated_clock(lambda: THEN):
        worker = threading.Thread(target=lambda: seen.append(clock.simulated_now()))
        worker.start()
        worker.join()
    assert seen == [None]
