"""Contact context: the 'Get In Touch' form (spec sections 2, 3, 4, 5, 7, 8).

``POST /api/mail`` validates the form (``domain.py``), stores the message
(``contact_messages``) and queues a mail to the shop's support address through the mail
context's outbox (``services.mail.outbox.enqueue``), all in one transaction; rate-limited per
client (``services/shared/ratelimit.py``).
"""
