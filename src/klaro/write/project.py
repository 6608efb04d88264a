"""Facts about how a repository is worked on, read from its tool files (never run).

The README's Development section may only show commands the repository itself defines, so
each command found here carries the file it came from: pytest/ruff/mypy/black settings or
dependencies in pyproject.toml, tox environments, nox sessions, Makefile targets and the
`run:` lines of GitHub workflows. Example configuration files and the license file are
collected too. Everything is read as data; nothing in the repository is executed.
"""

from __future__ import annotations

import configparser
import re
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from klaro.scan.model import Analysis
from klaro.write.docstrings import first_line
from klaro.write.filters import is_check

_MAKE_TARGET = re.compile(r"^([A-Za-z0-9][A-Za-z0-9_.-]*)\s*:(?!=)")
_CHECK_TOOLS = (
    "pytest", "python -m pytest", "ruff", "mypy", "black", "flake8", "pylint", "tox", "nox",
    "make", "pre-commit", "coverage", "python -m unittest",
)  # fmt: skip
_EXAMPLE_CONFIG = re.compile(
    r"(^|/)(\.env\.(example|sample|template)|[^/]*\.(example|sample|dist)(\.[a-z]+)?|"
    r"(config|settings)\.(example\.)?(toml|ya?ml|ini|json|cfg))$",
    re.IGNORECASE,
)
_LICENSE_FILES = ("LICENSE", "LICENSE.txt", "LICENSE.md", "LICENCE", "COPYING", "LICENSE.rst")
_DEV_EXTRAS = ("dev", "develop", "development", "test", "tests", "testing")


@dataclass(frozen=True)
class DevCommand:
    """A command a contributor runs, and the repository file that defines it."""

    command: str
    source: str
    help: str = ""  # what it does, as the file says (a session's docstring, a `##` comment)


@dataclass(frozen=True)
class ProjectFacts:
    """What the README says about developing the project beyond the Python analysis."""

    dev_install: str | None = None
    commands: tuple[DevCommand, ...] = ()
    config_files: tuple[str, ...] = ()
    license_file: str | None = None


def collect_facts(root: Path | str, analysis: Analysis) -> ProjectFacts:
    """Read the repository's tool files and return the development facts they state."""
    root = Path(root)
    paths = {f.path for f in analysis.files}
    commands: list[DevCommand] = []
    pyproject = _toml(root / "pyproject.toml") if "pyproject.toml" in paths else {}
    commands += _from_pyproject(pyproject, analysis)
    if "pytest.ini" in paths:
        commands.append(DevCommand("pytest", "pytest.ini"))
    if "tox.ini" in paths:
        commands += _from_tox(root / "tox.ini")
    if "noxfile.py" in paths:
        commands += _from_nox(analysis)
    if "Makefile" in paths:
        commands += _from_makefile(root / "Makefile")
    if "tasks.py" in paths:
        commands += _from_invoke(analysis)
    for path in sorted(p for p in paths if p.startswith(".github/workflows/")):
        if path.endswith((".yml", ".yaml")):
            commands += _from_workflow(root / path, path)
    unique = list({c.command: c for c in reversed(commands)}.values())[::-1]
    config_files = tuple(sorted(p for p in paths if _EXAMPLE_CONFIG.search(p)))
    license_file = next((name for name in _LICENSE_FILES if name in paths), None)
    if license_file is None:
        license_file = next((name for name in _LICENSE_FILES if (root / name).is_file()), None)
    return ProjectFacts(
        dev_install=_dev_install(analysis),
        commands=tuple(unique),
        config_files=config_files,
        license_file=license_file,
    )


def _toml(path: Path) -> dict[str, Any]:
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
        return {}


def _requirement_names(requirements: list[str] | tuple[str, ...]) -> set[str]:
    return {re.split(r"[\s\[<>=!~;(]", r.strip(), maxsplit=1)[0].lower() for r in requirements}


def _from_pyproject(data: dict[str, Any], analysis: Analysis) -> list[DevCommand]:
    """Tools configured under [tool.*] or declared as dependencies, extras or dependency groups."""
    tool = data.get("tool", {}) if isinstance(data.get("tool"), dict) else {}
    meta = analysis.metadata
    deps = set(_requirement_names(meta.dependencies))
    for _, reqs in (*meta.optional_dependencies, *meta.dependency_groups):
        deps |= _requirement_names(reqs)
    target = _package_dir(analysis)
    found: list[DevCommand] = []
    if "pytest" in tool or "pytest" in deps:
        found.append(DevCommand("pytest", "pyproject.toml"))
    if "ruff" in tool or "ruff" in deps:
        found.append(DevCommand("ruff check .", "pyproject.toml"))
    if "black" in tool or "black" in deps:
        found.append(DevCommand("black --check .", "pyproject.toml"))
    if ("mypy" in tool or "mypy" in deps) and target:
        found.append(DevCommand(f"mypy {target}", "pyproject.toml"))
    return found


