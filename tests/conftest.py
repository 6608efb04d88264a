"""Shared fixtures: sample repositories and pinned real-world sdists.

`sdist` downloads a pinned source distribution from PyPI once per session (cached under
pytest's cache directory) and skips the test when the registry cannot be reached, so the
suite passes offline and only `realworld` tests ever touch the network.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import tarfile
import urllib.request
import zipfile
from collections.abc import Callable
from pathlib import Path

import pytest

from fakes_github import fake  # noqa: F401  (the GitHub fake, for the action tests)

DATA = Path(__file__).parent / "data"
REPOS = DATA / "repos"


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--update-goldens",
        action="store_true",
        help="rewrite golden files from the current output instead of comparing",
    )


@pytest.fixture
def update_goldens(request: pytest.FixtureRequest) -> bool:
    return bool(request.config.getoption("--update-goldens"))


@pytest.fixture
def sample_repo(tmp_path: Path) -> Callable[[str], Path]:
    """Copy `tests/data/repos/<name>` to a temp dir, so tests may modify it freely."""

    def copy(name: str) -> Path:
        target = tmp_path / name
        shutil.copytree(REPOS / name, target)
        return target

    return copy


@pytest.fixture(scope="session")
def sdist(pytestconfig: pytest.Config) -> Callable[[str, str], Path]:
    """Return a function that fetches and unpacks `name==version` and returns its root."""
    assert pytestconfig.cache is not None
    cache = pytestconfig.cache.mkdir("sdists")

    def fetch(name: str, version: str) -> Path:
        target = cache / f"{name}-{version}"
        if (target / ".complete").exists():
            return _root_of(target)
        try:
            archive = _download_sdist(name, version, cache)
        except (OSError, ValueError) as exc:  # URLError and timeouts are OSErrors
            pytest.skip(f"cannot fetch {name}=={version} from PyPI: {exc}")
        shutil.rmtree(target, ignore_errors=True)
        target.mkdir()
        _unpack(archive, target)
        (target / ".complete").write_text("ok")
        return _root_of(target)

    return fetch


def _download_sdist(name: str, version: str, cache: Path) -> Path:
    """Fetch the sdist through PyPI's JSON simple API (PEP 691) and check its sha256."""
    url = f"https://pypi.org/simple/{name.lower().replace('_', '-')}/"
    request = urllib.request.Request(url, headers={"Accept": "application/vnd.pypi.simple.v1+json"})
    with urllib.request.urlopen(request, timeout=20) as response:
        index = json.load(response)
    prefixes = {f"{n}-{version}.tar.gz" for n in {name, name.lower(), name.replace("-", "_")}}
    entry = next((f for f in index["files"] if f["filename"] in prefixes), None)
    if entry is None:
        raise ValueError(f"no sdist {name}-{version}.tar.gz on PyPI")
    with urllib.request.urlopen(entry["url"], timeout=60) as response:
        data = response.read()
    if hashlib.sha256(data).hexdigest() != entry["hashes"]["sha256"]:
        raise ValueError(f"sha256 mismatch for {entry['filename']}")
    archive = cache / entry["filename"]
    archive.write_bytes(data)
    return archive


def _unpack(archive: Path, target: Path) -> None:
    if archive.name.endswith(".zip"):
        with zipfile.ZipFile(archive) as zf:
            zf.extractall(target)
    else:
        with tarfile.open(archive) as tf:
            tf.extractall(target, filter="data")


def _root_of(target: Path) -> Path:
    dirs = [p for p in target.iterdir() if p.is_dir()]
    return dirs[0] if len(dirs) == 1 else target
