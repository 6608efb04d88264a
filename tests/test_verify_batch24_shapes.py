"""Shapes from the blind wild batch 24 (kopf, zope.component, zope.configuration), on small
repos, each false alarm beside the drift that must still be reported.

A TypedDict is a dict at run time and a NamedTuple a tuple; inside a namespace package
(`src/zope/` without `__init__.py`) a name re-exported from another distribution's part
(`from zope.interface import named`) is that distribution's; a folder of modules without
`__init__.py` under our package is our module; every module has `__file__`; a dotted name
the code writes before a slash (`"kopf.dev/v1"`) is a value, not an attribute.
"""

from __future__ import annotations

from pathlib import Path

from test_verify_wild import _drift, _write

KOPF = """\
from typing import NamedTuple, TypedDict


class RawBody(TypedDict, total=False):
    spec: dict


class Point(NamedTuple):
    x: int
    y: int


PEERINGS = ("kopf.dev/v1", "kopfpeerings")


def patch(body: RawBody) -> RawBody:
    return body
"""

KOPF_DOC = """\
Bodies
======

Call ``body.setdefault('spec', {})`` on a ``kopf.RawBody``; ``kopf.RawBody.setdefualt`` is a
typo. A ``kopf.Point`` has ``kopf.Point._replace`` and ``kopf.Point.count``, not
``kopf.Point.move``. Peerings belong to the API group ``kopf.dev``; ``kopf.dew`` is nothing.
"""


def test_typed_dicts_have_dict_methods_and_api_groups_are_values(tmp_path: Path) -> None:
    root = _write(
        tmp_path / "kopf",
        {
            "pyproject.toml": '[project]\nname = "kopf"\nversion = "1"\n',
            "kopf/__init__.py": KOPF,
            "docs/bodies.rst": KOPF_DOC,
        },
    )
    assert _drift(root) == {
        ("docs/bodies.rst", 4, "kopf.RawBody.setdefualt"),
        ("docs/bodies.rst", 6, "kopf.Point.move"),
        ("docs/bodies.rst", 6, "kopf.dew"),
    }


COMPONENT = """\
from zope.interface import named

from zope.component._api import getUtility

__all__ = ["getUtility", "named"]
"""

ZCML_DOC = """\
ZCML
====

Use ``zope.component.named`` and ``zope.component.getUtility``, not
``zope.component.getUtilty``. Test layers load ``zope.component.testfiles`` (see
``zope.component.testfiles.views``), never ``zope.component.testfile``.

.. doctest::

   >>> from zope.component.tests import __file__
   >>> from zope.component.tests import __fiel__
"""


def test_namespace_packages_implicit_folders_and_module_attributes(tmp_path: Path) -> None:
    root = _write(
        tmp_path / "zope.component",
        {
            "pyproject.toml": '[project]\nname = "zope.component"\nversion = "1"\n',
            "src/zope/component/__init__.py": COMPONENT,
            "src/zope/component/_api.py": "def getUtility(interface, name=''):\n    return None\n",
            "src/zope/component/testfiles/views.py": "class IC:\n    pass\n",
            "src/zope/component/tests/__init__.py": "",
            "docs/zcml.rst": ZCML_DOC,
        },
    )
    assert _drift(root) == {
        ("docs/zcml.rst", 5, "zope.component.getUtilty"),
        ("docs/zcml.rst", 6, "zope.component.testfile"),
        ("docs/zcml.rst", 11, "zope.component.tests.__fiel__"),
    }
