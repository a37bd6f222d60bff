"""The contact form and its rules (docs/spec.md section 3 "Contact form", section 5 "Contact", section 8).

Pure: no HTTP, no SQL. The rules' texts and limits, the valid :class:`ContactForm` and the
:class:`InvalidContact` error; the posted body is validated by the pydantic model of
``schemas.py`` (:func:`services.contact.schemas.parse_contact`) with these texts: the spec's
exact ones where the spec has them ('Please provide a valid email adress' [sic], 'Please write
something'). The email is checked with the ``email-validator`` library (syntax only, no DNS
lookups; ``services.shared.text.valid_email``). The topic is fixed (docs/spec.md section 2).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from services.shared.errors import Invalid

# docs/spec.md section 2: the form's one, fixed topic.
TOPIC = "Online Store – Questions about our store and your shipment"
TOPICS: tuple[str, ...] = (TOPIC,)

# docs/spec.md section 8 "Contact validation" (spelling as in the spec).
EMAIL_MESSAGE = "Please provide a valid email adress"
MESSAGE_MESSAGE = "Please write something"
# Not in the spec: our own wording for the rules the spec names without a text.
ORDER_NUMBER_MESSAGE = "Please enter a numeric order number"
NAME_MESSAGE = "Please enter your name as plain text of at most 100 characters"
TOPIC_MESSAGE = "Please choose a topic from the list"
MESSAGE_TOO_LONG = "Please keep your message under 5000 characters"
CONTROL_MESSAGE = "Please remove unusual control characters from your message"

MAX_NAME = 100
MAX_MESSAGE = 5000
MAX_ORDER_DIGITS = 20

# C0 controls and DEL, except tab, line feed and carriage return (allowed in the message).
CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
# Names go into a mail subject: no line breaks or tabs either.
NAME_CONTROL = re.compile(r"[\x00-\x1f\x7f\u2028\u2029]")
DIGITS = re.compile(r"^[0-9]+$")


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


def same_message(a: ContactForm, b: ContactForm) -> bool:
    """Whether ``b`` repeats ``a`` (same sender, name, order number, topic and text): a
    re-sent form that is answered as sent without storing or mailing it again."""
    return a == b
