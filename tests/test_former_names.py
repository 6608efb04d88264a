"""`klaro check` knows the names the code once had: a bare old name in prose is stale."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from test_repair import _first_commit, _git

from klaro.cli import main
from klaro.scan.state import STATE_PATH

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="needs a git binary")

CODE = '''\
class AutoConfig:
    """Find the settings file."""

    def __call__(self, key):
        return key


class UndefinedValueError(Exception):
    pass


def read_settings(path):
    return path


config = AutoConfig()
'''

README = """\
# Tidy

The ``config`` object is an instance of `AutoConfig`; a missing key raises an
`UndefinedValueError`. Load files with `read_settings`. Other libraries' `BaseSettings`
and words like `loader` are not this project's claims.

```python
from tidy import config

config("DEBUG")
```
"""


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    root = tmp_path / "tidy-repo"
    (root / "tidy").mkdir(parents=True)
    (root / "pyproject.toml").write_text('[project]\nname = "tidy"\nversion = "1"\n')
    (root / "tidy/__init__.py").write_text(CODE)
    (root / "README.md").write_text(README)
    _first_commit(root)
    return root


def _rename(root: Path) -> None:
    code = (root / "tidy/__init__.py").read_text()
    code = code.replace("AutoConfig", "ConfigFinder").replace("UndefinedValue", "MissingValue")
    (root / "tidy/__init__.py").write_text(code)


def _check(root: Path, capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    code = main(["check", str(root), "--no-cache", "-q", *args])
    return code, capsys.readouterr().out


def test_true_docs_pass_with_history(repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out = _check(repo, capsys)
    assert code == 0, out


def test_renamed_classes_named_bare_in_prose_are_stale_while_uncommitted(
    repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _rename(repo)
    code, out = _check(repo, capsys)
    assert code == 1
    assert "README.md:3: unresolved: `AutoConfig` is no longer in the project" in out
    assert "`UndefinedValueError` is no longer in the project" in out
    assert "tidy.AutoConfig` at commit" in out
    # the other library's name, the plain word and the still-true example are not findings
    assert "BaseSettings" not in out and "loader" not in out and "config(" not in out


def test_the_previous_commit_is_the_baseline_once_the_rename_is_committed(
    repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _rename(repo)
    _git(repo, "commit", "-qam", "rename")
    code, out = _check(repo, capsys)
    assert code == 1 and "`AutoConfig` is no longer in the project" in out


def test_since_names_the_documented_commit(repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _rename(repo)
    _git(repo, "commit", "-qam", "rename")
    (repo / "NOTES.md").write_text("notes\n")
    _git(repo, "add", "-A")
    _git(repo, "commit", "-qm", "unrelated")
    assert _check(repo, capsys)[0] == 0  # the previous commit had the new names already
    code, out = _check(repo, capsys, "--since", "HEAD~2")
    assert code == 1 and "`AutoConfig` is no longer in the project" in out


def test_without_history_a_bare_unknown_name_is_a_word(
    repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _rename(repo)
    code, out = _check(repo, capsys, "--no-history")
    assert code == 0, out
    shutil.rmtree(repo / ".git")
    assert _check(repo, capsys)[0] == 0


def test_snapshot_gives_the_former_names_without_git(
    repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["check", str(repo), "--fix", "--no-cache", "-q"]) == 0  # writes the snapshot
    capsys.readouterr()
    assert (repo / STATE_PATH).is_file()
    shutil.rmtree(repo / ".git")
    _rename(repo)
    code, out = _check(repo, capsys)
    assert code == 1 and "`AutoConfig` is no longer in the project" in out
    assert "at snapshot .klaro/state.json" in out


def test_a_damaged_snapshot_is_one_line_and_the_check_still_runs(
    repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (repo / STATE_PATH).parent.mkdir()
    (repo / STATE_PATH).write_text(json.dumps({"version": 99, "items": []}))
    _rename(repo)
    code = main(["check", str(repo), "--no-cache", "-q"])
    captured = capsys.readouterr()
    assert code == 0  # the renames cannot be known, the rest is checked
    assert "documented state not used: " in captured.err
    assert ".klaro/state.json: not a Klaro state snapshot (version 99, expected 1)" in captured.err


def test_since_naming_no_commit_is_a_usage_error(
    repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["check", str(repo), "--no-cache", "--since", "nope"]) == 2
    assert "--since nope: no such commit" in capsys.readouterr().err


def test_the_actions_check_uses_the_snapshot_of_a_shallow_checkout(
    repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from klaro import app
    from klaro.config import load_config

    assert main(["check", str(repo), "--fix", "--no-cache", "-q"]) == 0  # writes the snapshot
    shutil.rmtree(repo / ".git")  # actions/checkout fetches one commit: no history to read
    _rename(repo)
    findings = app.drift(load_config(repo, env={}))
    assert [(f.line, f.reference) for f in findings] == [
        (3, "AutoConfig"),
        (4, "UndefinedValueError"),
    ]


def test_an_untracked_folder_of_a_repository_is_checked_quietly_without_history(
    repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (repo / ".gitignore").write_text("vendor/\n")
    _git(repo, "add", ".gitignore")
    _git(repo, "commit", "-qm", "ignore vendor")
    vendored = repo / "vendor/tidy"
    shutil.copytree(repo / "tidy", vendored / "tidy")
    (vendored / "README.md").write_text(README)
    _rename(vendored)
    code = main(["check", str(vendored), "--no-cache", "-q"])
    captured = capsys.readouterr()
    assert code == 0 and captured.err == ""  # no baseline to read; no git error either


def test_an_environment_variable_the_code_stopped_reading_is_stale(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root = tmp_path / "colors"
    (root / "colors").mkdir(parents=True)
    code = 'import os\n\n\ndef enabled():\n    return "NO_COLOR" not in os.environ\n'
    (root / "colors/__init__.py").write_text(code)
    (root / "README.md").write_text("Set `NO_COLOR` to turn colour off; `TERM` is read too.\n")
    _first_commit(root)
    assert _check(root, capsys)[0] == 0  # another program's convention, read by ours: fine
    (root / "colors/__init__.py").write_text(code.replace("NO_COLOR", "COLORS_OFF"))
    code_, out = _check(root, capsys)
    assert code_ == 1
    assert "README.md:1: unresolved: `NO_COLOR` is no longer an environment variable" in out
    assert "TERM" not in out  # never read by this project: another program's variable


def test_a_parameter_named_in_prose_that_no_function_has_any_more_is_stale(
    repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (repo / "README.md").write_text("# Tidy\n\nPass a truthy `path` to `read_settings`.\n")
    _git(repo, "commit", "-qam", "docs")
    code = (repo / "tidy/__init__.py").read_text().replace("(path)", "(source)")
    (repo / "tidy/__init__.py").write_text(code.replace("return path", "return source"))
    code_, out = _check(repo, capsys)
    assert code_ == 1
    assert "README.md:3: unresolved: `path` is no longer in the project" in out
    assert "tidy.read_settings(path)" in out


def test_python_dash_m_on_a_package_without_main_is_stale(
    repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (repo / "README.md").write_text("# Tidy\n\n```console\n$ python -m tidy --help\n```\n")
    (repo / "tidy/__main__.py").write_text("print('tidy')\n")
    assert _check(repo, capsys, "--no-history")[0] == 0
    (repo / "tidy/__main__.py").unlink()
    code, out = _check(repo, capsys, "--no-history")
    assert code == 1 and "`python -m tidy` runs nothing: the package has no __main__.py" in out


def test_a_console_script_renamed_since_the_documented_state_is_stale(
    repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pyproject = '[project]\nname = "tidy"\nversion = "1"\n[project.scripts]\ntidy = "tidy:main"\n'
    (repo / "pyproject.toml").write_text(pyproject)
    (repo / "tidy/__init__.py").write_text(CODE + "\n\ndef main():\n    return 0\n")
    (repo / "README.md").write_text("# Tidy\n\n```console\n$ tidy settings.ini\n```\n")
    _git(repo, "commit", "-qam", "a command")
    assert _check(repo, capsys)[0] == 0
    (repo / "pyproject.toml").write_text(pyproject.replace("\ntidy =", "\ntidy-up ="))
    code, out = _check(repo, capsys)
    assert code == 1
    assert "README.md:4: unresolved: `tidy` is no longer a command the project installs" in out
    assert "did you mean `tidy-up`" in out


def test_a_flag_a_library_adds_to_its_users_commands_renamed_since_is_stale(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A library without commands of its own (a click extension) documents the flag its
    decorator adds; the flag only lives in a string literal, so only history tells it gone."""
    root = tmp_path / "clicklogging"
    (root / "clicklogging").mkdir(parents=True)
    code = (
        "import click\n\n\ndef verbosity_option(*names, **kwargs):\n"
        "    names = names or ['--verbosity', '-v']\n"
        "    return click.option(*names, **kwargs)\n"
    )
    (root / "clicklogging/__init__.py").write_text(code)
    readme = "Decorate your command with `verbosity_option`: it adds `--verbosity`.\n"
    (root / "README.md").write_text(readme + "Pytest's `--pdb` is another program's flag.\n")
    _first_commit(root)
    assert _check(root, capsys)[0] == 0
    (root / "clicklogging/__init__.py").write_text(code.replace("--verbosity", "--log-level"))
    code_, out = _check(root, capsys)
    assert code_ == 1
    assert "README.md:1: unresolved: the code no longer spells the option `--verbosity`" in out
    assert "--pdb" not in out  # never the project's: no history, no claim
    assert _check(root, capsys, "--no-history")[0] == 0  # nothing says it was ours


