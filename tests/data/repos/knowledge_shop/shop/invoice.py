"""Invoices rendered as plain text."""

from shop.pricing import vat


def render_invoice(customer: str, amount: float) -> str:
    """Render a plain-text invoice with tax for a customer."""
    return f"Invoice for {customer}: {amount:.2f} + VAT {vat(amount):.2f}"
