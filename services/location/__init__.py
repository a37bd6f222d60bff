"""Location context: guess the visitor's country from the client IP, offline (docs/spec.md sections 3 and 7)."""
