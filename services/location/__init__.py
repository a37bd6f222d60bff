"""Location context: guess the visitor's country from the client IP, offline (spec sections 3 and 7)."""
