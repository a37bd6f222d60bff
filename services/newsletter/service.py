"""Subscribing to the newsletter with double opt-in, confirming and unsubscribing (docs/spec.md sections
4, 5, 7; EU consent rules).

Every function works in the caller's transaction (the endpoint commits), so a subscription and
its confirmation mail (``services.mail.outbox``) commit together.

- :func:`subscribe`: one row per address, tags merged, ``consent_at`` renewed. A new or
  unsubscribed address becomes ``pending`` and is mailed a confirm link (at most one mail per
  ``NEWSLETTER_CONFIRM_RESEND_SECONDS``); a confirmed one stays confirmed and gets no mail. Two
  sign-ups racing for one address never make a second row (the unique address catches the
  loser, which then merges).
- :func:`confirm`: the confirm link's token marks the subscription ``confirmed`` with
  ``confirmed_at``; opening it again answers the same.
- :func:`unsubscribe`: any unsubscribe link's token marks it ``unsubscribed`` (one click, no
  questions; again: the same answer) and voids the confirm links not used yet.
- :func:`send_issue`: a newsletter issue to every confirmed subscriber, each with their own
  unsubscribe link.
- :func:`erase_subscriber`: the right to erasure: the subscription, its links and its mails go.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from services.mail.outbox import enqueue, erase_reference
from services.newsletter import repository
from services.newsletter.domain import (
    LinkExpired,
    LinkInvalid,
    SignUp,
    hash_token,
    merge_tags,
    new_token,
    token_hash_of,
)
from services.newsletter.mails import Links, confirmation_mail, issue_mail, links
from services.newsletter.models import NewsletterSubscription, SubscriptionStatus, TokenPurpose
from services.newsletter.schemas import parse_subscription
from services.shared.settings import MailSettings, NewsletterSettings, get_settings
from services.shared.text import erasure_address


@dataclass(frozen=True)
class Subscribed:
    """``subscription_id``, whether this call created it (False: merged into an existing one),
    its ``status`` afterwards and ``mail_id``, the confirmation mail queued (None: none was, the
    address being confirmed already or mailed within the resend interval)."""

    subscription_id: int
    created: bool
    status: SubscriptionStatus
    mail_id: int | None = None


@dataclass(frozen=True)
class LinkResult:
    """What a confirm or unsubscribe link did: the subscription's ``status`` afterwards and the
    time it got there (``at``: ``confirmed_at`` or ``unsubscribed_at``, UTC)."""

    subscription_id: int
    status: SubscriptionStatus
    at: datetime


def _utc(moment: datetime) -> datetime:
    """SQLite gives naive datetimes back: they are UTC."""
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def _merge(row: NewsletterSubscription, sign_up: SignUp, now: datetime) -> None:
    tags = merge_tags(row.tags or [], sign_up.tags)
    if tags != list(row.tags or []):
        row.tags = tags
    row.consent_at = now


def _issue_token(
    session: Session,
    row: NewsletterSubscription,
    purpose: TokenPurpose,
    now: datetime,
    expires_at: datetime | None = None,
) -> str:
    """A new link token for ``row`` (its hash stored); the token itself, for the mail only."""
    token = new_token()
    repository.add_token(session, row.id, purpose, hash_token(token), now, expires_at)
    return token


def _unsubscribe_links(
    session: Session,
    row: NewsletterSubscription,
    now: datetime,
    shop_url: str,
    confirm_token: str | None = None,
) -> Links:
    return links(shop_url, _issue_token(session, row, TokenPurpose.UNSUBSCRIBE, now), confirm_token)


def _send_confirmation(
    session: Session, row: NewsletterSubscription, now: datetime, s: NewsletterSettings, m: MailSettings
) -> int:
    expires = now + timedelta(hours=s.confirm_ttl_hours)
    confirm_token = _issue_token(session, row, TokenPurpose.CONFIRM, now, expires)
    link = _unsubscribe_links(session, row, now, m.shop_url, confirm_token)
    mail = confirmation_mail(row.email, link, s.confirm_ttl_hours, get_settings().site_host)
    row.confirmation_sent_at = now
    return enqueue(session, mail, reference=f"newsletter:{row.id}", settings=m)


def _may_mail_again(row: NewsletterSubscription, now: datetime, s: NewsletterSettings) -> bool:
    sent = row.confirmation_sent_at
    return sent is None or now - _utc(sent) >= timedelta(seconds=s.confirm_resend_seconds)


def subscribe(
    session: Session,
    data: dict[str, Any],
    *,
    now: datetime | None = None,
    settings: NewsletterSettings | None = None,
    mail: MailSettings | None = None,
) -> Subscribed:
    """Validate ``data`` (``{email, tags, source?}``) and store the subscription (see the module
    docstring for what happens per status). Flushes, does not commit. Raises
    ``InvalidSubscription`` (422, 'Please enter a valid email')."""
    sign_up = parse_subscription(data)
    s = settings or get_settings().newsletter
    m = mail or get_settings().mail
    moment = now or datetime.now(UTC)
    created = False
    row = repository.get_by_email_for_update(session, sign_up.email)
    if row is None:
        try:
            with session.begin_nested():
                row = repository.insert(session, sign_up, moment)
            created = True
        except IntegrityError:  # subscribed meanwhile by a concurrent request
            row = repository.get_by_email_for_update(session, sign_up.email)
            if row is None:
                raise
    if not created:
        _merge(row, sign_up, moment)
        if row.status == SubscriptionStatus.UNSUBSCRIBED:  # signing up again: a new opt-in
            row.status = SubscriptionStatus.PENDING
            row.confirmed_at = None
    mail_id = None
    if row.status == SubscriptionStatus.PENDING and _may_mail_again(row, moment, s):
        mail_id = _send_confirmation(session, row, moment, s, m)
    session.flush()
    return Subscribed(
        subscription_id=row.id, created=created, status=SubscriptionStatus(row.status), mail_id=mail_id
    )


def confirm(session: Session, token: object, *, now: datetime | None = None) -> LinkResult:
    """Confirm the subscription of a confirm-link ``token``: ``confirmed`` with ``confirmed_at``
    (kept from the first confirmation when it is confirmed already). Flushes, does not commit.

    Raises :class:`LinkInvalid` (404) for a token that is not a live confirm link (malformed,
    unknown, voided by an unsubscribe, or used before while the subscription is no longer
    confirmed), :class:`LinkExpired` (410) after ``NEWSLETTER_CONFIRM_TTL_HOURS``.
    """
    moment = now or datetime.now(UTC)
    link = repository.get_token_for_update(session, token_hash_of(token), TokenPurpose.CONFIRM)
    if link is None:
        raise LinkInvalid()
    row = repository.get_for_update(session, link.subscription_id)
    if link.used_at is not None or row.status == SubscriptionStatus.CONFIRMED:
        if row.status != SubscriptionStatus.CONFIRMED or row.confirmed_at is None:
            raise LinkInvalid()
        link.used_at = link.used_at or moment
        session.flush()
        return LinkResult(row.id, SubscriptionStatus.CONFIRMED, _utc(row.confirmed_at))
    if link.expires_at is not None and _utc(link.expires_at) <= moment:
        raise LinkExpired()
    if row.status != SubscriptionStatus.PENDING:
        raise LinkInvalid()
    row.status = SubscriptionStatus.CONFIRMED
    row.confirmed_at = moment
    link.used_at = moment
    session.flush()
    return LinkResult(row.id, SubscriptionStatus.CONFIRMED, moment)


def unsubscribe(session: Session, token: object, *, now: datetime | None = None) -> LinkResult:
    """Unsubscribe the address of an unsubscribe-link ``token`` (from any mail it was sent):
    ``unsubscribed`` with ``unsubscribed_at``; its unused confirm links stop working, and a new
    sign-up may mail a confirmation at once. Already unsubscribed: the same answer, nothing
    changes. Flushes, does not commit. Raises :class:`LinkInvalid` (404) for a token that is
    not an unsubscribe link."""
    moment = now or datetime.now(UTC)
    link = repository.get_token_for_update(session, token_hash_of(token), TokenPurpose.UNSUBSCRIBE)
    if link is None:
        raise LinkInvalid()
    row = repository.get_for_update(session, link.subscription_id)
    link.used_at = link.used_at or moment
    if row.status != SubscriptionStatus.UNSUBSCRIBED or row.unsubscribed_at is None:
        row.status = SubscriptionStatus.UNSUBSCRIBED
        row.unsubscribed_at = moment
        row.confirmation_sent_at = None
        repository.delete_unused_tokens(session, row.id, TokenPurpose.CONFIRM)
    session.flush()
    return LinkResult(row.id, SubscriptionStatus.UNSUBSCRIBED, _utc(row.unsubscribed_at))


def send_issue(
    session: Session,
    subject: str,
    text: str,
    html: str,
    *,
    tag: str | None = None,
    now: datetime | None = None,
    mail: MailSettings | None = None,
) -> list[int]:
    """Queue a newsletter issue (``subject``, plain ``text``, ``html``; written by the shop) to
    every confirmed subscriber (only those with ``tag`` when given), each mail with its own
    unsubscribe link and the one-click headers; the outbox ids. Pending and unsubscribed
    addresses get nothing. Flushes, does not commit."""
    moment = now or datetime.now(UTC)
    m = mail or get_settings().mail
    host = get_settings().site_host
    ids: list[int] = []
    for row in repository.list_confirmed(session):
        if tag is not None and tag not in (row.tags or []):
            continue
        link = _unsubscribe_links(session, row, moment, m.shop_url)
        letter = issue_mail(row.email, subject, text, html, link, host)
        ids.append(enqueue(session, letter, reference=f"newsletter:{row.id}", settings=m))
    return ids


def erase_subscriber(session: Session, email: str) -> bool:
    """Erase ``email``'s subscription (case-insensitive): the row and its link tokens are
    deleted (so nothing more is sent and no record of the address is kept) and every mail it
    was sent (reference ``newsletter:<id>``: confirmation, issues) is blanked. True when there
    was a subscription. Raises ``ValueError`` for an address without ``@``. Does not commit
    (docs/checkout.md "Personal data")."""
    address = erasure_address(email)
    row = repository.get_by_email_for_update(session, address)
    if row is None:
        return False
    erase_reference(session, f"newsletter:{row.id}")
    repository.delete_subscription(session, row.id)
    session.expunge(row)
    return True
