"""The contact form's request body (``POST /api/mail``, docs/spec.md section 7) as a pydantic model.

:func:`parse_contact` validates the posted JSON object into the domain's
:class:`~services.contact.domain.ContactForm` or raises
:class:`~services.contact.domain.InvalidContact` (422 ``invalid_contact``) with one message per
bad field, keyed by the names the storefront sends (``email``, ``message``, ``name``,
``orderNumber``, ``topic``), in that order. The texts are the spec's where it has them (docs/spec.md
section 8 "Contact validation"); see ``domain.py``.
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, field_validator

from services.contact.domain import (
    CONTROL,
    CONTROL_MESSAGE,
    DIGITS,
    EMAIL_MESSAGE,
    MAX_MESSAGE,
    MAX_NAME,
    MAX_ORDER_DIGITS,
    MESSAGE_MESSAGE,
    MESSAGE_TOO_LONG,
    NAME_CONTROL,
    NAME_MESSAGE,
    ORDER_NUMBER_MESSAGE,
    TOPIC,
    TOPIC_MESSAGE,
    TOPICS,
    ContactForm,
    InvalidContact,
)
from services.shared.text import email_field, validated_body


class ContactRequest(BaseModel):
    """``{email, message, name?, orderNumber?, topic?}``; unknown keys are ignored.

    ``email`` required, normalised by email-validator (domain lower-cased); ``message``
    required, trimmed, line breaks as ``\\n``, at most 5000 characters, no control characters
    but tab and line breaks; ``name`` optional text (trimmed, at most 100 characters, no control
    characters); ``orderNumber`` optional, digits only (a whole number or a text of at most 20
    digits; docs/spec.md section 5 "numeric, optional"), None when absent or empty; ``topic`` optional, the
    fixed topic (docs/spec.md section 2) when given.
    """

    model_config = ConfigDict(extra="ignore", frozen=True)

    email: Annotated[str, email_field(EMAIL_MESSAGE)] = Field(default=None, validate_default=True)
    message: str = Field(default=None, validate_default=True)
    name: str = ""
    order_number: str | None = Field(default=None, alias="orderNumber")
    topic: str = TOPIC

    @field_validator("message", mode="before")
    @classmethod
    def _message(cls, value: object) -> str:
        text = value.replace("\r\n", "\n").replace("\r", "\n").strip() if isinstance(value, str) else ""
        if not text:
            raise ValueError(MESSAGE_MESSAGE)
        if len(text) > MAX_MESSAGE:
            raise ValueError(MESSAGE_TOO_LONG)
        if CONTROL.search(text):
            raise ValueError(CONTROL_MESSAGE)
        return text

    @field_validator("name", mode="before")
    @classmethod
    def _name(cls, value: object) -> str:
        if value is None:
            return ""
        if not isinstance(value, str) or NAME_CONTROL.search(value) or len(value.strip()) > MAX_NAME:
            raise ValueError(NAME_MESSAGE)
        return value.strip()

    @field_validator("order_number", mode="before")
    @classmethod
    def _order_number(cls, value: object) -> str | None:
        if value is None:
            return None
        if isinstance(value, int) and not isinstance(value, bool):
            if value >= 0 and len(str(value)) <= MAX_ORDER_DIGITS:
                return str(value)
        elif isinstance(value, str):
            text = value.strip()
            if not text:
                return None
            if DIGITS.match(text) and len(text) <= MAX_ORDER_DIGITS:
                return text
        raise ValueError(ORDER_NUMBER_MESSAGE)

    @field_validator("topic", mode="before")
    @classmethod
    def _topic(cls, value: object) -> str:
        if value is None or value == "":
            return TOPIC
        if not isinstance(value, str) or value.strip() not in TOPICS:
            raise ValueError(TOPIC_MESSAGE)
        return value.strip()

    def to_form(self) -> ContactForm:
        """The domain's :class:`ContactForm` of this valid body."""
        return ContactForm(
            email=self.email,
            name=self.name,
            order_number=self.order_number,
            topic=self.topic,
            message=self.message,
        )


def parse_contact(data: Any) -> ContactForm:
    """Validate the posted form (a JSON object; see :class:`ContactRequest`). Raises
    :class:`InvalidContact` (422 ``invalid_contact``) listing every bad field."""
    return validated_body(ContactRequest, data, InvalidContact).to_form()
