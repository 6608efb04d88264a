"""Shapes from the blind drift round 57 (fake-useragent), on small repos with the last
commit as the documented state.

- `UserAgent = FakeUserAgent` at the end of a module, and `ua = UserAgent()` on the page:
  calling the alias makes an instance of the class, so a method it lost is stale on `ua`
  (though the class answers any other name through `__getattr__`).
"""

from __future__ import annotations

from pathlib import Path

from test_verify_round25_shapes import _drift_after

FAKE = """\
class FakeUserAgent:
    def __init__(self, browsers=None):
        self.browsers = browsers

    def getBrowser(self, name):
        return {"useragent": name}

    def __getattr__(self, attr):
        return self.getBrowser(attr)["useragent"]


UserAgent = FakeUserAgent
"""

README = """\
# fua

```python
from fua import UserAgent
ua = UserAgent()
ua.getBrowser('firefox')
```
"""


def test_an_alias_of_a_class_called_makes_its_instance(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "fua"\nversion = "1"\n',
        "fua/__init__.py": "from fua.fake import FakeUserAgent, UserAgent\n",
        "fua/fake.py": FAKE,
        "README.md": README,
    }
    changes = {"fua/fake.py": [("def getBrowser(self, name)", "def get_browser(self, name)")]}
    assert _drift_after(tmp_path / "fua", files, changes) == {("README.md", 6)}
