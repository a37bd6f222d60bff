"""The contact form and its rules (spec section 3 "Contact form", section 5 "Contact", section 8).

Pure: no HTTP, no SQL. :func:`parse_contact` turns the posted JSON object into a
:class:`ContactForm` or raises :class:`InvalidContact` with one message per bad field, using
the spec's exact texts where the spec has them ('Please provide a valid email adress' [sic],
'Please write something'). The email is checked with the ``email-validator`` library (syntax
only, no DNS lookups). The topic is fixed (spec section 2).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from email_validator import EmailNotValidError, validate_email

from services.shared.errors import Invalid

# Spec section 2: the form's one, fixed topic.
TOPIC = "Online Store – Questions about our store and your shipment"
TOPICS: tuple[str, ...] = (TOPIC,)

# Spec section 8 "Contact validation" (spelling as in the spec).
EMAIL_MESSAGE = "Please provide a valid email adress"
MESSAGE_MESSAGE = "Please write something"
# Not in the spec: our own wording for the rules the spec names without a text.
ORDER_NUMBER_MESSAGE = "Please enter a numeric order number"
NAME_MESSAGE = "Please enter your name as plain text of at most 100 characters"
TOPIC_MESSAGE = "Please choose a topic from the list"
MESSAGE_TOO_LONG = "Please keep your message under 5000 characters"
CONTROL_MESSAGE = "Please remove unusual control characters from your message"

MAX_EMAIL = 254
MAX_NAME = 100
MAX_MESSAGE = 5000
MAX_ORDER_DIGITS = 20

# C0 controls and DEL, except tab, line feed and carriage return (allowed in the message).
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
# Names go into a mail subject: no line breaks or tabs either.
_NAME_CONTROL = re.compile(r"[\x00-\x1f\x7f\u2028\u2029]")
_DIGITS = re.compile(r"^[0-9]+$")


@dataclass(frozen=True)
class ContactForm:
    """A valid contact message.

    Fields: ``email`` (normalised by email-validator: domain lower-cased), ``name`` (trimmed,
    may be empty), ``order_number`` (digits as text, or None when not given), ``topic`` (one of
    :data:`TOPICS`), ``message`` (trimmed raw text, line breaks as ``\\n``; never HTML-rendered).
    """

    email: str
    name: str
    order_number: str | None
    topic: str
    message: str


class InvalidContact(Invalid):
    """422 ``invalid_contact``: ``fields`` maps each bad field (the spec's names ``email``,
    ``message``, ``name``, ``orderNumber``, ``topic``) to its message; ``message`` joins them."""

    def __init__(self, fields: dict[str, str]) -> None:
        super().__init__("invalid_contact", "; ".join(fields.values()), fields=fields)
        self.fields = fields


def check_email(value: object) -> str | None:
    """The normalised address, or None when ``value`` is not a valid email address text."""
    if not isinstance(value, str):
        return None
    text = value.strip()
    if not text or len(text) > MAX_EMAIL:
        return None
    try:
        return validate_email(text, check_deliverability=False).normalized
    except EmailNotValidError:
        return None


def _order_number(value: object) -> tuple[bool, str | None]:
    """(ok, digits): None/""/absent is fine (optional); a non-negative int or a text of digits."""
    if value is None:
        return True, None
    if isinstance(value, bool):
        return False, None
    if isinstance(value, int):
        if value < 0 or len(str(value)) > MAX_ORDER_DIGITS:
            return False, None
        return True, str(value)
    if isinstance(value, str):
        text = value.strip()
        if not text:
            return True, None
        if _DIGITS.match(text) and len(text) <= MAX_ORDER_DIGITS:
            return True, text
    return False, None


def parse_contact(data: dict[str, Any]) -> ContactForm:
    """Validate the posted form ``{email, message, name, orderNumber, topic}`` (spec section 7).

    ``email`` and ``message`` are required; ``name`` optional text (at most 100 characters, no
    control characters); ``orderNumber`` optional, digits only (an int or a text, at most 20
    digits; spec 5 "numeric, optional"); ``topic`` optional, the fixed topic when given.
    Unknown keys are ignored. Raises :class:`InvalidContact` listing every bad field.
    """
    fields: dict[str, str] = {}

    email = check_email(data.get("email"))
    if email is None:
        fields["email"] = EMAIL_MESSAGE

    raw_message = data.get("message")
    message = (
        raw_message.replace("\r\n", "\n").replace("\r", "\n").strip() if isinstance(raw_message, str) else ""
    )
    if not message:
        fields["message"] = MESSAGE_MESSAGE
    elif len(message) > MAX_MESSAGE:
        fields["message"] = MESSAGE_TOO_LONG
    elif _CONTROL.search(message):
        fields["message"] = CONTROL_MESSAGE

    raw_name = data.get("name")
    name = ""
    if raw_name is not None:
        if (
            not isinstance(raw_name, str)
            or _NAME_CONTROL.search(raw_name)
            or len(raw_name.strip()) > MAX_NAME
        ):
            fields["name"] = NAME_MESSAGE
        else:
            name = raw_name.strip()

    ok, order_number = _order_number(data.get("orderNumber"))
    if not ok:
        fields["orderNumber"] = ORDER_NUMBER_MESSAGE

    raw_topic = data.get("topic")
    topic = TOPIC
    if raw_topic is not None and raw_topic != "":
        if not isinstance(raw_topic, str) or raw_topic.strip() not in TOPICS:
            fields["topic"] = TOPIC_MESSAGE
        else:
            topic = raw_topic.strip()

    if fields:
        raise InvalidContact(fields)
    assert email is not None
    return ContactForm(email=email, name=name, order_number=order_number, topic=topic, message=message)


def same_message(a: ContactForm, b: ContactForm) -> bool:
    """Whether ``b`` repeats ``a`` (same sender, name, order number, topic and text): a
    re-sent form that is answered as sent without storing or mailing it again."""
    return a == b
