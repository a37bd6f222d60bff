"""The shop's "now", with a simulated clock for generating demo history.

Code that records *when* something happened for the business (cart events' timestamps, an
order's ``date_created``, the time coupons are checked at) reads :func:`now`. Outside a
:func:`simulated_clock` block it is the real time (UTC, timezone-aware). Inside one, in the
same thread (a ``ContextVar``: other threads and requests keep the real time), it is whatever
the block's clock answers: ``services/analytics/demo_history.py`` runs the real cart and
checkout code under a clock set in the simulated past, so the history looks as if shoppers had
used the shop over the past weeks. Nothing else sets it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from datetime import UTC, datetime

_simulated: ContextVar[Callable[[], datetime] | None] = ContextVar("simulated_clock", default=None)


def simulated_now() -> datetime | None:
    """The simulated time when called inside :func:`simulated_clock` (this context), else None."""
    clock = _simulated.get()
    return clock() if clock is not None else None


def now() -> datetime:
    """The current time, timezone-aware UTC: the simulated time inside :func:`simulated_clock`,
    the real time otherwise."""
    return simulated_now() or datetime.now(UTC)


@contextmanager
def simulated_clock(clock: Callable[[], datetime]) -> Iterator[None]:
    """Within the block, :func:`now` (and so cart event timestamps and order dates) answer
    ``clock()`` in this thread/context; the real clock is restored on exit, also on errors.
    ``clock`` must return timezone-aware datetimes. Blocks may nest (the inner one wins)."""
    token = _simulated.set(clock)
    try:
        yield
    finally:
        _simulated.reset(token)
