"""Demo staff accounts for the ``seed`` command, created only when ``DEMO_STAFF_PASSWORD`` is set
(no staff account with a known password otherwise)."""

from __future__ import annotations

from sqlalchemy.orm import Session

from services.staff.domain import Role
from services.staff.service import ensure_staff_user

DEMO_STAFF = (
    ("admin@halvard.gg", Role.ADMIN),
    ("reviewer@halvard.gg", Role.REVIEWER),
    ("support@halvard.gg", Role.SUPPORT),
    ("analyst@halvard.gg", Role.ANALYST),
)


def seed_demo_staff(session: Session, password: str | None) -> dict[str, int]:
    """Ensure admin@halvard.gg (admin), reviewer@halvard.gg (reviewer), support@halvard.gg
    (support) and analyst@halvard.gg (analyst) exist with ``password``
    (idempotent). Does nothing when ``password`` is empty or None. Returns ``{"staff_users": n}``,
    n = accounts created or changed. Raises ``Invalid("weak_password")`` under 8 characters."""
    if not password:
        return {"staff_users": 0}
    changed = sum(ensure_staff_user(session, email, password, role)[1] for email, role in DEMO_STAFF)
    return {"staff_users": changed}
