"""Klaro on GitHub: events, the GitHub port and its PyGithub adapter, publishing, outputs."""
