"""Prices, coupons and discounts."""

COUPONS = {"WELCOME10": 0.10, "VIP25": 0.25}


def apply_discount(amount: float, coupon: str | None) -> float:
    """Reduce an amount by the percentage a coupon code grants."""
    rate = COUPONS.get(coupon or "", 0.0)
    return round(amount * (1 - rate), 2)


def vat(amount: float, rate: float = 0.2) -> float:
    """Compute the value added tax owed on an amount."""
    return round(amount * rate, 2)
