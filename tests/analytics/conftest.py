"""Fixtures for the analytics tests: the cart tests' fake catalogue (``catalog``)."""

from tests.cart.conftest import catalog  # noqa: F401  (the fake catalogue fixture)
