"""Discounts: coupon rules (spec sections 3 and 5) and staff coupon management."""
