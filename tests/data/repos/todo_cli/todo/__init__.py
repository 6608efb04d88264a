"""Keep a to-do list in a plain text file."""
