"""Staff context: admin and reviewer accounts and their browser sessions (docs/spec.md sections 1 and 6)."""
