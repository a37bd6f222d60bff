"""The staff admin UI: sqladmin views of the shop's SQLAlchemy models at ``/admin``
(docs/spec.md section 6). ``setup.mount_admin`` mounts it; ``auth`` decides who may
use it and what they may do; ``views`` declares one view per model."""
