"""Staff context: admin and reviewer accounts and their browser sessions (spec sections 1 and 6)."""
