"""Tests for the repository scan: which files Klaro reads, which it skips, and why."""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from klaro.errors import ConfigError, ScanError
from klaro.scan import files as scan_files
from klaro.scan.files import (
    DEFAULT_IGNORES,
    ScanResult,
    is_secret_path,
    language_of,
    looks_like_secret_content,
    scan_repository,
)

PEM_KEY = b"-----BEGIN RSA PRIVATE KEY-----\nMIIEow...\n-----END RSA PRIVATE KEY-----\n"


def make(root: Path, tree: dict[str, str | bytes]) -> Path:
    """Create files under root from {relative path: content}."""
    for rel, content in tree.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, encoding="utf-8")
    return root


def paths(result: ScanResult) -> list[str]:
    return [f.path for f in result.files]


def reasons(result: ScanResult) -> dict[str, str]:
    return {s.path: s.reason for s in result.skipped}


# --- gitignore semantics ------------------------------------------------------------------


def test_nested_gitignore_negation_overrides_parent(tmp_path: Path) -> None:
    make(
        tmp_path,
        {
            ".gitignore": "*.log\n",
            "app.log": "x",
            "sub/.gitignore": "!keep.log\n",
            "sub/keep.log": "x",
            "sub/other.log": "x",
            "sub/deeper/keep.log": "x",
        },
    )
    found = paths(scan_repository(tmp_path))
    assert "sub/keep.log" in found
    assert "sub/deeper/keep.log" in found  # an unanchored pattern applies below its directory
    assert "app.log" not in found
    assert "sub/other.log" not in found


def test_deeper_gitignore_can_ignore_what_parent_allows(tmp_path: Path) -> None:
    make(tmp_path, {".gitignore": "!*.tmp\n", "a.tmp": "x", "sub/.gitignore": "*.tmp\n"})
    make(tmp_path, {"sub/b.tmp": "x"})
    assert paths(scan_repository(tmp_path)) == [".gitignore", "a.tmp", "sub/.gitignore"]


def test_file_inside_ignored_directory_cannot_be_reincluded(tmp_path: Path) -> None:
    make(
        tmp_path,
        {
            ".gitignore": "logs/\n!logs/important.log\ndocs/*\n!docs/keep.md\n",
            "logs/important.log": "x",
            "docs/keep.md": "x",
            "docs/drop.md": "x",
        },
    )
    found = paths(scan_repository(tmp_path))
    assert "logs/important.log" not in found  # the directory itself is excluded, as in git
    assert "docs/keep.md" in found  # only the contents were excluded, so `!` works
    assert "docs/drop.md" not in found


def test_trailing_double_star_ignores_contents_but_not_the_directory(tmp_path: Path) -> None:
    make(tmp_path, {".gitignore": "out/**\n!out/keep.txt\n", "out/keep.txt": "x"})
    make(tmp_path, {"out/drop.txt": "x", "out/sub/keep.txt": "x"})
    found = paths(scan_repository(tmp_path))
    assert "out/keep.txt" in found
    assert "out/drop.txt" not in found
    assert "out/sub/keep.txt" not in found  # out/sub itself matches out/**


def test_negated_directory_in_child_does_not_unignore_files_by_parent_rule(tmp_path: Path) -> None:
    # `!data` re-includes a directory; it says nothing about `*.log` files inside it.
    make(tmp_path, {".gitignore": "*.log\n", "sub/.gitignore": "!data\n"})
    make(tmp_path, {"sub/data/run.log": "x", "sub/data/run.txt": "x"})
    found = paths(scan_repository(tmp_path))
    assert "sub/data/run.txt" in found
    assert "sub/data/run.log" not in found


def test_anchored_patterns_apply_relative_to_their_gitignore(tmp_path: Path) -> None:
    make(
        tmp_path,
        {
            ".gitignore": "/todo.txt\ndoc/frotz\n",
            "todo.txt": "x",
            "sub/todo.txt": "x",
            "doc/frotz": "x",
            "a/doc/frotz": "x",
            "pkg/.gitignore": "/gen.py\n",
            "pkg/gen.py": "x",
            "pkg/inner/gen.py": "x",
        },
    )
    found = paths(scan_repository(tmp_path))
    assert "todo.txt" not in found and "sub/todo.txt" in found
    assert "doc/frotz" not in found and "a/doc/frotz" in found
    assert "pkg/gen.py" not in found and "pkg/inner/gen.py" in found


