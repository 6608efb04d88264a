"""Shopping carts that hold items and compute totals."""

from shop.pricing import apply_discount


class Cart:
    """A shopping cart holding items with quantities."""

    currency = "EUR"
    max_items = 100

    def __init__(self) -> None:
        self.items: dict[str, int] = {}

    def add_item(self, sku: str, quantity: int = 1) -> None:
        """Put an item in the cart, raising when the cart is full."""
        if sum(self.items.values()) + quantity > self.max_items:
            raise ValueError("cart is full")
        self.items[sku] = self.items.get(sku, 0) + quantity

    def total(self, prices: dict[str, float], coupon: str | None = None) -> float:
        """Sum the prices of all items and apply a coupon discount."""
        amount = sum(prices[sku] * qty for sku, qty in self.items.items())
        return apply_discount(amount, coupon)
