"""The support mail for a contact message: plain text with the visitor's words as typed, and an
HTML alternative in which every piece of the visitor's input is escaped (never rendered).

No acknowledgement goes to the visitor: the address is typed into an open form, so mailing it
would let anyone send our mail (with their text in it) to any address; the success panel is the
acknowledgement (docs/spec.md section 8), and support answers from its own mailbox: the mail's
``Reply-To`` is the visitor's address, so "Reply" in support's mail client answers the visitor.
That address passed ``email-validator`` (no spaces, no line breaks), and ``Mail`` refuses any header
value with a line break or control character besides, so no header can be injected through it.
"""

from __future__ import annotations

from datetime import datetime
from html import escape
from urllib.parse import quote

from services.contact.domain import ContactForm
from services.mail.outbox import Mail


def _rows(form: ContactForm, received_at: datetime) -> list[tuple[str, str]]:
    return [
        ("Name", form.name or "(not given)"),
        ("Email", form.email),
        ("Order number", form.order_number or "(not given)"),
        ("Topic", form.topic),
        ("Received", received_at.strftime("%Y-%m-%d %H:%M UTC")),
    ]


def support_mail(form: ContactForm, message_id: int, received_at: datetime, support_address: str) -> Mail:
    """The mail to ``support_address`` about stored message ``message_id``, with ``Reply-To``
    the visitor's (validated) address. The subject names the topic and the sender (names carry
    no line breaks: ``parse_contact`` refuses them); the address is in the body too. Raises
    ``UnsafeHeader`` should an address with a line break ever get past validation."""
    who = form.name or form.email
    subject = f"Contact #{message_id}: {form.topic} – {who}"
    text = "\n".join(
        [
            f"New message from the contact form (#{message_id}).",
            "",
            *(f"{label}: {value}" for label, value in _rows(form, received_at)),
            "",
            "Message:",
            form.message,
            "",
            f"Reply to: {form.email}",
            "",
        ]
    )
    rows_html = "".join(
        f"<tr><th style='text-align:left;padding-right:1em'>{escape(label)}</th><td>{escape(value)}</td></tr>"
        for label, value in _rows(form, received_at)
    )
    html = (
        "<!doctype html><html><body style='font-family:sans-serif'>"
        f"<h1>New message from the contact form (#{message_id})</h1>"
        f"<table>{rows_html}</table>"
        f"<h2>Message</h2><pre style='white-space:pre-wrap;font-family:inherit'>{escape(form.message)}</pre>"
        f"<p>Reply to: <a href='mailto:{escape(quote(form.email, safe='@'), quote=True)}'>{escape(form.email)}</a></p>"
        "</body></html>"
    )
    return Mail(to=support_address, subject=subject, text=text, html=html, headers={"Reply-To": form.email})
