"""Garbage-collector settings for the long-running server processes.

CPython's full (generation 2) collection walks every tracked object in the process. A worker
that has imported FastAPI, pydantic, SQLAlchemy and the eventsourcing library holds a few
hundred thousand such objects that live as long as the process, and a full pass over them
stopped a worker's event loop for 75-110 ms, about three times in 20 s under cart load
(measured with ``gc.callbacks`` under ``bench/cart_commands.py``): every command in flight on
that worker waited, which is most of a p99.

``freeze_startup_heap()`` runs one full collection and then ``gc.freeze()``: everything
alive at that point (modules, classes, schemas, the app) moves to the permanent generation,
which later collections skip. Objects made afterwards (carts, sessions, requests) are
collected as before. It is called once per process at the end of start-up (the ASGI entry
point ``services.api.main`` and the ``project`` command), never in tests, where apps come and
go and frozen garbage would stay. ``GC_FREEZE=0`` turns it off (``Settings.gc_freeze``).

``gc_paused()`` pauses the cyclic collector around one long pass that makes tens of thousands
of short-lived objects holding no cycles (a projection rebuild, a support timeline): without it
the collector rescans the heap over and over during the pass (the cart projection's rebuild
ran at half its rate); reference counting still frees everything.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

from services.shared.settings import get_settings


@contextmanager
def gc_paused() -> Iterator[None]:
    """The cyclic garbage collector disabled inside the ``with`` block (see the module
    docstring), enabled again after it if it was before; nests."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def freeze_startup_heap() -> bool:
    """Collect once and freeze what is alive (see the module docstring). Returns True when it
    froze, False when ``GC_FREEZE`` is ``0``/``false``/``no``/``off``."""
    if not get_settings().gc_freeze:
        return False
    gc.collect()
    gc.freeze()
    return True
