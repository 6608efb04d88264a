"""A tiny shop: carts, prices and invoices."""

from shop.cart import Cart
from shop.pricing import apply_discount

__all__ = ["Cart", "apply_discount"]
