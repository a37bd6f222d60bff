"""Newsletter context: sign-ups from the footer form and the modal (spec sections 2, 3, 5, 7, 8).

``POST /api/newsletter {email, tags}`` stores one subscription per address (case-insensitive),
merging tags on a repeat sign-up and recording the time of consent; rate-limited per client IP.
"""
