"""Shapes from the blind wild batch 67 (git-cola, kliff), on small repos.

- git-cola's git configuration keys: `cola.autoloadCommitTemplate`, which the code reads
  lower-case (git folds them); `cola.color.text`, which the page sets with `git config`;
  "the `cola.pythonlocation` git configuration variable". And Qt's `QT_STYLE_OVERRIDE`,
  though the code reads `QT_SCALE_FACTOR`: Qt's variables, not the project's.
- kliff's `Loss(calculator)`, a class whose one method is a `__new__` giving instances of
  other classes: what it makes is not a `Loss`.
"""

from __future__ import annotations

from pathlib import Path

from test_verify_wild import _drift, _write

CONFIG = """\
import os


def autoload_template(cfg):
    return cfg.get("cola.autoloadcommittemplate", False)


def color(cfg, key):
    return cfg.get("cola.color.%s" % key)


def scale():
    return os.environ.get("QT_SCALE_FACTOR", "1")


def theme():
    return os.environ.get("COLA_THEME", "default")


MOVED = {"Stream": "cola.gitcfg.stream"}
"""

CONFIG_PAGE = """\
Configuration
=============

Set ``cola.autoloadCommitTemplate`` to load the template. Set the
``cola.pythonlocation`` git configuration variable to pick the Python.

cola.color.text
---------------

The diff text color: ``git config cola.color.text 030303``.

Qt reads ``QT_STYLE_OVERRIDE``; git-cola reads ``COLA_THEME`` and ``COLA_THEMES``.
Its ``cola.notAKey`` is made up, and ``cola.gitcfg.Stream`` is no class of it.
"""


def test_git_configuration_keys_and_qts_variables(tmp_path: Path) -> None:
    root = tmp_path / "cola"
    _write(
        root,
        {
            "pyproject.toml": '[project]\nname = "cola"\nversion = "1"\n',
            "cola/__init__.py": "",
            "cola/gitcfg.py": CONFIG,
            "docs/config.rst": CONFIG_PAGE,
        },
    )
    assert {(f, n, r) for f, n, r in _drift(root)} == {
        ("docs/config.rst", 12, "COLA_THEMES"),
        ("docs/config.rst", 13, "cola.notAKey"),
        ("docs/config.rst", 13, "cola.gitcfg.Stream"),  # a class, whatever a string spells
    }


LOSS = """\
class LossNeuralNetworkModel:
    def minimize(self, method="Adam"):
        return method


class LossPhysicsMotivatedModel:
    def minimize(self, method="L-BFGS-B"):
        return method


class Loss:
    def __new__(cls, calculator, nprocs=1):
        if calculator == "torch":
            return LossNeuralNetworkModel()
        return LossPhysicsMotivatedModel()


class Trainer:
    def __init__(self, loss):
        self.loss = loss

    def train(self):
        return self.loss
"""

LOSS_README = """\
# fit

```python
from fit import Loss, Trainer

loss = Loss(calc, nprocs=2)
loss.minimize(method="L-BFGS-B")
Trainer(loss).fit()
```
"""


def test_a_factory_class(tmp_path: Path) -> None:
    root = tmp_path / "fit"
    _write(
        root,
        {
            "pyproject.toml": '[project]\nname = "fit"\nversion = "1"\n',
            "fit/__init__.py": LOSS,
            "fit/models.py": "def build():\n    return None\n",
            "README.md": LOSS_README,
        },
    )
    # `Trainer` makes an instance of itself: it has no `fit`
    assert {(f, n) for f, n, _ in _drift(root)} == {("README.md", 8)}
