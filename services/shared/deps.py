"""FastAPI dependency aliases shared by every router (style: full-stack-fastapi-template ``deps.py``)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import closing
from typing import Annotated

from fastapi import Depends
from sqlalchemy.orm import Session

from services.shared.db import analytics_url, get_sessionmaker
from services.shared.settings import Settings, get_settings


async def get_session() -> AsyncIterator[Session]:
    """One ORM session per request; committed by write endpoints, closed here.

    An async dependency on purpose: its teardown (``close``, which hands the connection back
    to the pool) then runs on the event loop. Were it a sync dependency, the teardown would
    need a threadpool thread, and with every thread blocked waiting for a pooled connection
    no connection would ever come back (the classic FastAPI pool deadlock).
    """
    session = get_sessionmaker()()
    try:
        yield session
    finally:
        session.close()


async def get_analytics_session() -> AsyncIterator[Session]:
    """One ORM session per request on the analysts' database (``ANALYTICS_DATABASE_URL``, a
    read-only replica; the main database when unset: ``services.shared.db.analytics_url``),
    for read-only endpoints; closed here (async for the reason :func:`get_session` gives)."""
    with closing(get_sessionmaker(analytics_url())()) as session:
        yield session


SessionDep = Annotated[Session, Depends(get_session)]
AnalyticsSessionDep = Annotated[Session, Depends(get_analytics_session)]
SettingsDep = Annotated[Settings, Depends(get_settings)]
