"""FastAPI dependency aliases shared by every router (style: full-stack-fastapi-template ``deps.py``)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Annotated

from fastapi import Depends
from sqlalchemy.orm import Session

from services.shared.db import get_sessionmaker
from services.shared.settings import Settings, get_settings


def get_session() -> Iterator[Session]:
    """One ORM session per request; committed by write endpoints, closed here."""
    session = get_sessionmaker()()
    try:
        yield session
    finally:
        session.close()


SessionDep = Annotated[Session, Depends(get_session)]
SettingsDep = Annotated[Settings, Depends(get_settings)]
