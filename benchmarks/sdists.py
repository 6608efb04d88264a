"""Pinned source distributions from PyPI for the benchmarks, cached outside the repository.

Fetched once through PyPI's JSON simple API (PEP 691), checked against the sha256 PyPI lists,
unpacked under `~/.cache/klaro-bench` (or `$KLARO_BENCH_CACHE`). Offline, `fetch_sdist`
raises `Unavailable` so a benchmark can skip the package with one line instead of a traceback.
"""

from __future__ import annotations

import hashlib
import json
import os
import tarfile
import urllib.request
import zipfile
from pathlib import Path

CACHE = Path(os.environ.get("KLARO_BENCH_CACHE", Path.home() / ".cache" / "klaro-bench"))


class Unavailable(Exception):
    """The sdist is neither cached nor reachable on PyPI."""


def fetch_sdist(name: str, version: str) -> Path:
    """Download and unpack `name==version` once; return the unpacked project root."""
    target = CACHE / f"{name}-{version}"
    if (target / "PKG-INFO").is_file():
        return target
    done = CACHE / f".{name}-{version}.root"
    if done.is_file():
        return Path(done.read_text().strip())
    CACHE.mkdir(parents=True, exist_ok=True)
    try:
        archive = _download(name, version)
    except (OSError, ValueError, KeyError) as exc:  # URLError and timeouts are OSErrors
        raise Unavailable(f"{name}=={version}: {exc}") from exc
    unpacked = CACHE / f".unpack-{name}-{version}"
    if archive.name.endswith(".zip"):
        with zipfile.ZipFile(archive) as zf:
            zf.extractall(unpacked)
    else:
        with tarfile.open(archive) as tf:
            tf.extractall(unpacked, filter="data")
    dirs = [p for p in unpacked.iterdir() if p.is_dir()]
    root = dirs[0] if len(dirs) == 1 else unpacked
    done.write_text(str(root))
    return root


def _download(name: str, version: str) -> Path:
    url = f"https://pypi.org/simple/{name.lower().replace('_', '-')}/"
    request = urllib.request.Request(url, headers={"Accept": "application/vnd.pypi.simple.v1+json"})
    with urllib.request.urlopen(request, timeout=30) as response:
        index = json.load(response)
    stems = {name, name.lower(), name.replace("-", "_"), name.lower().replace("-", "_")}
    wanted = {f"{s}-{version}{ext}" for s in stems for ext in (".tar.gz", ".zip")}
    entry = next((f for f in index["files"] if f["filename"] in wanted), None)
    if entry is None:
        raise ValueError(f"no sdist {name}-{version} on PyPI")
    archive = CACHE / entry["filename"]
    if not archive.is_file():
        with urllib.request.urlopen(entry["url"], timeout=120) as response:
            data = response.read()
        if hashlib.sha256(data).hexdigest() != entry["hashes"]["sha256"]:
            raise ValueError(f"sha256 mismatch for {entry['filename']}")
        archive.write_bytes(data)
    return archive
