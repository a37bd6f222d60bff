"""The staff admin UI: sqladmin views of the shop's SQLAlchemy models at ``/admin``
(issue 5 item 10; spec section 6). ``setup.mount_admin`` mounts it; ``auth`` decides who may
use it and what they may do; ``views`` declares one view per model."""
