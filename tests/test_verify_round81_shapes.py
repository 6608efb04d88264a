"""Shapes from the blind drift round 81 (simplegmail, simplesqlite), each a change that makes
a page stale, on a small repo whose last commit is the documented state:

- methods of one of what a method returns in a list (`get_unread_inbox() -> list[Message]`,
  then `inbox[0].mark_as_read()` and `for message in messages: message.snippet`);
- a class method called on the example's own subclass of the project's class
  (`class Sample(Model)`, then `Sample.fetch_schema()`).
"""

from __future__ import annotations

from pathlib import Path

from test_verify_round25_shapes import _drift_after


def _lines(found: set[tuple[str, int]]) -> set[int]:
    return {line for _, line in found}


GMAIL = """\
class Message:
    def __init__(self):
        self.snippet = ""

    def mark_as_read(self):
        return None


class Gmail:
    def get_unread_inbox(self) -> list[Message]:
        return []

    def get_messages(self) -> "list[Message]":
        return []
"""

GMAIL_README = """\
# gmailx

```python
from gmailx import Gmail

gmail = Gmail()
message = gmail.get_unread_inbox()[0]
message.mark_as_read()

for message in gmail.get_messages():
    print(message.snippet)
```
"""


def test_members_of_one_of_a_returned_list(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "gmailx"\nversion = "1"\n',
        "gmailx/__init__.py": GMAIL,
        "README.md": GMAIL_README,
    }
    changes = {"gmailx/__init__.py": [("mark_as_read", "mark_read"), ("snippet", "preview")]}
    assert _lines(_drift_after(tmp_path, files, changes)) == {8, 11}


MODEL = """\
class Model:
    name = ""

    @classmethod
    def fetch_schema(cls):
        return {}

    @classmethod
    def create(cls):
        return cls()
"""

SQL_README = """\
sqlx
====

.. code-block:: python

    from sqlx import Model

    class Sample(Model):
        count = 0

    Sample.create()
    print(Sample.count)
    print(Sample.fetch_schema())
"""


def test_a_class_method_on_the_examples_own_subclass(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "sqlx"\nversion = "1"\n',
        "sqlx/__init__.py": MODEL,
        "README.rst": SQL_README,
    }
    changes = {"sqlx/__init__.py": [("fetch_schema", "get_schema")]}
    assert _lines(_drift_after(tmp_path, files, changes)) == {13}
