"""Shapes from the blind wild batch 78 (zope.security, napari-plugin-engine,
pytorch-optimizer, saltext-vault), each a page that is right, on a small repo that has it:

- `from zopex.proxy import ProxyFactory`, a name `checker.py` sets on the module it imports
  (`proxy.ProxyFactory = ProxyFactory`);
- `manager.discover(...)`: an instance of the `PluginManager` the submodule `manager`
  defines, not the module;
- ``train_loader``, which the example loops over and never binds: the reader's own;
- ``allowed_policies``, a parameter of the other program a shell block runs
  (`vault write ... allowed_policies=...`), though the project has an `allowed_roles`.
"""

from __future__ import annotations

from pathlib import Path

from test_verify_wild import _drift, _write

CHECKER = """\
from zopex import proxy


def ProxyFactory(obj):
    return obj


proxy.ProxyFactory = ProxyFactory
"""

MANAGER = """\
class PluginManager:
    def discover(self, entry_point=None):
        return entry_point
"""

TRAIN = """\
def create_optimizer(model, name, lr=0.1):
    return model


def train_mode(model):
    return model


def allowed_roles(policy):
    return policy
"""

PAGE = """\
# Guide

```python
from zopex.proxy import ProxyFactory
from zopex.manager import PluginManager
from zopex.train import create_optimizer

plugin_manager = PluginManager()
optimizer = create_optimizer(model, "muon", lr=0.02)
for inputs, targets in train_loader:
    optimizer.step()
```

Build `train_loader` with a sampler; `manager.discover(entry_point="app.plugin")` finds
the plugins. `zopex.proxy.Missing` is not there.

```bash
vault write auth/token/roles/salt allowed_policies=salt_role
```

The role sets `allowed_policies`.
"""


def test_names_set_at_run_time_and_the_readers_own(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "zopex"\nversion = "1"\n',
        "zopex/__init__.py": "",
        "zopex/proxy.py": "def removeSecurityProxy(obj):\n    return obj\n",
        "zopex/checker.py": CHECKER,
        "zopex/manager.py": MANAGER,
        "zopex/train.py": TRAIN,
        "README.md": PAGE,
    }
    found = _drift(_write(tmp_path / "zopex", files))
    assert {name for _, _, name in found} == {"zopex.proxy.Missing"}


def test_a_module_name_removed_stays_stale_though_an_attribute_is_set_so(tmp_path: Path) -> None:
    # json-stream's `default = JSONStreamEncoder().default`, removed, while the code still
    # sets `json.JSONEncoder.default = ...`: the module's name is gone all the same
    from test_verify_round25_shapes import _drift_after

    dump = (
        "import json\n\n\nclass Encoder(json.JSONEncoder):\n    def __enter__(self):\n"
        "        json.JSONEncoder.default = self.default\n        return self\n\n\n"
        "default = Encoder().default\n"
    )
    files = {
        "pyproject.toml": '[project]\nname = "jsx"\nversion = "1"\n',
        "jsx/__init__.py": "",
        "jsx/dump.py": dump,
        "README.md": "# jsx\n\n```python\nfrom jsx.dump import Encoder, default\n```\n",
    }
    changes = {"jsx/dump.py": [("\n\n\ndefault = Encoder().default\n", "\n")]}
    assert {line for _, line in _drift_after(tmp_path, files, changes)} == {4}
