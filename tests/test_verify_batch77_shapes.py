"""Shapes from the blind wild batch 77 (apptools), a page that is right, on a small repo
that has it: apptools' undo page describes `CommandStack.undo(sequence_nr=0)`, a class it
re-exports from pyface; the only `undo` the project defines is an example app's command,
whose parameters say nothing of the call, and the section's ``redo_name`` is pyface's
class's attribute, though the project has a `rename` that near.
"""

from __future__ import annotations

from pathlib import Path

from test_verify_wild import _drift, _write

PAGE = """\
Undo
====

CommandStack
------------

``undo(sequence_nr=0)``
    This method undoes the last command.

``push(command)``
    This method adds a command to the stack, as ``apptoolz.undo.push(command)`` does.

``redo_name``
    The name of the command that can be redone.

``apptoolz.undo.push(command, merge=True)`` is wrong: ``push`` takes no ``merge``.
"""

COMMANDS = """\
class LabelCommand:
    def undo(self):
        return None
"""


def test_a_bare_method_only_an_example_defines(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "apptoolz"\nversion = "1"\n',
        "apptoolz/__init__.py": "",
        "apptoolz/undo/__init__.py": "from pyface.undo import CommandStack\n\n\n"
        "def push(command):\n    return command\n\n\ndef rename(command, name):\n"
        "    return name\n",
        "examples/undo/commands.py": COMMANDS,
        "docs/undo.rst": PAGE,
    }
    found = _drift(_write(tmp_path / "apptoolz", files))
    assert {(line, name) for _, line, name in found} == {
        (16, "apptoolz.undo.push(command, merge=True)")
    }
