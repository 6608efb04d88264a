"""What the writers leave out: someone else's code, probes of the environment, non-checks.

A README lists the project's own API, configuration and checks. Vendored and generated
modules ship inside the package but are not its API; `CI`, `TERM` or `COMSPEC` are read to
probe where the code runs, not to let a user configure it; `tox -e docs-serve` is a command
people run, not a check. Each rule here is one predicate the writers share.
"""

from __future__ import annotations

import re
from dataclasses import replace

from klaro.scan.layout import is_vendored
from klaro.scan.model import Analysis

# Read to learn about the machine, the terminal or the CI service, never set by a user to
# configure the project. NO_COLOR and FORCE_COLOR stay: people set them to choose output.
_PROBES = frozenset(
    {
        "CI", "TERM", "TERM_PROGRAM", "TERM_PROGRAM_VERSION", "COLORTERM", "COMSPEC",
        "COLUMNS", "LINES", "HOME", "USERPROFILE", "PATH", "PATHEXT", "PWD", "SHELL",
        "USER", "USERNAME", "LOGNAME", "LANG", "LANGUAGE", "LC_ALL", "LC_CTYPE", "TMPDIR",
        "TEMP", "TMP", "SYSTEMROOT", "WINDIR", "APPDATA", "LOCALAPPDATA", "PROGRAMFILES",
        "GITHUB_ACTIONS", "GITLAB_CI", "TRAVIS", "CIRCLECI", "APPVEYOR", "TF_BUILD",
        "BUILD_NUMBER", "JENKINS_URL", "BUILDKITE", "TEAMCITY_VERSION", "WT_SESSION",
        "ANSICON", "ConEmuANSI", "PYCHARM_HOSTED", "JPY_PARENT_PID", "VSCODE_PID",
        "VIRTUAL_ENV", "CONDA_PREFIX", "PYTHONPATH", "PYTHONHOME", "PYTHONIOENCODING",
        "PYTEST_CURRENT_TEST", "SSH_CLIENT", "SSH_TTY", "DISPLAY", "EDITOR", "VISUAL",
        "PAGER", "KUBERNETES_SERVICE_HOST", "HOSTNAME", "COMPUTERNAME",
    }
)  # fmt: skip
_CHECK_WORDS = re.compile(
    r"(^|[-_:.])(test|tests|py\d*|pypy\d*|unit|integration|lint|linters?|check|checks|type|"
    r"types|typing|typecheck|mypy|pyright|flake8|ruff|pylint|style|fmt|format|black|isort|"
    r"coverage|cov|pre-commit|precommit|static|quality|doctest|doctests|all)(?=$|[-_:.\d])",
    re.IGNORECASE,
)
_NOT_CHECKS = re.compile(
    r"(^|[-_:.])(serve|server|watch|live|release|publish|upload|deploy|clean|install|dev|"
    r"shell|run|bump|changelog|docs|doc|build|dist)(?=$|[-_:.])",
    re.IGNORECASE,
)


def own_code(analysis: Analysis, patterns: tuple[str, ...] = ()) -> Analysis:
    """The analysis without vendored and generated modules: what the project wrote itself."""
    kept = tuple(m for m in analysis.modules if not is_vendored(m.path, patterns))
    if len(kept) == len(analysis.modules):
        return analysis
    return replace(analysis, modules=kept, _index={})


def is_setting(name: str) -> bool:
    """Whether an environment variable is one users set to configure the project.

    `_`-prefixed names are protocols between a program and itself (typer's
    `_TYPER_COMPLETE_ARGS`); the others left out are probes of the machine or the CI service.
    """
    return not name.startswith("_") and name not in _PROBES


def is_private_name(dotted: str) -> bool:
    """Whether any part of a dotted name is private (`_`-prefixed, dunders excepted)."""
    return any(
        part.startswith("_") and not (part.startswith("__") and part.endswith("__"))
        for part in dotted.split(".")
    )


def is_check(target: str) -> bool:
    """Whether a tox/nox/make target named `target` runs checks, judged by its name.

    `tox -e py312`, `nox -s lint`, `make test` run checks; `tox -e docs-serve`, `make release`
    or `nox -s dev` do something else and are not listed as checks.
    """
    return bool(_CHECK_WORDS.search(target)) and not _NOT_CHECKS.search(target)
