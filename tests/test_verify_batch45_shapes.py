"""Shapes from the blind wild batch 45 (pyrodigal, sbpy), on a small repo, each beside a line
that must still be reported.

- A compiled class's method that its `.pyi` stub declares only through `@overload` defs
  (pyrodigal's `GeneFinder.train`) exists.
- An alternate constructor a subclass inherits and calls (`return cls.from_table(t)` in
  sbpy's `Orbit.from_horizons`, `from_table` being the base's `return cls(t)`) gives the
  subclass, whose methods are then found on the result.
- A Sphinx build copies each `html_static_path` entry's contents into `_static/`:
  `_static/citation.bib` is `docs/_static/bibtex/citation.bib` when conf.py lists
  `_static/bibtex` (pyrodigal).
"""

from __future__ import annotations

from pathlib import Path

from test_verify_wild import _drift, _write

STUB = """\
import typing

class GeneFinder:
    @typing.overload
    def train(self, sequence: str) -> None: ...
    @typing.overload
    def train(self, sequence: bytes) -> None: ...
    def find_genes(self, sequence: str) -> list[str]: ...
"""

CORE = """\
class DataClass:
    def __init__(self, table):
        self.table = table

    @classmethod
    def from_table(cls, table):
        return cls(table)
"""

ORBIT = """\
from .core import DataClass


class Orbit(DataClass):
    @classmethod
    def from_horizons(cls, target):
        elements = [target]
        return cls.from_table(elements)

    def oo_transform(self, frame):
        return frame
"""

README = """\
# genes

```python
import genes
finder = genes.GeneFinder()
finder.train("ATG")
finder.find_genes("ATG")
finder.find_orfs("ATG")
```

```python
from genes.orbit import Orbit
elements = Orbit.from_horizons("Ceres")
elements.oo_transform("KEP")
elements.oo_propagate(2451544.5)
```
"""


CONF = """\
project = "genes"
html_static_path = ["_static/js", "_static/bibtex"]
"""

PUBLICATIONS = """\
Publications
============

Grab the `BibTex file <../_static/citation.bib>`_, or the `RIS file <../_static/citation.ris>`_.
"""


def test_overload_only_stub_methods_and_inherited_alternate_constructors(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "genes"\nversion = "1"\n',
        "src/genes/__init__.py": "from .lib import GeneFinder\n",
        "src/genes/lib.pyx": "cdef class GeneFinder:\n    pass\n",
        "src/genes/lib.pyi": STUB,
        "src/genes/core.py": CORE,
        "src/genes/orbit.py": ORBIT,
        "README.md": README,
        "docs/conf.py": CONF,
        "docs/_static/bibtex/citation.bib": "@article{genes}\n",
        "docs/guide/publications.rst": PUBLICATIONS,
    }
    assert _drift(_write(tmp_path / "genes", files)) == {
        ("README.md", 8, "genes.GeneFinder.find_orfs"),
        ("README.md", 15, "genes.orbit.Orbit.from_horizons.oo_propagate"),
        ("docs/guide/publications.rst", 4, "../_static/citation.ris"),
    }
