"""The newsletter sign-up's request body (``POST /api/newsletter``, docs/spec.md section 7) as a
pydantic model.

:func:`parse_subscription` validates the posted JSON object into the domain's
:class:`~services.newsletter.domain.SignUp` or raises
:class:`~services.newsletter.domain.InvalidSubscription` (422 ``invalid_newsletter``) with one
message per bad field (``email``, ``tags``, ``source``, in that order); the answer's
``message`` is the first one ('Please enter a valid email' for a bad address, docs/spec.md section 8).
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, field_validator

from services.newsletter.domain import (
    CONTROL,
    DEFAULT_SOURCE,
    EMAIL_MESSAGE,
    MAX_TAG,
    MAX_TAGS,
    SOURCE_MESSAGE,
    SOURCES,
    TAGS_MESSAGE,
    InvalidSubscription,
    SignUp,
)
from services.shared.text import email_field, validated_body


class SubscriptionRequest(BaseModel):
    """``{email, tags?, source?}`` (docs/spec.md section 7 body plus an optional ``source``); unknown
    keys are ignored.

    ``email`` required and valid, kept lower-case (one person, one subscription, however they
    type it); ``tags`` optional list of up to 20 non-empty texts of up to 50 characters without
    control characters (trimmed, unique, in the order sent); ``source`` optional, one of
    ``footer``, ``modal``, ``api`` (absent or empty: ``api``).
    """

    model_config = ConfigDict(extra="ignore", frozen=True)

    email: Annotated[str, email_field(EMAIL_MESSAGE, lower=True)] = Field(default=None, validate_default=True)
    tags: tuple[str, ...] = ()
    source: str = DEFAULT_SOURCE

    @field_validator("tags", mode="before")
    @classmethod
    def _tags(cls, value: object) -> tuple[str, ...]:
        if value is None:
            return ()
        if not isinstance(value, list) or len(value) > MAX_TAGS:
            raise ValueError(TAGS_MESSAGE)
        tags: list[str] = []
        for tag in value:
            text = tag.strip() if isinstance(tag, str) else ""
            if not text or len(text) > MAX_TAG or CONTROL.search(text):
                raise ValueError(TAGS_MESSAGE)
            if text not in tags:
                tags.append(text)
        return tuple(tags)

    @field_validator("source", mode="before")
    @classmethod
    def _source(cls, value: object) -> str:
        source = value or DEFAULT_SOURCE
        if not isinstance(source, str) or source not in SOURCES:
            raise ValueError(SOURCE_MESSAGE)
        return source

    def to_sign_up(self) -> SignUp:
        """The domain's :class:`SignUp` of this valid body."""
        return SignUp(email=self.email, tags=self.tags, source=self.source)


def parse_subscription(data: Any) -> SignUp:
    """Validate the posted sign-up (a JSON object; see :class:`SubscriptionRequest`). Raises
    :class:`InvalidSubscription` (422 ``invalid_newsletter``) listing every bad field."""
    return validated_body(SubscriptionRequest, data, InvalidSubscription).to_sign_up()
