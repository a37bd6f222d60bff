"""Contact context: the 'Get In Touch' form (docs/spec.md sections 2, 3, 4, 5, 7, 8).

``POST /api/mail`` validates the form (``schemas.py``, with the rules of ``domain.py``), stores the message
(``contact_messages``) and queues a mail to the shop's support address through the mail
context's outbox (``services.mail.outbox.enqueue``), all in one transaction; rate-limited per
client (``services/shared/ratelimit.py``).
"""
