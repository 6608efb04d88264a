"""Shapes from the blind drift round 57 (fake-useragent), on small repos with the last
commit as the documented state.

- `UserAgent = FakeUserAgent` at the end of a module, and `ua = UserAgent()` on the page:
  calling the alias makes an instance of the class, so a method it lost is stale on `ua`
  (though the class answers any other name through `__getattr__`).
- An rst page's ``private_hostname : str`` title under the ``EC2Metadata(session=None)``
  title: an attribute of that class, stale once the class lost it, though another class
  (`NetworkInterface`) keeps an attribute so named.
- A literal in a span (``{'01:23': NetworkInterface('01:23', ttl=3)}``) holds calls: each is
  checked as a span of its own; a template's ``{{ NetworkInterface('01:23', ttl=3) }}`` is
  no literal.
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


META = """\
class EC2Metadata:
    @property
    def private_hostname(self):
        return "ip-1"

    @property
    def region(self):
        return "eu"


class NetworkInterface:
    def __init__(self, mac, ttl=1):
        self.mac = mac

    @property
    def private_hostname(self):
        return "ip-2"
"""

META_README = """\
ec2
===

``EC2Metadata(session=None)``
-----------------------------

``private_hostname : str``
~~~~~~~~~~~~~~~~~~~~~~~~~~

The private hostname.

``region: str``
~~~~~~~~~~~~~~~

The region.
For example: ``{'01:23': NetworkInterface('01:23', ttl=3)}``; a template reads
``{{ NetworkInterface('01:23', ttl=3) }}``.
"""


def test_an_attribute_titled_under_its_class_title(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "ec2"\nversion = "1"\n',
        "ec2/__init__.py": "from ec2.meta import EC2Metadata, NetworkInterface\n",
        "ec2/meta.py": META,
        "README.rst": META_README,
    }
    changes = {
        "ec2/meta.py": [
            (
                'def private_hostname(self):\n        return "ip-1"',
                'def local_hostname(self):\n        return "ip-1"',
            )
        ]
    }
    changes["ec2/meta.py"].append(("mac, ttl=1", "mac, hops=1"))
    assert _drift_after(tmp_path / "ec2", files, changes) == {("README.rst", 7), ("README.rst", 16)}
