"""Shapes from the blind wild batch 66 (pyseto, python-pkcs11, munkres), on small repos.

- pyseto's `v4.public`: a PASETO version's purpose, not the module `versions.v4` named by
  its last part.
- python-pkcs11's `key.encrypt(...)` on a `SecretKey` (by its annotation): keys are built at
  run time from the class and the `EncryptMixin`, `SignMixin`... of its family.
- munkres' `munkres._lapc`, a C extension module its pyproject.toml (or setup.py, or
  meson.build) compiles: the project's module, whose names are not listed.
"""

from __future__ import annotations

from pathlib import Path

from test_verify_wild import _drift, _write


def test_a_version_word_is_no_module_by_its_last_name(tmp_path: Path) -> None:
    root = tmp_path / "tokens"
    _write(
        root,
        {
            "pyproject.toml": '[project]\nname = "tokens"\nversion = "1"\n',
            "tokens/__init__.py": "",
            "tokens/versions/__init__.py": "",
            "tokens/versions/v4.py": "def encode(key, payload):\n    return payload\n",
            "tokens/versions/utils.py": "def pad(data):\n    return data\n",
            "README.md": "# tokens\n\nUse `v4.public` or `v4.local`; call `utils.pad_data`.\n",
        },
    )
    assert {(f, n, r) for f, n, r in _drift(root)} == {("README.md", 3, "utils.pad_data")}


KEYS = """\
class HasKeyType:
    key_type = None


class Key(HasKeyType):
    label = None


class SecretKey(Key):
    pass


class EncryptMixin(HasKeyType):
    def encrypt(self, data, mechanism=None):
        return data


class Session:
    def generate_key(self, key_type, length) -> SecretKey:
        return SecretKey()
"""

KEYS_README = """\
# keys

```python
from keys import Session

key = Session().generate_key("AES", 256)
key.encrypt(b"data")
key.encrpyt(b"data")
```
"""


def test_a_method_a_mixin_of_the_family_gives(tmp_path: Path) -> None:
    root = tmp_path / "keys"
    _write(
        root,
        {
            "pyproject.toml": '[project]\nname = "keys"\nversion = "1"\n',
            "keys/__init__.py": KEYS,
            "README.md": KEYS_README,
        },
    )
    # `encrpyt` is no mixin's either
    assert {(f, n) for f, n, _ in _drift(root)} == {("README.md", 8)}


MESON = """\
py = import('python').find_installation()
py.extension_module(
  '_fast',
  'src/solver/_native/fast.c',
  dependencies: py.dependency(),
  install: true,
  subdir: 'solver',
)
"""

SETUP = """\
from setuptools import Extension, setup

setup(
    name="solver",
    ext_modules=[Extension("solver._speedups", ["src/solver/speedups.c"])],
)
"""


def test_extension_modules_the_build_compiles(tmp_path: Path) -> None:
    root = tmp_path / "solver"
    _write(
        root,
        {
            "pyproject.toml": '[project]\nname = "solver"\nversion = "1"\n'
            "[[tool.setuptools.ext-modules]]\n"
            'name = "solver._lapc"\nsources = ["src/solver/lap.c"]\n',
            "setup.py": SETUP,
            "meson.build": MESON,
            "src/solver/__init__.py": "def solve(matrix):\n    return matrix\n",
            "README.md": "# solver\n\nThe kernels `solver._lapc`, `solver._fast` and "
            "`solver._speedups` and `solver._slow`.\n",
        },
    )
    assert {(f, n, r) for f, n, r in _drift(root)} == {("README.md", 3, "solver._slow")}
