"""Fixtures for the analytics tests: the cart tests' fake catalogue (``catalog``), and the
support tests' signed-in client per staff role (``staff``) and database session (``db``) for
modules that define their own ``http`` app."""

from tests.cart.conftest import catalog  # noqa: F401  (the fake catalogue fixture)
from tests.support.conftest import db, staff  # noqa: F401  (built on the requesting module's http)
