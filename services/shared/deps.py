"""FastAPI dependency aliases shared by every router (style: full-stack-fastapi-template ``deps.py``)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Annotated

from fastapi import Depends
from sqlalchemy.orm import Session

from services.shared.db import get_sessionmaker
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


SessionDep = Annotated[Session, Depends(get_session)]
SettingsDep = Annotated[Settings, Depends(get_settings)]
