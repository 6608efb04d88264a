"""Hostile repositories and user mistakes, through the real CLI.

Symlinks that leave the repository, files where folders belong (and the reverse), bad globs,
pyproject fields of the wrong type, corrupted stores, code too deep to parse: each ends with one
line naming the culprit and the right exit code, nothing written outside the repository, and
no traceback.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hostile import PACKAGE, cli, one_error, write_repo


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    return write_repo(tmp_path / "repo", PACKAGE)


@pytest.fixture
def outside(tmp_path: Path) -> Path:
    folder = tmp_path / "outside"
    folder.mkdir()
    (folder / "keep.txt").write_text("precious\n")
    return folder


@pytest.fixture(autouse=True)
def _cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("KLARO_CACHE_DIR", str(tmp_path / "cache"))
    for name in ("KLARO_API_KEY", "OPENAI_API_KEY", "KLARO_BASE_URL", "OPENAI_BASE_URL"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("KLARO_EMBEDDING", "hash")


def untouched(folder: Path) -> None:
    assert sorted(p.name for p in folder.iterdir()) == ["keep.txt"]
    assert (folder / "keep.txt").read_text() == "precious\n"


# -- 1. writes through symlinks ------------------------------------------------------------


def test_docs_folder_linked_outside_is_refused(capsys, repo: Path, outside: Path) -> None:
    (repo / "docs").symlink_to(outside, target_is_directory=True)
    run = cli(capsys, "generate", str(repo), "--offline")
    assert run.code == 2
    one_error(run, "docs/api.md", "outside", "symlink")
    untouched(outside)


def test_readme_linked_outside_is_neither_read_nor_written(
    capsys, repo: Path, outside: Path
) -> None:
    (repo / "README.md").symlink_to(outside / "keep.txt")
    run = cli(capsys, "generate", str(repo), "--offline", "--doc", "readme")
    assert run.code == 2
    one_error(run, "README.md", "outside")
    untouched(outside)
    assert "precious" not in run.text


def test_api_doc_file_linked_outside_is_refused(capsys, repo: Path, outside: Path) -> None:
    (repo / "docs").mkdir()
    (repo / "docs" / "api.md").symlink_to(outside / "new.md")
    run = cli(capsys, "generate", str(repo), "--offline", "--doc", "api")
    assert run.code == 2
    one_error(run, "docs/api.md")
    untouched(outside)


def test_link_inside_the_repository_is_written_through(capsys, repo: Path) -> None:
    (repo / "reference").mkdir()
    (repo / "docs").symlink_to(repo / "reference", target_is_directory=True)
    run = cli(capsys, "generate", str(repo), "--offline", "--doc", "api")
    assert run.code == 0, run.text
    assert "# API reference" in (repo / "reference" / "api.md").read_text()
    assert (repo / "docs").is_symlink()


def test_symlink_loop_is_named(capsys, repo: Path) -> None:
    (repo / "docs").symlink_to(repo / "docs")
    run = cli(capsys, "generate", str(repo), "--offline", "--doc", "api")
    assert run.code == 2
    one_error(run, "docs")


def test_klaro_folder_linked_outside_is_refused_by_index(capsys, repo: Path, outside: Path) -> None:
    (repo / ".klaro").symlink_to(outside, target_is_directory=True)
    run = cli(capsys, "index", str(repo))
    assert run.code == 2
    one_error(run, "chroma.path", "outside")
    untouched(outside)


def test_chroma_folder_linked_outside_is_refused(capsys, repo: Path, outside: Path) -> None:
    (repo / ".klaro").mkdir()
    (repo / ".klaro" / "chroma").symlink_to(outside, target_is_directory=True)
    run = cli(capsys, "index", str(repo))
    assert run.code == 2
    one_error(run, "chroma.path")
    untouched(outside)


def test_link_planted_inside_the_store_is_refused(capsys, repo: Path, outside: Path) -> None:
    assert cli(capsys, "index", str(repo)).code == 0
    store = repo / ".klaro" / "chroma"
    (store / "chroma.sqlite3").unlink()
    (store / "chroma.sqlite3").symlink_to(outside / "db.sqlite3")
    run = cli(capsys, "index", str(repo))
    assert run.code == 2
    one_error(run, "chroma.path", "chroma.sqlite3")
    untouched(outside)


def test_index_state_folder_linked_outside_is_refused(capsys, repo: Path, outside: Path) -> None:
    (repo / ".klaro" / "chroma").mkdir(parents=True)
    (repo / ".klaro" / "chroma" / "klaro-index").symlink_to(outside, target_is_directory=True)
    run = cli(capsys, "index", str(repo))
    assert run.code == 2
    one_error(run, "outside")
    untouched(outside)


def test_chroma_path_config_through_link_is_refused(capsys, repo: Path, outside: Path) -> None:
    (repo / "store").symlink_to(outside, target_is_directory=True)
    (repo / ".klaro.yml").write_text("chroma:\n  path: store/db\n")
    run = cli(capsys, "index", str(repo))
    assert run.code == 2
    one_error(run, "chroma.path")
    untouched(outside)


def test_cache_file_linked_elsewhere_is_not_written_through(
    capsys, repo: Path, outside: Path, tmp_path: Path
) -> None:
    assert cli(capsys, "analyze", str(repo)).code == 0
    cache = tmp_path / "cache"
    (pickle,) = cache.glob("analysis-*.pickle")
    pickle.unlink()
    pickle.symlink_to(outside / "stolen.pickle")
    (repo / "widgets" / "extra.py").write_text("def more() -> None:\n    pass\n")
    run = cli(capsys, "analyze", str(repo))
    assert run.code == 0, run.text
    untouched(outside)


def test_writes_leave_no_temporary_files(capsys, repo: Path) -> None:
    assert cli(capsys, "generate", str(repo), "--offline").code == 0
    left = [p for p in repo.rglob("*") if p.name.endswith(".tmp")]
    assert left == []
    assert (repo / "docs" / "api.md").is_file() and (repo / "README.md").is_file()


def test_rewrite_keeps_the_file_mode(capsys, repo: Path) -> None:
    (repo / "README.md").write_text("# widgets\n")
    os.chmod(repo / "README.md", 0o640)
    assert cli(capsys, "generate", str(repo), "--offline", "--doc", "readme").code == 0
    assert (repo / "README.md").stat().st_mode & 0o777 == 0o640


# -- 3. files where folders belong, folders where files belong ---------------------------------


def test_klaro_as_a_file_is_named(capsys, repo: Path) -> None:
    (repo / ".klaro").write_text("not a folder\n")
    run = cli(capsys, "index", str(repo))
    assert run.code == 2
    one_error(run, ".klaro", "is a file")


def test_docs_as_a_file_is_named(capsys, repo: Path) -> None:
    (repo / "docs").write_text("not a folder\n")
    run = cli(capsys, "generate", str(repo), "--offline", "--doc", "api")
    assert run.code == 2
    one_error(run, "docs")


def test_api_doc_as_a_folder_is_named(capsys, repo: Path) -> None:
    (repo / "docs" / "api.md").mkdir(parents=True)
    run = cli(capsys, "generate", str(repo), "--offline", "--doc", "api")
    assert run.code == 2
    one_error(run, "docs/api.md", "folder")


def test_readme_as_a_folder_is_named(capsys, repo: Path) -> None:
    (repo / "README.md").mkdir()
    run = cli(capsys, "generate", str(repo), "--offline", "--doc", "readme")
    assert run.code == 2
    one_error(run, "README.md", "folder")


def test_output_is_a_folder(capsys, repo: Path, tmp_path: Path) -> None:
    run = cli(capsys, "generate", str(repo), "--doc", "api", "--offline", "-o", str(tmp_path))
    assert run.code == 2
    one_error(run, "--output", "folder")


def test_output_parent_is_a_file(capsys, repo: Path, tmp_path: Path) -> None:
    (tmp_path / "plain").write_text("x")
    target = tmp_path / "plain" / "api.md"
    run = cli(capsys, "generate", str(repo), "--doc", "api", "--offline", "-o", str(target))
    assert run.code == 2
    one_error(run, "--output", "plain")


def test_output_parent_missing_is_created(capsys, repo: Path, tmp_path: Path) -> None:
    target = tmp_path / "new" / "deeper" / "api.md"
    run = cli(capsys, "generate", str(repo), "--doc", "api", "--offline", "-o", str(target))
    assert run.code == 0, run.text
    assert "# API reference" in target.read_text()


def test_config_file_as_a_folder(capsys, repo: Path) -> None:
    (repo / ".klaro.yml").mkdir()
    run = cli(capsys, "analyze", str(repo))
    assert run.code == 2
    one_error(run, ".klaro.yml", "folder")


def test_config_option_names_a_folder(capsys, repo: Path, tmp_path: Path) -> None:
    run = cli(capsys, "analyze", str(repo), "--config", str(tmp_path))
    assert run.code == 2
    one_error(run, str(tmp_path), "folder")


def test_path_argument_is_a_file(capsys, repo: Path) -> None:
    run = cli(capsys, "analyze", str(repo / "pyproject.toml"))
    assert run.code == 2
    one_error(run, "pyproject.toml", "not a directory")


def test_corrupted_chroma_store_is_named(capsys, repo: Path) -> None:
    store = repo / ".klaro" / "chroma"
    store.mkdir(parents=True)
    (store / "chroma.sqlite3").write_bytes(b"this is not a database" * 100)
    run = cli(capsys, "index", str(repo))
    assert run.code == 2
    one_error(run, "chroma")
    run = cli(capsys, "search", "greet", str(repo))
    assert run.code == 2
    one_error(run, "chroma")


# -- 3. bad globs and config values -----------------------------------------------------------


@pytest.mark.parametrize("key", ["include", "exclude"])
@pytest.mark.parametrize("pattern", ["[z-a]", "\\", "a/**/b/\\"])
def test_bad_glob_in_config_is_named(capsys, repo: Path, key: str, pattern: str) -> None:
    (repo / ".klaro.yml").write_text(f"{key}:\n  - '{pattern}'\n")
    run = cli(capsys, "analyze", str(repo))
    assert run.code == 2
    one_error(run, key, "pattern")


@pytest.mark.parametrize("command", ["analyze", "check"])
def test_bad_glob_in_gitignore_is_skipped_like_git(capsys, repo: Path, command: str) -> None:
    (repo / ".gitignore").write_text("[z-a]\n*.log\n")
    (repo / "widgets" / "debug.log").write_text("noise\n")
    run = cli(capsys, command, str(repo))
    assert run.code in (0, 1), run.text


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("include: src\n", "include"),
        ("docs: 3\n", "docs"),
        ("chroma: [a]\n", "chroma"),
        ("api_path: ../outside.md\n", "api_path"),
        ("max_file_size: big\n", "max_file_size"),
        ("- just\n- a list\n", "mapping"),
    ],
)
def test_config_values_of_the_wrong_shape(capsys, repo: Path, text: str, key: str) -> None:
    (repo / ".klaro.yml").write_text(text)
    run = cli(capsys, "analyze", str(repo))
    assert run.code == 2
    one_error(run, ".klaro.yml", key)


# -- 3. pyproject.toml of the wrong shape -----------------------------------------------------


@pytest.mark.parametrize(
    ("toml", "key"),
    [
        ('project = "widgets"\n', "project"),
        ("[project]\nname = 5\n", "project.name"),
        ('[project]\nname = "w"\nversion = 1.0\n', "project.version"),
        ('[project]\nname = "w"\ndependencies = "click"\n', "project.dependencies"),
        ('[project]\nname = "w"\ndependencies = [1, 2]\n', "project.dependencies"),
        ('[project]\nname = "w"\nscripts = ["w"]\n', "project.scripts"),
        ('[project]\nname = "w"\nurls = "https://x"\n', "project.urls"),
        ('[project]\nname = "w"\noptional-dependencies = ["x"]\n', "project.optional-dependencies"),
        ('[project]\nname = "w"\n[project.entry-points]\nplugins = "x"\n', "project.entry-points"),
        ("[tool]\npoetry = 3\n", "tool.poetry"),
        ('[tool.poetry]\nname = "w"\nscripts = "x"\n', "tool.poetry.scripts"),
        ("[project\nname = 'w'\n", "invalid TOML"),
    ],
)
def test_pyproject_fields_of_the_wrong_type(capsys, repo: Path, toml: str, key: str) -> None:
    (repo / "pyproject.toml").write_text(toml)
    run = cli(capsys, "analyze", str(repo))
    assert run.code == 2
    one_error(run, "pyproject.toml", key)


@pytest.mark.parametrize(
    ("name", "text"),
    [
        ("setup.py", "from setuptools import setup\nsetup(name=5, entry_points='x', url=[1])\n"),
        ("setup.py", "setup(extras_require=['a'], install_requires='click')\n"),
        ("setup.cfg", "[metadata]\nname = w\n[metadata]\nname = v\n"),
        ("setup.cfg", "no section header\n"),
    ],
)
def test_setup_files_of_odd_shape_are_read_as_far_as_they_go(
    capsys, repo: Path, name: str, text: str
) -> None:
    (repo / "pyproject.toml").unlink()
    (repo / name).write_text(text)
    run = cli(capsys, "analyze", str(repo), "--format", "json")
    assert run.code == 0, run.text


# -- 3. code the parser cannot take ------------------------------------------------------------


@pytest.mark.parametrize(
    "source",
    [
        "x = " + "-" * 200_000 + "1\n",  # nested unary operators: RecursionError in the parser
        "x = " + "(" * 300 + ")" * 300 + "\n",  # too many nested parentheses: SyntaxError
        "def f(:\n",
        "\0\0\0",
    ],
)
def test_unparseable_code_is_skipped_and_reported(capsys, repo: Path, source: str) -> None:
    (repo / "widgets" / "deep.py").write_text(source)
    run = cli(capsys, "analyze", str(repo), "--no-cache")
    assert run.code == 0, run.text
    assert "greet" in run.out
    if "\0" not in source:  # a NUL byte makes the file binary: skipped, not parsed
        assert "widgets/deep.py" in run.out


def test_check_with_bad_check_docs_glob(capsys, repo: Path) -> None:
    (repo / ".klaro.yml").write_text("check_docs:\n  - '[z-a]'\n")
    run = cli(capsys, "check", str(repo))
    assert run.code == 2
    one_error(run, "check_docs")
