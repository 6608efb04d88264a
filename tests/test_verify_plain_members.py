"""`Page.J()` written without markup (a table of method names, a sentence) names a member of
the project's class. Plain words are no claims on their own, so it is judged only against the
documented state: a member the class had there and lacks now is stale (pyppeteer's alias `J`
removed, `xpath` renamed while other classes keep an `xpath`); without history, or for a
class the project does not define, it says nothing.
"""

from __future__ import annotations

from pathlib import Path

from test_repair import _first_commit
from test_verify_round25_shapes import _drift_since_commit
from test_verify_wild import _drift, _write

PAGE = """\
class Frame:
    def xpath(self, expression):
        return []


class Page:
    def querySelector(self, selector):
        return None

    #: alias to :meth:`querySelector`
    J = querySelector

    def xpath(self, expression):
        return []

    Jx = xpath
"""

README = """\
# surf

| puppeteer | surf                 | shorthand |
|-----------|----------------------|-----------|
| Page.$()  | Page.querySelector() | Page.J()  |
| Page.$x() | Page.xpath()         | Page.Jx() |

Like Element.closest() in a browser, Page.querySelector() finds one element.
"""


def _surf(tmp_path: Path) -> Path:
    files = {
        "pyproject.toml": '[project]\nname = "surf"\nversion = "1"\n',
        "surf/__init__.py": "from .page import Frame, Page\n",
        "surf/page.py": PAGE,
        "README.md": README,
    }
    return _write(tmp_path / "surf", files)


def test_a_plain_member_the_class_had_is_stale_once_removed(tmp_path: Path) -> None:
    root = _surf(tmp_path)
    _first_commit(root)
    page = root / "surf" / "page.py"
    text = page.read_text()
    text = text.replace("    #: alias to :meth:`querySelector`\n    J = querySelector\n", "")
    text = text.replace(
        "    def xpath(self, expression):\n        return []\n\n    Jx",
        "    def queryXPath(self, expression):\n        return []\n\n    Jx",
    )
    page.write_text(text.replace("Jx = xpath", "Jx = queryXPath"))
    # `xpath` lives on in Frame, yet Page's is gone; `Element` is no class of the project
    assert _drift_since_commit(root) == {("README.md", 5, "Page.J"), ("README.md", 6, "Page.xpath")}


def test_plain_members_say_nothing_without_history(tmp_path: Path) -> None:
    root = _surf(tmp_path)
    (root / "surf" / "page.py").write_text(PAGE.replace("    J = querySelector\n", ""))
    assert _drift(root) == set()
