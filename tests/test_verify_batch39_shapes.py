"""Shapes from the blind wild batch 39 (h5py, mpmath), on a small repo, each beside a line
that must still be reported.

- h5py's `h5t.templ.pyx` is a tempita template of `h5t.pyx`, the module `h5py.h5t`.
- An instance of a class given members at run time (mpmath's `mp = MPContext()`, whose base
  setattr's each special function on itself) has members we cannot list; a public name is no
  typo of the private hook `_erfc` beside it.
"""

from __future__ import annotations

from pathlib import Path

from test_verify_wild import _drift, _write

TEMPLATE = """\
{{py: types = ["I32LE", "I64LE"]}}
STD_I32LE = lockid(1)


def open(name):
    return name
"""

CONTEXT = """\
class SpecialFunctions:
    defined_functions = {}

    def __init__(self):
        for name, f in self.defined_functions.items():
            self._wrap_specfun(name, f)

    @classmethod
    def _wrap_specfun(cls, name, f):
        setattr(cls, name, f)

    def _erfc(self, z):
        raise NotImplementedError


class Plain:
    def _erfc(self, z):
        raise NotImplementedError


class MPContext(SpecialFunctions):
    pass


mp = MPContext()
plain = Plain()
"""

README = """\
# fast

Use `fast.h5t.STD_I32LE`, `fast.h5t.open()` and `fast.h5t.close()`.

```python
from fast.context import mp, plain
mp.erfc(0.5)
plain.erfc(0.5)
```
"""


def test_cython_templates_and_instances_of_open_classes(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "fast"\nversion = "1"\n',
        "fast/__init__.py": "",
        "fast/h5t.templ.pyx": TEMPLATE,
        "fast/context.py": CONTEXT,
        "README.md": README,
    }
    assert _drift(_write(tmp_path / "fast", files)) == {
        ("README.md", 3, "fast.h5t.close()"),
        ("README.md", 8, "fast.context.plain.erfc"),
    }
