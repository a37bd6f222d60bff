"""Newsletter sign-up rules (spec section 3 "Newsletter submission", section 5, section 8).

Pure: no HTTP, no SQL. :func:`parse_subscription` turns the posted JSON into a
:class:`SignUp` or raises :class:`InvalidSubscription`; the email message is the spec's
'Please enter a valid email'. Addresses are checked with ``email-validator`` (syntax only) and
kept lower-case, so one person has one subscription however they type it. The privacy-policy
consent is given in the form (spec 5: the storefront sends nothing without the ticked box);
the server records when it was given.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from email_validator import EmailNotValidError, validate_email

from services.shared.errors import Invalid

EMAIL_MESSAGE = "Please enter a valid email"  # spec section 8 "Newsletter invalid"
TAGS_MESSAGE = "Tags must be a list of at most 20 texts of at most 50 characters"
SOURCE_MESSAGE = "Unknown sign-up source"

MAX_EMAIL = 254
MAX_TAGS = 20
MAX_TAG = 50
MAX_STORED_TAGS = 100
# Where a sign-up came from: the footer form, the modal (?newsletter), or another client.
SOURCES: tuple[str, ...] = ("footer", "modal", "api")
DEFAULT_SOURCE = "api"
_CONTROL = re.compile(r"[\x00-\x1f\x7f]")


@dataclass(frozen=True)
class SignUp:
    """A valid sign-up: ``email`` (normalised, lower-case), ``tags`` (trimmed, unique, in the
    order sent) and ``source`` (one of :data:`SOURCES`)."""

    email: str
    tags: tuple[str, ...]
    source: str


class InvalidSubscription(Invalid):
    """422 ``invalid_newsletter``: ``fields`` maps each bad field to its message; ``message``
    is the first one ('Please enter a valid email' for a bad address)."""

    def __init__(self, fields: dict[str, str]) -> None:
        super().__init__("invalid_newsletter", next(iter(fields.values())), fields=fields)
        self.fields = fields


def normalise_email(value: object) -> str | None:
    """The address lower-cased after email-validator's normalisation, or None if invalid."""
    if not isinstance(value, str):
        return None
    text = value.strip()
    if not text or len(text) > MAX_EMAIL:
        return None
    try:
        return validate_email(text, check_deliverability=False).normalized.lower()
    except EmailNotValidError:
        return None


def _tags(value: object) -> tuple[str, ...] | None:
    if value is None:
        return ()
    if not isinstance(value, list) or len(value) > MAX_TAGS:
        return None
    tags: list[str] = []
    for tag in value:
        if not isinstance(tag, str):
            return None
        text = tag.strip()
        if not text or len(text) > MAX_TAG or _CONTROL.search(text):
            return None
        if text not in tags:
            tags.append(text)
    return tuple(tags)


def parse_subscription(data: dict[str, Any]) -> SignUp:
    """Validate ``{email, tags, source?}`` (spec section 7 body plus an optional ``source``).

    ``email`` required and valid; ``tags`` optional list of up to 20 non-empty texts of up to
    50 characters; ``source`` optional, one of ``footer``, ``modal``, ``api`` (default ``api``).
    Raises :class:`InvalidSubscription` listing every bad field.
    """
    fields: dict[str, str] = {}
    email = normalise_email(data.get("email"))
    if email is None:
        fields["email"] = EMAIL_MESSAGE
    tags = _tags(data.get("tags"))
    if tags is None:
        fields["tags"] = TAGS_MESSAGE
    source = data.get("source") or DEFAULT_SOURCE
    if source not in SOURCES:
        fields["source"] = SOURCE_MESSAGE
    if fields:
        raise InvalidSubscription(fields)
    assert email is not None and tags is not None
    return SignUp(email=email, tags=tags, source=str(source))


def merge_tags(existing: Iterable[str], new: Iterable[str]) -> list[str]:
    """``existing`` followed by the ``new`` tags it lacks (order kept, no duplicates), capped at
    100 tags (the oldest are kept)."""
    merged = list(dict.fromkeys(existing))
    for tag in new:
        if tag not in merged:
            merged.append(tag)
    return merged[:MAX_STORED_TAGS]
