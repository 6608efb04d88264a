"""Verification: every code reference in the documentation must resolve against the code."""
