"""Request and response bodies of the staff endpoints."""

from __future__ import annotations

from pydantic import BaseModel, Field

from services.shared.text import NO_NUL
from services.staff.domain import MAX_EMAIL_LENGTH, MAX_PASSWORD_LENGTH


class LoginRequest(BaseModel):
    """``POST /api/staff/login`` body. Lengths are bounded so no request hashes megabytes; the
    email (looked up in the database) holds no NUL (``services.shared.text``)."""

    email: str = Field(min_length=1, max_length=MAX_EMAIL_LENGTH, pattern=NO_NUL)
    password: str = Field(min_length=1, max_length=MAX_PASSWORD_LENGTH)


class StaffOut(BaseModel):
    """A signed-in staff user as the API shows it."""

    email: str
    role: str
