"""Erasing one shopper's personal data everywhere the shop keeps it (the right to erasure).

:func:`erase_shopper` is what ``python -m services.api.cli erase-personal-data`` runs, by email
address or by an order number (then the buyer of that order). It spans the contexts that store
an address, each erasing its own rows (docs/checkout.md "Personal data" lists what is covered):

- checkout: the customer row of every order with the address (contact, names, address, phone,
  note blanked; order number, figures and lines stay for bookkeeping);
- coupons: the address in ``used_by`` (and ``email_restrictions``) becomes ``erased``/
  ``erased:order:<id>``, so uses still count;
- contact: the messages from or mentioning the address (email, name and text blanked);
- newsletter: the subscription and its link tokens are deleted;
- mail: every outbox mail of those orders, messages and subscriptions, and any other mail to or
  mentioning the address, is blanked.

Cart events and snapshots never hold personal data (docs/events.md), so there is nothing to
erase there; neither do GA4 rows or the access log (``services/api/access_log.py``).
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy.orm import Session

from services.checkout.service import erase_customer
from services.contact.service import erase_sender
from services.mail.outbox import erase_address
from services.newsletter.service import erase_subscriber
from services.shared.text import erasure_address


@dataclass(frozen=True)
class ErasureReport:
    """What :func:`erase_shopper` erased: ``orders`` (order ids whose customer rows were
    blanked), ``contact_messages`` and ``mails`` (counts; a mail already blanked through its
    order, message or subscription is counted there, not again), ``newsletter`` (whether a
    subscription was deleted)."""

    orders: list[int]
    contact_messages: int
    newsletter: bool
    mails: int

    def summary(self) -> str:
        """One line for the CLI, e.g. ``orders=2, contact_messages=1, newsletter=yes, other_mails=0``."""
        return (
            f"orders={len(self.orders)}, contact_messages={self.contact_messages}, "
            f"newsletter={'yes' if self.newsletter else 'no'}, other_mails={self.mails}"
        )


def erase_shopper(session: Session, email: str) -> ErasureReport:
    """Erase every trace of ``email`` (case-insensitive) the shop stores, as listed in the
    module docstring; returns an :class:`ErasureReport`. Idempotent: erasing again finds
    nothing more. Raises ``ValueError`` for a text without ``@`` (an empty address would match
    rows already erased). Does not commit: the caller commits everything at once."""
    address = erasure_address(email)
    orders = erase_customer(session, address)
    messages = erase_sender(session, address)
    newsletter = erase_subscriber(session, address)
    mails = erase_address(session, address)
    session.flush()
    return ErasureReport(orders=orders, contact_messages=messages, newsletter=newsletter, mails=mails)


__all__ = ["ErasureReport", "erase_shopper"]