def test_members_and_keywords_history_knows_behind_unknowable_bases(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A class built on another package's base may have any member, and keywords that pass
    through `**kwargs` into a base that swallows them are never refused: only the documented
    state can say that `App.default_renderer` or `make(redirect=True)` went stale."""
    root = tmp_path / "webapp"
    (root / "webapp").mkdir(parents=True)
    code = (
        "from flask import Flask\n\n\nclass App(Flask):\n"
        "    def default_renderer(self):\n        return None\n\n\n"
        "class Base:\n    def __init__(self, **kwargs):\n        pass\n\n\n"
        "class Redirecting(Base):\n"
        "    def __init__(self, redirect=False, **kwargs):\n"
        "        Base.__init__(self, **kwargs)\n\n\n"
        "class Bar(Redirecting):\n    def __init__(self, total=0, **kwargs):\n"
        "        Redirecting.__init__(self, **kwargs)\n\n\n"
        "def make(total=0, **kwargs):\n    return Bar(total=total, **kwargs)\n"
    )
    (root / "webapp/__init__.py").write_text(code)
    readme = (
        "# Webapp\n\n```python\nApp.default_renderer()\nApp.run()\n"
        "bar = make(10, redirect=True)\n```\n"
    )
    (root / "README.md").write_text(readme)
    _first_commit(root)
    assert _check(root, capsys)[0] == 0
    code = code.replace("default_renderer", "create_renderer").replace("redirect=", "capture=")
    (root / "webapp/__init__.py").write_text(code)
    code_, out = _check(root, capsys)
    assert code_ == 1
    assert "README.md:4: unresolved: `default_renderer` is no longer a member of `App`" in out
    assert "README.md:6: unresolved: `make()` no longer takes `redirect`" in out
    assert "App.run" not in out  # Flask's: not ours to judge
    assert _check(root, capsys, "--no-history")[0] == 0


def test_a_function_called_in_a_plain_sentence_then_renamed_is_stale(
    repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`read_settings()` without backticks is still a call; empty parentheses make even a
    plain word (`reload()`) one, while "file(s)" and a word alone stay words."""
    code = (repo / "tidy/__init__.py").read_text() + "\n\ndef reload():\n    return None\n"
    (repo / "tidy/__init__.py").write_text(code)
    readme = "# Tidy\n\nCall reload() after editing, then read_settings(). Keep the file(s).\n"
    (repo / "README.md").write_text(readme)
    _git(repo, "commit", "-qam", "reload")
    assert _check(repo, capsys)[0] == 0
    (repo / "tidy/__init__.py").write_text(code.replace("def reload", "def refresh"))
    code_, out = _check(repo, capsys)
    assert code_ == 1
    assert "README.md:3: unresolved: `reload` is no longer in the project" in out
    assert "file" not in out and out.count("unresolved:") == 1


def test_fix_reports_the_stale_names_no_rename_repairs(
    repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`check --fix` sees what `check` sees: a module constant dropped from the code and
    still named in a sentence is left unresolved (exit 1), not passed over as fixed."""
    code = (repo / "tidy/__init__.py").read_text() + "\nDEFAULT_TIMEOUT = 10\n"
    (repo / "tidy/__init__.py").write_text(code)
    readme = "# Tidy\n\nWaits DEFAULT_TIMEOUT seconds for `read_settings`.\n"
    (repo / "README.md").write_text(readme)
    _git(repo, "commit", "-qam", "timeout")
    code = code.replace("DEFAULT_TIMEOUT", "TIMEOUT").replace("read_settings", "load_settings")
    (repo / "tidy/__init__.py").write_text(code)
    assert _check(repo, capsys)[0] == 1
    fixed, out = _check(repo, capsys, "--fix")
    assert fixed == 1
    assert "README.md:3: fixed: `read_settings` -> `load_settings`" in out
    assert "README.md:3: unresolved: `DEFAULT_TIMEOUT` is no longer in the project" in out
    assert "--fix` repairs" not in out  # the advice is for `check`, not for `--fix` itself
    assert "1 unresolved" in out
    assert (repo / "README.md").read_text() == readme.replace("read_settings", "load_settings")


def test_a_function_dropped_from_a_module_that_makes_names_at_run_time_is_stale(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A module whose `__getattr__` stores what it loads (`globals()[name] = ...`) may have
    any name; only history can say `available()` was its function and is gone."""
    root = tmp_path / "names"
    (root / "names/locales").mkdir(parents=True)
    locales = (
        "def __getattr__(name):\n    value = name.upper()\n    globals()[name] = value\n"
        "    return value\n\n\ndef available():\n    return []\n"
    )
    (root / "names/__init__.py").write_text("")
    (root / "names/locales/__init__.py").write_text(locales)
    readme = "```python\nfrom names import locales\n\nlocales.available()\nlocales.en_US\n```\n"
    (root / "README.md").write_text(readme)
    _first_commit(root)
    assert _check(root, capsys)[0] == 0
    (root / "names/locales/__init__.py").write_text(locales.replace("def available", "def _avail"))
    code, out = _check(root, capsys)
    assert code == 1
    assert "README.md:4: unresolved: `available` is no longer in `names.locales`" in out
    assert "en_US" not in out
    assert _check(root, capsys, "--no-history")[0] == 0  # without history: any name