def test_double_star_and_directory_only_patterns(tmp_path: Path) -> None:
    make(
        tmp_path,
        {
            ".gitignore": "**/fixtures/*.json\na/**/z\ncache/\n",
            "t/fixtures/x.json": "{}",
            "t/deep/fixtures/y.json": "{}",
            "t/fixtures/x.py": "",
            "a/z": "",
            "a/b/c/z": "",
            "cache": "a file named cache is not a directory",
            "src/cache/data.txt": "x",
        },
    )
    found = paths(scan_repository(tmp_path))
    assert "t/fixtures/x.py" in found and "cache" in found
    for gone in ("t/fixtures/x.json", "t/deep/fixtures/y.json", "a/z", "a/b/c/z"):
        assert gone not in found
    assert "src/cache/data.txt" not in found


def test_nested_gitignore_in_directory_with_glob_characters(tmp_path: Path) -> None:
    make(tmp_path, {"we[ir]d*/.gitignore": "*.tmp\n", "we[ir]d*/a.tmp": "x", "we[ir]d*/a.py": ""})
    make(tmp_path, {"wed/a.tmp": "x"})
    found = paths(scan_repository(tmp_path))
    assert "we[ir]d*/a.py" in found and "wed/a.tmp" in found
    assert "we[ir]d*/a.tmp" not in found


def test_malformed_gitignore_line_is_ignored_like_git(tmp_path: Path) -> None:
    make(tmp_path, {".gitignore": "!\n\\\n# comment\n\n*.log\n", "a.log": "x", "a.py": ""})
    assert paths(scan_repository(tmp_path)) == [".gitignore", "a.py"]


def test_git_info_exclude_is_honoured(tmp_path: Path) -> None:
    make(tmp_path, {".git/info/exclude": "local.txt\n", "local.txt": "x", "a.py": ""})
    assert paths(scan_repository(tmp_path)) == ["a.py"]


GIT_TREES: dict[str, dict[str, str | bytes]] = {
    "whitelist": {
        ".gitignore": "*.log\n/top.txt\nbuildout/\ndocs/*\n!docs/keep.md\n*\n!*/\n!*.py\n"
        "!*.md\n!.gitignore\n!*.log\n",
        "top.txt": "",
        "a.py": "",
        "a.log": "",
        "buildout/x.py": "",
        "docs/keep.md": "",
        "docs/drop.md": "",
        "sub/.gitignore": "!top.txt\n*.py\n!keep.py\n/anch.md\n",
        "sub/top.txt": "",
        "sub/drop.py": "",
        "sub/keep.py": "",
        "sub/anch.md": "",
        "sub/deep/anch.md": "",
        "sub/deep/other.txt": "",
        "sub/deep/.gitignore": "!*.txt\nlost/\n",
        "sub/deep/lost/x.md": "",
        "data/run.log": "",
    },
    "double-star": {
        ".gitignore": "gen/**/\n**/tmp/**\n!**/tmp/keep\na/**/b\n",
        "gen/top.py": "",
        "gen/sub/x.py": "",
        "x/tmp/keep": "",
        "x/tmp/drop": "",
        "a/b": "",
        "a/q/r/b": "",
        "a/q/r/c": "",
        "src/p/m.py": "",
        "src/p/q/n.py": "",
        "top.md": "",
    },
    "directories-only": {
        ".gitignore": "*/\n!src/\n!src/**/\nsrc/**/cache/\n",
        "top.md": "",
        "other/x.py": "",
        "src/p/m.py": "",
        "src/p/q/n.py": "",
        "src/p/cache/c.py": "",
    },
    "nested-negations": {
        ".gitignore": "*.tmp\n/only-root/\n",
        "x.tmp": "",
        "only-root/a": "",
        "lib/only-root/a": "",
        "lib/.gitignore": "!keep.tmp\n!data\nvendor\n!vendor/\n",
        "lib/keep.tmp": "",
        "lib/drop.tmp": "",
        "lib/data/x.tmp": "",
        "lib/vendor/v.py": "",
        "lib/deep/vendor": "",
        "lib/deep/.gitignore": "*\n!.gitignore\n!*.py\n",
        "lib/deep/m.py": "",
        "lib/deep/m.txt": "",
    },
}


@pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")
@pytest.mark.parametrize("tree", GIT_TREES.values(), ids=GIT_TREES.keys())
def test_agrees_with_git_ls_files(tmp_path: Path, tree: dict[str, str | bytes]) -> None:
    make(tmp_path, tree)
    subprocess.run(["git", "init", "-q", str(tmp_path)], check=True)
    listed = subprocess.run(
        ["git", "-C", str(tmp_path), "ls-files", "--others", "--exclude-standard"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout.split()
    assert paths(scan_repository(tmp_path)) == sorted(listed)


# --- Klaro's own ignore sources ------------------------------------------------------------


def test_klaroignore_root_and_nested(tmp_path: Path) -> None:
    make(
        tmp_path,
        {
            ".klaroignore": "generated/\n",
            "generated/api.py": "",
            "pkg/.klaroignore": "vendored_*.py\n",
            "pkg/vendored_six.py": "",
            "pkg/core.py": "",
        },
    )
    assert paths(scan_repository(tmp_path)) == [".klaroignore", "pkg/.klaroignore", "pkg/core.py"]


def test_klaroignore_can_reinclude_what_git_ignores(tmp_path: Path) -> None:
    make(tmp_path, {".gitignore": "_version.py\n", ".klaroignore": "!_version.py\n"})
    make(tmp_path, {"pkg/_version.py": "__version__ = '1'\n"})
    assert "pkg/_version.py" in paths(scan_repository(tmp_path))


def test_extra_ignores_are_root_relative_gitignore_patterns(tmp_path: Path) -> None:
    make(tmp_path, {"scratch/a.py": "", "src/scratch/b.py": "", "notes.md": "", "src/m.py": ""})
    result = scan_repository(tmp_path, extra_ignores=["/scratch/", "*.md"])
    assert paths(result) == ["src/m.py", "src/scratch/b.py"]


def test_include_and_exclude_globs(tmp_path: Path) -> None:
    make(
        tmp_path,
        {"src/pkg/a.py": "", "src/pkg/b.txt": "", "tests/test_a.py": "", "README.md": ""},
    )
    assert paths(scan_repository(tmp_path, include=["*.py"])) == ["src/pkg/a.py", "tests/test_a.py"]
    assert paths(scan_repository(tmp_path, include=["src/"], exclude=["*.txt"])) == ["src/pkg/a.py"]
    assert paths(scan_repository(tmp_path, exclude=["tests/", "/README.md"])) == [
        "src/pkg/a.py",
        "src/pkg/b.txt",
    ]


def test_invalid_config_pattern_is_a_config_error(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="exclude"):
        scan_repository(tmp_path, exclude=["\\"])


# --- default ignores ------------------------------------------------------------------------


def test_default_ignores_skip_tooling_directories(tmp_path: Path) -> None:
    junk = [
        ".git/config",
        ".hg/store",
        ".svn/entries",
        ".klaro/state.json",
        ".venv/lib/x.py",
        "venv/lib/x.py",
        "node_modules/left-pad/index.js",
        "web/node_modules/x/index.js",
        "pkg/__pycache__/m.cpython-311.pyc",
        "pkg/stale.pyc",
        ".tox/py311/x.py",
        ".nox/x.py",
        ".mypy_cache/x.json",
        ".pytest_cache/v",
        ".ruff_cache/x",
        "build/lib/pkg/m.py",
        "dist/pkg-1.0.tar.gz",
        "src/pkg.egg-info/PKG-INFO",
        "lib/site-packages/x.py",
        ".eggs/x.py",
    ]
    make(tmp_path, {rel: "" for rel in [*junk, "pkg/m.py"]})
    assert paths(scan_repository(tmp_path)) == ["pkg/m.py"]
    assert "node_modules/" in DEFAULT_IGNORES


def test_virtualenvs_are_detected_by_pyvenv_cfg(tmp_path: Path) -> None:
    make(
        tmp_path,
        {
            "env/pyvenv.cfg": "home = /usr/bin\n",
            "env/lib/x.py": "",
            "tools/py311/pyvenv.cfg": "home = /usr/bin\n",
            "tools/py311/lib/y.py": "",
            "config/env/settings.py": "",
        },
    )
    assert paths(scan_repository(tmp_path)) == ["config/env/settings.py"]


def test_a_package_named_build_is_not_mistaken_for_build_output(tmp_path: Path) -> None:
    make(tmp_path, {"src/build/__init__.py": "", "src/build/env.py": "", "build/lib/m.py": ""})
    assert paths(scan_repository(tmp_path)) == ["src/build/__init__.py", "src/build/env.py"]


def test_gitignore_whitelist_does_not_pull_defaults_back(tmp_path: Path) -> None:
    make(tmp_path, {".gitignore": "*\n!*/\n!*.py\n", "a.py": "", "node_modules/x/y.py": ""})
    assert paths(scan_repository(tmp_path)) == ["a.py"]


def test_klaroignore_can_reinclude_a_default(tmp_path: Path) -> None:
    make(tmp_path, {".klaroignore": "!dist/\n", "dist/readme.md": ""})
    assert "dist/readme.md" in paths(scan_repository(tmp_path))


# --- secrets ------------------------------------------------------------------------------

SECRET_NAMES = [
    ".env",
    ".env.local",
    ".env.production",
    "config/.env.staging",
    "certs/server.pem",
    "tls.key",
    "client.p12",
    "client.pfx",
    "app.jks",
    "release.keystore",
    "id_rsa",
    "id_dsa",
    ".ssh/id_ecdsa",
    "id_ed25519",
    ".netrc",
    ".pypirc",
    ".npmrc",
    ".git-credentials",
    ".htpasswd",
    "credentials.json",
    "infra/terraform.tfstate",
    "secrets.yml",
    "secrets.yaml",
    "service-account.json",
    "service-account-prod.json",
    ".aws/credentials",
    "home/.docker/config.json",
]


@pytest.mark.parametrize("rel", SECRET_NAMES)
def test_secret_files_are_skipped_unread(tmp_path: Path, rel: str) -> None:
    make(tmp_path, {rel: "TOKEN=hunter2\n", "app.py": ""})
    result = scan_repository(tmp_path, keep_content=True)
    assert is_secret_path(rel)
    assert reasons(result) == {rel: "secret"}
    assert paths(result) == ["app.py"]
    assert rel not in result.contents


@pytest.mark.parametrize(
    "rel",
    [
        ".env.example",
        ".env.sample",
        ".env.template",
        ".env.dist",
        "id_rsa.pub",
        ".envrc",
        "environment.py",
        "keys.py",
        "docker/config.json",
        "credentials.py",
    ],
)
def test_similar_but_harmless_names_are_kept(tmp_path: Path, rel: str) -> None:
    make(tmp_path, {rel: "PLACEHOLDER=\n"})
    assert not is_secret_path(rel)
    assert paths(scan_repository(tmp_path)) == [rel]


@pytest.mark.parametrize(
    "header",
    [
        b"-----BEGIN PRIVATE KEY-----",
        b"-----BEGIN RSA PRIVATE KEY-----",
        b"-----BEGIN OPENSSH PRIVATE KEY-----",
        b"-----BEGIN ENCRYPTED PRIVATE KEY-----",
        b"-----BEGIN PGP PRIVATE KEY BLOCK-----",
    ],
)
def test_private_key_content_is_detected_whatever_the_name(tmp_path: Path, header: bytes) -> None:
    make(tmp_path, {"deploy/notes.txt": b"key below\n" + header + b"\nMIIE\n"})
    assert looks_like_secret_content(header + b"\nMIIE")
    # the header alone is code that handles keys (`PEM_HEADER = b"-----BEGIN ...-----\\n"`)
    assert not looks_like_secret_content(b'PEM_HEADER = b"' + header + b'\\n"\n')
    assert reasons(scan_repository(tmp_path)) == {"deploy/notes.txt": "secret"}


def test_public_material_is_not_a_secret() -> None:
    assert not looks_like_secret_content(b"-----BEGIN CERTIFICATE-----\nMIIC\n")
    assert not looks_like_secret_content(b"-----BEGIN PUBLIC KEY-----\nMIIB\n")


def test_key_header_past_the_first_8_kib_is_not_inspected(tmp_path: Path) -> None:
    make(tmp_path, {"big.txt": b"a" * 9000 + PEM_KEY})
    assert paths(scan_repository(tmp_path)) == ["big.txt"]


# --- binaries, size, unreadable, special files --------------------------------------------


def test_binary_files_are_skipped(tmp_path: Path) -> None:
    make(tmp_path, {"logo.png": b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "a.py": "x = 1\n"})
    result = scan_repository(tmp_path)
    assert reasons(result) == {"logo.png": "binary"}
    assert paths(result) == ["a.py"]


def test_files_over_the_size_cap_are_skipped_with_size_and_cap(tmp_path: Path) -> None:
    make(tmp_path, {"huge.py": "x" * 2001, "edge.py": "y" * 2000})
    result = scan_repository(tmp_path, max_file_size=2000)
    assert paths(result) == ["edge.py"]
    reason = reasons(result)["huge.py"]
    assert "too large" in reason and "2,001" in reason and "2,000" in reason


def test_unreadable_file_is_skipped_not_fatal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    make(tmp_path, {"locked.py": "", "ok.py": ""})
    real_open = open

    def fake_open(path: str, *args: object, **kwargs: object) -> object:
        if str(path).endswith("locked.py"):
            raise PermissionError(13, "Permission denied")
        return real_open(path, *args, **kwargs)  # type: ignore[call-overload]

    monkeypatch.setattr(scan_files, "open", fake_open, raising=False)
    result = scan_repository(tmp_path)
    assert paths(result) == ["ok.py"]
    assert reasons(result) == {"locked.py": "unreadable (Permission denied)"}


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="needs a non-root POSIX user")
def test_unreadable_directory_is_skipped_not_fatal(tmp_path: Path) -> None:
    make(tmp_path, {"private/a.py": "", "ok.py": ""})
    (tmp_path / "private").chmod(0)
    try:
        result = scan_repository(tmp_path)
    finally:
        (tmp_path / "private").chmod(0o755)
    assert paths(result) == ["ok.py"]
    assert reasons(result)["private"].startswith("unreadable directory")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
def test_named_pipe_is_skipped_without_blocking(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "pipe")
    assert reasons(scan_repository(tmp_path)) == {"pipe": "not a regular file"}


@pytest.mark.skipif(sys.platform != "linux", reason="needs a file system that stores bytes")
def test_undecodable_file_name_is_reported_not_fatal(tmp_path: Path) -> None:
    make(tmp_path, {"ok.py": ""})
    with open(os.path.join(os.fsencode(tmp_path), b"caf\xe9.py"), "wb"):
        pass
    result = scan_repository(tmp_path)
    assert paths(result) == ["ok.py"]
    assert reasons(result) == {"caf\ufffd.py": "file name is not valid UTF-8"}


# --- symlinks -----------------------------------------------------------------------------


def test_symlink_escaping_the_repository_is_skipped(tmp_path: Path) -> None:
    outside = make(tmp_path / "outside", {"passwd": "root:x:0:0\n"})
    repo = make(tmp_path / "repo", {"a.py": ""})
    (repo / "leak.txt").symlink_to(outside / "passwd")
    result = scan_repository(repo, keep_content=True)
    assert reasons(result) == {"leak.txt": "symlink escapes repository"}
    assert "leak.txt" not in result.contents


def test_internal_symlink_is_read_under_its_link_path(tmp_path: Path) -> None:
    make(tmp_path, {"docs/guide.md": "# Guide\n"})
    (tmp_path / "GUIDE.md").symlink_to("docs/guide.md")
    result = scan_repository(tmp_path, keep_content=True)
    by_path = {f.path: f for f in result.files}
    assert set(by_path) == {"GUIDE.md", "docs/guide.md"}
    assert by_path["GUIDE.md"].sha256 == by_path["docs/guide.md"].sha256
    assert result.contents["GUIDE.md"] == b"# Guide\n"


def test_internal_symlink_to_a_secret_is_skipped(tmp_path: Path) -> None:
    make(tmp_path, {".env": "TOKEN=x\n", ".git/config": "[remote]\n"})
    (tmp_path / "settings.txt").symlink_to(".env")
    (tmp_path / "gitcfg").symlink_to(".git/config")
    assert reasons(scan_repository(tmp_path)) == {
        ".env": "secret",
        "gitcfg": "secret",
        "settings.txt": "secret",
    }


def test_broken_symlink_is_reported(tmp_path: Path) -> None:
    (tmp_path / "dangling.py").symlink_to(tmp_path / "missing.py")
    assert reasons(scan_repository(tmp_path)) == {"dangling.py": "broken symlink"}


def test_symlinked_directory_is_not_followed(tmp_path: Path) -> None:
    make(tmp_path, {"real/m.py": ""})
    (tmp_path / "alias").symlink_to("real", target_is_directory=True)
    (tmp_path / "loop").symlink_to(".", target_is_directory=True)
    result = scan_repository(tmp_path)
    assert paths(result) == ["real/m.py"]
    assert reasons(result) == {"alias": "symlinked directory", "loop": "symlinked directory"}


def test_ignored_symlinks_are_not_reported(tmp_path: Path) -> None:
    make(tmp_path, {".gitignore": "alias\ndangling\n"})
    (tmp_path / "alias").symlink_to(tmp_path, target_is_directory=True)
    (tmp_path / "dangling").symlink_to(tmp_path / "nowhere")
    assert scan_repository(tmp_path).skipped == ()


# --- root, results, determinism -----------------------------------------------------------


def test_missing_root_names_the_path(tmp_path: Path) -> None:
    missing = tmp_path / "no-such-repo"
    with pytest.raises(ScanError, match="does not exist") as err:
        scan_repository(missing)
    assert str(missing) in str(err.value)


def test_root_that_is_a_file_names_the_path(tmp_path: Path) -> None:
    target = make(tmp_path, {"file.py": ""}) / "file.py"
    with pytest.raises(ScanError, match="not a directory") as err:
        scan_repository(str(target))
    assert str(target) in str(err.value)


def test_source_file_records_hash_size_and_language(tmp_path: Path) -> None:
    body = "def héllo() -> str:\n    return 'hi'\n".encode()
    make(tmp_path, {"pkg/mod.py": body, "README.md": "# Hi\n"})
    result = scan_repository(tmp_path)
    mod = next(f for f in result.files if f.path == "pkg/mod.py")
    assert mod.sha256 == hashlib.sha256(body).hexdigest()
    assert mod.size == len(body)
    assert mod.language == "python"
    assert result.contents == {}
    assert result.root == tmp_path.resolve()


@pytest.mark.parametrize(
    ("rel", "language"),
    [
        ("a.py", "python"),
        ("stubs/a.pyi", "python"),
        ("README.md", "markdown"),
        (".github/ci.yml", "yaml"),
        ("conf.yaml", "yaml"),
        ("pyproject.toml", "toml"),
        ("package.json", "json"),
        ("run.sh", "shell"),
        ("notes.txt", "text"),
        ("LICENSE", "text"),
        ("Dockerfile", "dockerfile"),
        ("docs/index.rst", "rst"),
        ("setup.cfg", "ini"),
        ("image.svgz", "other"),
        ("Makefile", "makefile"),
    ],
)
def test_language_of(rel: str, language: str) -> None:
    assert language_of(rel) == language


def test_keep_content_returns_the_bytes_hashed(tmp_path: Path) -> None:
    make(tmp_path, {"a.py": "x = 1\n", "b/c.md": "# c\n"})
    result = scan_repository(tmp_path, keep_content=True)
    assert dict(result.contents) == {"a.py": b"x = 1\n", "b/c.md": b"# c\n"}
    for f in result.files:
        assert hashlib.sha256(result.contents[f.path]).hexdigest() == f.sha256


def test_output_is_sorted_and_deterministic(tmp_path: Path) -> None:
    make(tmp_path, {name: "" for name in ("z.py", "a/b.py", "a.py", "m/n/o.py", "B.py")})
    make(tmp_path, {"zz.bin": b"\0", "aa.bin": b"\0"})
    first, second = scan_repository(tmp_path), scan_repository(tmp_path)
    assert first == second
    assert paths(first) == sorted(paths(first))
    assert [s.path for s in first.skipped] == ["aa.bin", "zz.bin"]
