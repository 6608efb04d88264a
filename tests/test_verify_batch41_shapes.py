"""Shapes from the blind wild batch 41 (web3), on a small repo, each beside a line that must
still be reported.

- web3's samples call the `Web3` instance `web3`: `web3.eth.get_block(...)` is a call on the
  instance's `eth` (an `Eth`), although the package also has a module `web3.eth` without
  it (97 false alarms). A member neither has is still reported.
- posting's settings: `env_nested_delimiter="__"` makes pydantic-settings read a nested
  model's fields one at a time (`POSTING_HEADING__VISIBLE`).
- Calling a property (`web3.eth.blob_base_fee()`, a `-> Wei` property) raises TypeError:
  the common drift of a method made a property.
"""

from __future__ import annotations

from pathlib import Path

from test_verify_wild import _drift, _write

from klaro.scan.analyze import analyze_repository

INIT = """\
from chain.main import Chain
"""

MAIN = """\
from chain.eth.eth import Eth


class Chain:
    eth: Eth

    def __init__(self):
        self.eth = Eth()

    def to_wei(self, number, unit):
        return number
"""

ETH = """\
from typing import Callable

Wei = int


class Eth:
    def get_block(self, block_id, full_transactions=False):
        return {}

    @property
    def gas_price(self) -> Wei:
        return 1

    @property
    def handler(self) -> Callable[[], int]:
        return lambda: 1
"""

README = """\
# chain

```python
>>> chain.eth.get_block("latest", full_transactions=True)
>>> chain.to_wei(1, "ether")
>>> chain.eth.handler()
>>> chain.eth.gas_price
>>> chain.eth.gas_price()
>>> chain.eth.get_blocks("latest")
>>> chain.eth.get_block("latest", full=True)
```
"""


def test_an_instance_named_like_its_package_and_called_properties(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "chain"\nversion = "1"\n',
        "chain/__init__.py": INIT,
        "chain/main.py": MAIN,
        "chain/eth/__init__.py": "",
        "chain/eth/eth.py": ETH,
        "README.md": README,
    }
    assert _drift(_write(tmp_path / "chain", files)) == {
        ("README.md", 8, "chain.eth.gas_price"),
        ("README.md", 9, "chain.eth.get_blocks"),
        ("README.md", 10, "chain.eth.get_block"),
    }


SETTINGS = """\
from pydantic import BaseModel
from pydantic_settings import BaseSettings, SettingsConfigDict


class Certificate(BaseModel):
    ca_bundle: str | None = None
    verify: bool = True


class Heading(BaseModel):
    visible: bool = True


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="posting_", env_nested_delimiter="__")

    theme: str = "galaxy"
    heading: Heading = Heading()
    ssl: Certificate | None = None


class Flat(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="flat_")

    heading: Heading = Heading()
"""

SETTINGS_README = """\
# posting

Set `POSTING_THEME`, `POSTING_HEADING__VISIBLE`, `POSTING_SSL__CA_BUNDLE` or `FLAT_HEADING`;
`POSTING_SSL__CA_BUNDEL` is a typo; `FLAT_HEADING__VISIBLE` is some library's nested setting.
"""


def test_nested_settings_variables(tmp_path: Path) -> None:
    _write(tmp_path, {"posting/__init__.py": SETTINGS, "README.md": SETTINGS_README})
    names = {e.name for m in analyze_repository(tmp_path).modules for e in m.env_vars}
    assert names == {
        "POSTING_THEME",
        "POSTING_HEADING",
        "POSTING_HEADING__VISIBLE",
        "POSTING_SSL",
        "POSTING_SSL__CA_BUNDLE",
        "POSTING_SSL__VERIFY",
        "FLAT_HEADING",
    }
    # a nested name of a family the scan does not list (donfig's, dynaconf's) is no claim
    assert _drift(tmp_path) == {("README.md", 4, "POSTING_SSL__CA_BUNDEL")}
