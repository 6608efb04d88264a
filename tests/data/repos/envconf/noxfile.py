"""Nox sessions for envconf."""

import nox


@nox.session
def tests(session):
    """Run the test suite."""
    session.install("pytest")
    session.run("pytest")


@nox.session
def lint(session):
    """Lint the code."""
    session.install("flake8")
    session.run("flake8", "envconf")
