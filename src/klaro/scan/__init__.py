"""Read a repository: which files exist, and what the Python in them declares."""
