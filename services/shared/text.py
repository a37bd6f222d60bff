"""Text taken from requests.

PostgreSQL text cannot hold NUL (U+0000): psycopg refuses to send it ("PostgreSQL text fields
cannot contain NUL (0x00) bytes"), so a NUL that reached a query or an insert answered 500 there
(SQLite stored it). Request fields that reach SQL carry ``NO_NUL`` as their pattern: 422
``invalid_request`` on every database alike, and the OpenAPI document says so.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from email_validator import EmailNotValidError, validate_email
from pydantic import BaseModel, BeforeValidator, ValidationError

_Body = TypeVar("_Body", bound=BaseModel)

NO_NUL = r"^[^\x00]*$"  # any text without U+0000 (line breaks and other characters allowed)


def erasure_address(email: str) -> str:
    """The address an erasure matches on: ``email`` trimmed and lower-cased. Raises
    ``ValueError`` for a text without ``@`` or with white space inside (an empty or partial
    address would match rows already erased, or other people's). docs/checkout.md, "Personal
    data"."""
    address = email.strip().lower()
    if "@" not in address or any(ch.isspace() for ch in address):
        raise ValueError("an email address is required")
    return address


MAX_EMAIL = 254  # RFC 5321's longest forward path, less the angle brackets


def valid_email(value: object) -> str | None:
    """``value`` as an email address normalised by the ``email-validator`` library (syntax
    only, no DNS lookups; the domain lower-cased, the local part kept), or None when it is not
    a text, empty after trimming, longer than 254 characters, or not an address. The one email
    check of the contact form and the newsletter sign-up (docs/spec.md section 8)."""
    if not isinstance(value, str):
        return None
    text = value.strip()
    if not text or len(text) > MAX_EMAIL:
        return None
    try:
        return validate_email(text, check_deliverability=False).normalized
    except EmailNotValidError:
        return None


def email_field(message: str, *, lower: bool = False) -> BeforeValidator:
    """A pydantic ``BeforeValidator`` for an email field (``Annotated[str, email_field(...)]``):
    :func:`valid_email`, lower-cased too when ``lower``, else ``ValueError(message)`` (the
    field's shopper-facing text, docs/spec.md section 8)."""

    def check(value: object) -> str:
        email = valid_email(value)
        if email is None:
            raise ValueError(message)
        return email.lower() if lower else email

    return BeforeValidator(check)


def field_messages(
    exc: ValidationError, fallback: Callable[[str, Mapping[str, Any]], str] | None = None
) -> dict[str, str]:
    """The first message of each field a pydantic model refused, keyed by the field's name as
    sent (its alias): the ``fields`` of a 422 answer (``{"email": "Please ..."}``). Validators
    raise ``ValueError`` with the shopper-facing text; any other error is keyed the same with
    ``fallback(name, error)`` (a context's own wording), else pydantic's own message."""
    fields: dict[str, str] = {}
    for error in exc.errors():
        loc = error.get("loc") or ()
        name = str(loc[0]) if loc else "form"
        cause = (error.get("ctx") or {}).get("error")
        if cause is not None:
            fields.setdefault(name, str(cause))
        else:
            fields.setdefault(name, fallback(name, error) if fallback else error["msg"])
    return fields


def validated_body(
    model: type[_Body],
    data: Any,
    invalid: Callable[[dict[str, str]], Exception],
    fallback: Callable[[str, Mapping[str, Any]], str] | None = None,
) -> _Body:
    """``data`` (a posted JSON body) validated as ``model``. Raises ``invalid(fields)`` (the
    context's 422 error) with :func:`field_messages` for every bad field."""
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        raise invalid(field_messages(exc, fallback)) from None
