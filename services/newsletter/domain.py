"""Newsletter sign-up rules (docs/spec.md section 3 "Newsletter submission", section 5, section 8).

Pure: no HTTP, no SQL. The rules' texts and limits, the valid :class:`SignUp` and the
:class:`InvalidSubscription` error; the posted body is validated by the pydantic model of
``schemas.py`` (:func:`services.newsletter.schemas.parse_subscription`); the email message is
the spec's 'Please enter a valid email'. Addresses are checked with ``email-validator`` (syntax
only; ``services.shared.text.valid_email``) and kept lower-case, so one person has one subscription however they type it. The privacy-policy
consent is given in the form (docs/spec.md section 5: the storefront sends nothing without the ticked box);
the server records when it was given.

Double opt-in links carry a random token (:func:`new_token`, 256 bits); only its SHA-256 digest
(:func:`hash_token`) is stored. A link that is not ours is :class:`LinkInvalid` (404); an
expired confirm link :class:`LinkExpired` (410).
"""

from __future__ import annotations

import hashlib
import re
import secrets
from collections.abc import Iterable
from dataclasses import dataclass

from services.shared.errors import DomainError, Invalid, NotFound

EMAIL_MESSAGE = "Please enter a valid email"  # docs/spec.md section 8 "Newsletter invalid"
TAGS_MESSAGE = "Tags must be a list of at most 20 texts of at most 50 characters"
SOURCE_MESSAGE = "Unknown sign-up source"

MAX_TAGS = 20
MAX_TAG = 50
MAX_STORED_TAGS = 100
# Where a sign-up came from: the footer form, the modal (?newsletter), or another client.
SOURCES: tuple[str, ...] = ("footer", "modal", "api")
DEFAULT_SOURCE = "api"
CONTROL = re.compile(r"[\x00-\x1f\x7f]")


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


def merge_tags(existing: Iterable[str], new: Iterable[str]) -> list[str]:
    """``existing`` followed by the ``new`` tags it lacks (order kept, no duplicates), capped at
    100 tags (the oldest are kept)."""
    merged = list(dict.fromkeys(existing))
    for tag in new:
        if tag not in merged:
            merged.append(tag)
    return merged[:MAX_STORED_TAGS]


# --- Double opt-in links (confirm, unsubscribe) -------------------------------------------------

TOKEN_BYTES = 32  # 256 bits of randomness: unguessable
_TOKEN_SHAPE = re.compile(r"^[A-Za-z0-9_-]{20,128}$")
LINK_INVALID_MESSAGE = (
    "This link does not work. It may be incomplete, or your subscription has changed since."
)
CONFIRM_EXPIRED_MESSAGE = "This confirmation link has expired. Please sign up again to get a new one."


class LinkInvalid(NotFound):
    """404 ``newsletter_link_invalid``: no such confirm or unsubscribe link (malformed, unknown,
    or a confirm link made useless by an unsubscribe)."""

    def __init__(self) -> None:
        super().__init__("newsletter_link_invalid", LINK_INVALID_MESSAGE)


class LinkExpired(DomainError):
    """410 ``newsletter_link_expired``: the confirm link is older than
    ``NEWSLETTER_CONFIRM_TTL_HOURS``; signing up again mails a new one."""

    status_code = 410

    def __init__(self) -> None:
        super().__init__("newsletter_link_expired", CONFIRM_EXPIRED_MESSAGE)


def new_token() -> str:
    """A fresh link token: 32 random bytes, base64url without padding (43 characters)."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def hash_token(token: str) -> str:
    """The SHA-256 hex digest stored for ``token`` (the token itself is never stored)."""
    return hashlib.sha256(token.encode("ascii")).hexdigest()


def token_hash_of(value: object) -> str:
    """The stored hash for a token as received from a link; raises :class:`LinkInvalid` when
    it cannot be one of ours (not 20..128 base64url characters)."""
    if not isinstance(value, str) or not _TOKEN_SHAPE.match(value):
        raise LinkInvalid()
    return hash_token(value)
