"""Newsletter context: sign-ups from the footer form and the modal (docs/spec.md sections 2, 3, 5, 7, 8),
with double opt-in and one-click unsubscribe.

``POST /api/newsletter {email, tags}`` stores one subscription per address (case-insensitive),
merging tags on a repeat sign-up and recording the time of consent; rate-limited per client IP.
A new address is ``pending`` until the link in its confirmation mail is opened
(``POST /api/newsletter/confirm``); every mail carries an unsubscribe link and the RFC 8058
one-click headers (``POST /api/newsletter/unsubscribe``). Mails go through the mail context's
outbox. See docs/api.md "Newsletter".
"""
