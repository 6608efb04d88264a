"""`with f() as x`, where `f` is a `@contextmanager` generator: `x` is what it yields.

Docs use context managers everywhere (`with alive_bar(n) as bar: bar()`, `async with
session() as s`), and a generator's return type is no help: contextlib's manager gives the
yielded value to the block. A method the yielded class lacks is drift; one it has is true;
a generator that yields something the analysis cannot follow (`locals()`) stays unknown.
"""

from __future__ import annotations

from pathlib import Path

from test_verify_wild import _drift, _write

CORE = """\
from contextlib import asynccontextmanager, contextmanager


class Handle:
    def pause(self):
        pass

    def close(self):
        pass


class Session:
    async def fetch(self, url):
        return url


@contextmanager
def opened(path):
    handle = Handle()
    try:
        yield handle
    finally:
        handle.close()


def progress(total=None):
    return _progress(total)


@contextmanager
def _progress(total):
    yield Handle() if total else None


@contextmanager
def sampled():
    yield locals()


@asynccontextmanager
async def session():
    yield Session()
"""

README = """\
# cm

```python
from cm import opened, progress, sampled, session

with opened("data.bin") as handle:
    handle.pause()
    handle.reopen()

with progress(10) as bar:
    bar.pause()
    bar.resume()

with sampled() as values:
    values.anything()


async def main():
    async with session() as s:
        await s.fetch("https://example.com")
        await s.download("https://example.com")
```
"""


def test_with_binds_what_a_contextmanager_yields(tmp_path: Path) -> None:
    files = {
        "cm/__init__.py": "from cm.core import opened, progress, sampled, session\n",
        "cm/core.py": CORE,
        "README.md": README,
    }
    found = _drift(_write(tmp_path / "cm", files))
    assert {(line, ref.rpartition(".")[2]) for _, line, ref in found} == {
        (8, "reopen"),  # opened() yields a Handle, which has no reopen
        (12, "resume"),  # progress() returns _progress(), whose yield is a Handle or None
        (21, "download"),  # `async with` enters through the async manager
    }
