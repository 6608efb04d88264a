"""Shapes from the blind wild batch 15 (plumbum, bandit, wireup, python-statemachine), on a
small repo: names a module or an object makes at run time, a module an instance shadows,
options an example program declares, and design notes. Each was a false alarm; each test
pairs it with the drift beside it that must still be reported.

- `plumbum.cmd`: a module `__getattr__` returning `local[name]` serves any program name.
- `plumbum.colors`: `sys.modules[__name__] = ansicolors` puts an object in the module's place.
- A `__getattr__` that tries a call and turns its failure into AttributeError serves what
  the call accepts (colour names), unlike one looking the name up in a table.
- `from plumbum.machines import local` is the instance `machines/__init__.py` binds, not the
  submodule `machines/local.py`.
- `globals()[rank] = rank` makes module names at run time (bandit's `HIGH`), and
  `setattr(check, func, ...)` in a loop gives an object its members (pytest-check, batch 16).
- `cli.SwitchAttr("--mode", ...)` in a page's example declares the example's own option.
- `pkg.__init__` is the package; `z_docs/ideas/` holds proposals of what does not exist yet.
"""

from __future__ import annotations

from pathlib import Path

from test_verify_wild import _drift, _write

PYPROJECT = """\
[project]
name = "shell"
version = "1.0"

[project.scripts]
shell = "shell.main:main"
"""

FILES = {
    "pyproject.toml": PYPROJECT,
    "shell/__init__.py": '"""Shell."""\nfrom shell.machines import local\n\n__all__ = ["local"]\n',
    "shell/machines/__init__.py": '"""Machines."""\nfrom shell.machines.local import local\n',
    "shell/machines/local.py": (
        '"""The local machine."""\n\n\nclass LocalMachine:\n'
        "    def cwd(self) -> str:\n        return '.'\n\n"
        "    def __getitem__(self, name: str) -> str:\n        return name\n\n\n"
        "local = LocalMachine()\n"
    ),
    "shell/cmd.py": (
        '"""Programs as attributes."""\nimport shell\n\n\n'
        "def __getattr__(name):\n    return shell.local[name]\n"
    ),
    "shell/styles.py": (
        '"""Colours."""\n\n\nclass ColorNotFound(Exception):\n    pass\n\n\n'
        "def color(name):\n    return name\n\n\nclass Factory:\n"
        "    def reset(self) -> None:\n        return None\n\n"
        "    def __getattr__(self, item):\n        try:\n            return color(item)\n"
        "        except ColorNotFound:\n            raise AttributeError(item) from None\n\n\n"
        "class Registry:\n    _parsers: dict = {}\n\n"
        "    def __getattr__(self, name):\n        try:\n            return self._parsers[name]\n"
        "        except KeyError:\n            raise AttributeError(name) from None\n\n\n"
        "colors = Factory()\nregistry = Registry()\n"
    ),
    "shell/colors.py": (
        '"""The colour factory in this module\'s place."""\nimport sys\n\n'
        "from shell.styles import colors\n\nsys.modules[__name__] = colors\n"
    ),
    "shell/constants.py": (
        '"""Ranks."""\nRANKING = ["LOW", "HIGH"]\n'
        "for rank in RANKING:\n    globals()[rank] = rank\n"
    ),
    "shell/checks.py": (
        '"""Checks."""\n\n\nclass Checker:\n    def fail(self) -> None:\n        return None\n\n\n'
        'check = Checker()\nfor func in ("equal", "less"):\n    setattr(check, func, print)\n'
    ),
    "shell/main.py": (
        "import argparse\n\n\ndef main():\n    parser = argparse.ArgumentParser()\n"
        '    parser.add_argument("--verbose", action="store_true")\n    parser.parse_args()\n'
    ),
    "z_docs/ideas/tagging.md": "# Tagging\n\nA sketch: `shell.tagged(tag=...)` could select.\n",
}

README = """\
# shell

```python
from shell.cmd import grep, ls
from shell import colors, local, styles
print(colors.bold, colors.fg.red, local.cwd(), local.cdw())
from shell.colors import underline
from shell.constants import HIGH, RANKING, RANKINGS
styles.registry.json, styles.colors.orchid
from shell.checks import check; check.equal(1, 1)
```

Use `shell.__init__` as the entry point, not `shell.__int__`.

```python
class MyApp(cli.Application):
    mode = cli.SwitchAttr("--mode", str)
```

Complete the ``--mode`` argument; `shell --verbose` works, `shell --verbsoe` does not.
"""


def test_names_made_at_run_time_and_the_examples_own_options(tmp_path: Path) -> None:
    root = _write(tmp_path / "shell", {**FILES, "README.md": README})
    assert {(f, n, ref) for f, n, ref in _drift(root)} == {
        # the instance `local` has no `cdw`
        ("README.md", 6, "shell.local.cdw"),
        # a table-backed `__getattr__` serves only what is registered
        ("README.md", 9, "shell.styles.registry.json"),
        # (RANKINGS is no claim: the constants module makes its names at run time)
        ("README.md", 13, "shell.__int__"),
        ("README.md", 20, "shell --verbsoe"),
    }
