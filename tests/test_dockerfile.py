"""The action image, checked without a Docker engine: the lock, the base, and the thin top.

The base image (docker/base.Dockerfile) installs docker/requirements.lock with hashes; the
action's Dockerfile starts FROM that base pinned by digest and adds Klaro alone. These tests
read the files as a build would and fail when one of them drifts from pyproject.toml.
"""

from __future__ import annotations

import re
import shlex
import tomllib
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).parent.parent
LOCK = ROOT / "docker" / "requirements.lock"
BASE = ROOT / "docker" / "base.Dockerfile"
ACTION = ROOT / "Dockerfile"
_DIGEST = re.compile(r"^ghcr\.io/[a-z0-9._-]+/klaro-base:[\w.-]+@sha256:[0-9a-f]{64}$")


def _project() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text())


def _instructions(path: Path) -> list[tuple[str, str]]:
    """(INSTRUCTION, arguments) of a Dockerfile, continuation lines joined, comments dropped."""
    out: list[tuple[str, str]] = []
    pending = ""
    for raw in path.read_text().splitlines():
        line = raw.strip()
        if not pending and (not line or line.startswith("#")):
            continue
        if line.endswith("\\"):
            pending += line[:-1] + " "
            continue
        word, _, rest = (pending + line).partition(" ")
        out.append((word.upper(), rest.strip()))
        pending = ""
    return out


def _locked() -> dict[str, tuple[str, list[str]]]:
    """Package -> (pinned version, hashes), from the lock's `name==version ; marker` entries."""
    entries: dict[str, tuple[str, list[str]]] = {}
    text = re.sub(r"\\\n\s*", " ", LOCK.read_text())
    for line in text.splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        spec, *hashes = line.split("--hash=")
        requirement = Requirement(spec.strip())
        (pin,) = requirement.specifier
        assert pin.operator == "==", line
        entries[canonicalize_name(requirement.name)] = (pin.version, [h.strip() for h in hashes])
    return entries


def _copied(path: Path) -> set[str]:
    sources: set[str] = set()
    for word, rest in _instructions(path):
        if word == "COPY":
            sources.update(w.rstrip("/") for w in rest.split()[:-1] if not w.startswith("--"))
    return sources


def test_every_locked_package_is_pinned_with_a_sha256_hash() -> None:
    locked = _locked()
    assert len(locked) > 50  # the full closure, not just the direct dependencies
    for name, (_, hashes) in locked.items():
        assert hashes, f"{name} has no hash"
        assert all(re.fullmatch(r"sha256:[0-9a-f]{64}", h) for h in hashes), name
    assert "klaro" not in locked  # Klaro itself is added by the action's Dockerfile


def test_lock_satisfies_every_dependency_and_the_build_backend() -> None:
    project = _project()
    locked = _locked()
    wanted = [*project["project"]["dependencies"], *project["build-system"]["requires"]]
    for text in wanted:
        requirement = Requirement(text)
        name = canonicalize_name(requirement.name)
        assert name in locked, f"{name} (pyproject.toml) is missing from the lock: bash .ci/lock"
        version = locked[name][0]
        assert requirement.specifier.contains(version, prereleases=True), (
            f"lock pins {name}=={version}, pyproject.toml wants {requirement.specifier}: "
            "bash .ci/lock"
        )


def test_base_installs_the_lock_with_hashes_and_nothing_else() -> None:
    steps = _instructions(BASE)
    python = next(rest for word, rest in steps if word == "FROM")
    # the lock was compiled for the Python the base image runs
    minor = re.search(r"--python-version (3\.\d+)", LOCK.read_text())
    assert minor and python.startswith(f"python:{minor[1]}."), python
    assert _copied(BASE) == {"docker/requirements.lock"}
    (install,) = [shlex.split(rest) for word, rest in steps if word == "RUN"]
    assert install[:2] == ["pip", "install"]
    assert {"--require-hashes", "--no-deps"} <= set(install)
    assert install[install.index("-r") + 1].endswith("/requirements.lock")


def test_action_image_starts_from_the_pinned_base_and_adds_only_klaro() -> None:
    steps = _instructions(ACTION)
    froms = [rest for word, rest in steps if word == "FROM"]
    assert len(froms) == 1 and _DIGEST.match(froms[0]), froms
    assert {word for word, _ in steps} <= {"FROM", "COPY", "RUN", "ENTRYPOINT"}
    (run,) = [rest for word, rest in steps if word == "RUN"]
    install, _, check = run.partition("&&")
    words = shlex.split(install)
    assert words[:2] == ["pip", "install"]
    assert {"--no-deps", "--no-build-isolation"} <= set(words)
    targets = [w for w in words[2:] if not w.startswith("-")]
    assert targets == ["/opt/klaro"], "the action image installs Klaro and nothing else"
    assert shlex.split(check) == ["klaro", "--version"]


def test_image_copies_every_path_the_package_build_reads() -> None:
    project = _project()
    needed = {"pyproject.toml", project["project"]["readme"]}
    needed |= {path.split("/")[0] for path in project["tool"]["setuptools"]["package-dir"].values()}
    assert needed == _copied(ACTION)
    ignored = {line.strip() for line in (ROOT / ".dockerignore").read_text().splitlines()}
    assert not needed & ignored
    assert "docker" not in ignored  # the base build copies docker/requirements.lock


def test_entrypoint_is_exec_form_and_absolute() -> None:
    for path in (ACTION, BASE):
        text = path.read_text()
        assert "\nUSER " not in text and "\nWORKDIR " not in text
    assert 'ENTRYPOINT ["/usr/local/bin/klaro", "action"]' in ACTION.read_text()
