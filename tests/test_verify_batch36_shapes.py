"""Shapes from the blind wild batch 36 (pyexcel, gspread, shapely), on small repos, beside a
line that must still be reported.

pyexcel's `SheetMeta` binds `register_presentation = classmethod(REGISTER_PRESENTATION)`
with `REGISTER_PRESENTATION = partial(attribute, ...)`; `attribute(cls, file_type)` hands
`cls` to `make_a_property`, whose `setattr(cls, file_type, prop)` makes `Sheet.csv` for each
plugin at import time (68 false alarms). A class a registry gives attributes is open; a
class that no registry touches is not.
"""

from __future__ import annotations

from pathlib import Path

from test_verify_wild import _drift, _write

UTILS = """\
def make_a_property(cls, attribute, doc_string):
    prop = property(doc=doc_string)
    setattr(cls, attribute, prop)
    setattr(cls, f"get_{attribute}", prop)
"""

META = """\
from functools import partial

from sheets.utils import make_a_property


def attribute(cls, file_type, description="{0}"):
    make_a_property(cls, file_type, description.format(file_type))


REGISTER_PRESENTATION = partial(attribute, description="Get data in {0} format")


class SheetMeta:
    register_presentation = classmethod(REGISTER_PRESENTATION)


class Sheet(SheetMeta):
    def row_at(self, index):
        return index


class Book:
    def sheet_names(self):
        return []
"""

README = """\
# sheets

```python
from sheets.meta import Sheet, Book

sheet = Sheet()
print(sheet.csv)
print(sheet.get_tsv())
book = Book()
print(book.sheet_namez())
```
"""


def test_classes_a_registry_gives_attributes_are_open(tmp_path: Path) -> None:
    files = {
        "sheets/__init__.py": "",
        "sheets/utils.py": UTILS,
        "sheets/meta.py": META,
        "README.md": README,
    }
    assert _drift(_write(tmp_path / "sheets", files)) == {
        ("README.md", 10, "sheets.meta.Book.sheet_namez"),
    }


MIGRATION = """\
# Sheets

## Replace method `Sheet.get_records`

The method `Sheet.get_records()` has been removed. Use `Sheet.get_all_records()`.

## Finding the library

Previous versions used several ways to find it, including `SHEETS_LIBRARY_PATH` and
`SHEETS_INCLUDE_PATH`. These methods are no longer supported since v6, to keep it simple.

Set `SHEETS_LIBDIR` and call `Sheet.get_rows()`.
"""


def test_names_a_guide_says_are_gone_are_no_drift(tmp_path: Path) -> None:
    """gspread's "### Replace method `Worksheet.get_records`" above "The method
    `Worksheet.get_records()` has been removed", and shapely's list of GEOS variables
    followed by "These methods are no longer supported": the guide says they are gone."""
    code = (
        "import os\n\n\nclass Sheet:\n    def get_all_records(self):\n        return []\n\n\n"
        'def libdir():\n    return os.environ.get("SHEETS_LIBDIR")\n'
    )
    files = {
        "pyproject.toml": '[project]\nname = "sheets"\nversion = "6.0"\n',
        "sheets/__init__.py": code,
        "README.md": MIGRATION,
    }
    assert _drift(_write(tmp_path / "sheets", files)) == {("README.md", 12, "Sheet.get_rows()")}
