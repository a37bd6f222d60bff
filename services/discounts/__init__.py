"""Discounts: coupon rules (docs/spec.md sections 3 and 5) and staff coupon management.

``domain.py`` the pure coupon rules, ``models.py`` the ``coupons`` table, ``repository.py``
all the coupon SQL (the cart, checkout, the admin views and erasure use it too),
``service.py`` the staff coupon API's service layer, ``schemas.py`` its request body,
``endpoints.py`` its router (``/api/wc/coupons``).
"""