def _package_dir(analysis: Analysis) -> str | None:
    """Return the folder of the shallowest shipped package (`src/pkg` or `pkg`)."""
    inits = sorted(
        (m.path for m in analysis.modules if m.is_package and m.role == "package"),
        key=lambda p: (p.count("/"), p),
    )
    return inits[0].rsplit("/", 1)[0] if inits and "/" in inits[0] else None


def _from_tox(path: Path) -> list[DevCommand]:
    parser = configparser.ConfigParser(interpolation=None)
    try:
        parser.read_string(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, configparser.Error):
        return []
    if not parser.has_section("tox"):
        return []
    found = [DevCommand("tox", "tox.ini")]
    envs = [s.split(":", 1)[1] for s in parser.sections() if s.startswith("testenv:")]
    found += [
        DevCommand(
            f"tox -e {env}",
            "tox.ini",
            _one_line(parser.get(f"testenv:{env}", "description", fallback="")),
        )
        for env in envs
        if re.fullmatch(r"\S+", env) and is_check(env)
    ]
    return found


def _from_nox(analysis: Analysis) -> list[DevCommand]:
    module = analysis.module("noxfile")
    if module is None:
        return []
    sessions = [
        f for f in module.functions if any(d.startswith("nox.session") for d in f.decorators)
    ]
    return [DevCommand("nox", "noxfile.py")] + [
        DevCommand(f"nox -s {f.name}", "noxfile.py", _one_line(first_line(f.docstring)))
        for f in sessions
        if is_check(f.name)
    ]


def _from_invoke(analysis: Analysis) -> list[DevCommand]:
    """Tasks of an invoke `tasks.py` (`@task` functions), run as `invoke NAME`."""
    module = analysis.module("tasks")
    if module is None:
        return []
    return [
        DevCommand(
            f"invoke {f.name.replace('_', '-')}", "tasks.py", _one_line(first_line(f.docstring))
        )
        for f in module.functions
        if any(d.split("(")[0].rsplit(".", 1)[-1] == "task" for d in f.decorators)
        and is_check(f.name)
    ]


def _one_line(text: str | None) -> str:
    return " ".join((text or "").split())


def _from_makefile(path: Path) -> list[DevCommand]:
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError):
        return []
    targets: dict[str, str] = {}
    for line in lines:
        match = _MAKE_TARGET.match(line)
        if match and "%" not in match[1] and match[1] not in targets:
            # the common self-documenting style: `test: deps ## Run the tests`
            targets[match[1]] = _one_line(line.split("##", 1)[1]) if "##" in line else ""
    return [DevCommand(f"make {t}", "Makefile", h) for t, h in targets.items() if is_check(t)]


def _from_workflow(path: Path, rel: str) -> list[DevCommand]:
    """Single commands from `run:` steps that invoke a test, lint or build tool."""
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, yaml.YAMLError):
        return []
    jobs = data.get("jobs", {}) if isinstance(data, dict) else {}
    found: list[DevCommand] = []
    for job in jobs.values() if isinstance(jobs, dict) else ():
        steps = job.get("steps", []) if isinstance(job, dict) else []
        for step in steps if isinstance(steps, list) else ():
            run = step.get("run") if isinstance(step, dict) else None
            if not isinstance(run, str):
                continue
            for line in run.splitlines():
                line = line.strip()
                if "${{" in line or line.endswith("\\"):
                    continue  # expressions and continued lines are not commands people paste
                if any(line == t or line.startswith(t + " ") for t in _CHECK_TOOLS):
                    found.append(DevCommand(line, rel))
    return found


def _dev_install(analysis: Analysis) -> str | None:
    """The editable install with the development extra the metadata defines, if any."""
    extras = [name for name, _ in analysis.metadata.optional_dependencies]
    chosen = next((e for e in _DEV_EXTRAS if e in extras), None)
    if analysis.metadata.name is None:
        return None
    return f'pip install -e ".[{chosen}]"' if chosen else "pip install -e ."
