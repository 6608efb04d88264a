"""Credentials hard-coded in a repository never come out of Klaro, whatever the output.

The secrets sit where the analysis reads (module constants, defaults, class attributes,
docstrings); each output a user, a log or a search result can see is searched for them:
`analyze` text and JSON, the analysis cache, the Chroma store and lexical index, `search`,
`ask`, the generated documents.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hostile import PACKAGE, SECRETS, cli, files_text, planted, secret_source, write_repo

from klaro.redact import MASK, redact_source


@pytest.fixture
def repo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("KLARO_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("KLARO_EMBEDDING", "hash")
    for name in ("KLARO_API_KEY", "OPENAI_API_KEY", "KLARO_BASE_URL", "OPENAI_BASE_URL"):
        monkeypatch.delenv(name, raising=False)
    return write_repo(tmp_path / "repo", {**PACKAGE, "widgets/client.py": secret_source()})


@pytest.mark.parametrize("fmt", ["text", "json"])
def test_analyze_output_holds_no_secret(capsys, repo: Path, fmt: str) -> None:
    run = cli(capsys, "analyze", str(repo), "--format", fmt)
    assert run.code == 0, run.text
    assert planted(run.text) == []
    if fmt == "json":
        assert MASK in run.out  # the constants are still there, masked


def test_analysis_keeps_shapes_and_line_numbers(capsys, repo: Path) -> None:
    run = cli(capsys, "analyze", str(repo), "--format", "json")
    data = json.loads(run.out)
    (client,) = [m for m in data["modules"] if m["path"] == "widgets/client.py"]
    names = {c["name"] for c in client["constants"]}
    assert {"AWS_KEY", "GITHUB", "api_token"} <= names
    (after,) = [f for f in client["functions"] if f["name"] == "after"]
    lines = secret_source().splitlines()
    assert lines[after["lineno"] - 1].startswith("def after(")
    (connect,) = [f for f in client["functions"] if f["name"] == "connect"]
    assert MASK in json.dumps(connect)


def test_analysis_cache_holds_no_secret(capsys, repo: Path, tmp_path: Path) -> None:
    assert cli(capsys, "analyze", str(repo)).code == 0
    cache = tmp_path / "cache"
    assert list(cache.glob("analysis-*.pickle"))
    assert planted(files_text(cache)) == []
    # a second run served from the cache shows no secret either
    run = cli(capsys, "analyze", str(repo), "--format", "json")
    assert planted(run.text) == []


def test_index_store_and_search_hold_no_secret(capsys, repo: Path) -> None:
    run = cli(capsys, "index", str(repo))
    assert run.code == 0, run.text
    assert planted(files_text(repo / ".klaro")) == []
    for query in ("AWS_KEY", "connect token", SECRETS["github"], "Client key"):
        found = cli(capsys, "search", query, str(repo))
        assert found.code == 0, found.text
        assert planted(found.text) == []


def test_ask_without_model_quotes_no_secret(
    capsys, repo: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert cli(capsys, "index", str(repo)).code == 0
    monkeypatch.chdir(repo)  # the repository by its default, whatever the flag is called
    run = cli(capsys, "ask", "What is the default key of Client?")
    assert run.code == 0, run.text
    assert "client.py" in run.text
    assert planted(run.text) == []


@pytest.mark.parametrize("doc", ["readme", "api"])
def test_generated_documents_hold_no_secret(capsys, repo: Path, doc: str) -> None:
    run = cli(capsys, "generate", str(repo), "--offline", "--doc", doc, "-o", "-")
    assert run.code == 0, run.text
    assert planted(run.text) == []


@pytest.mark.parametrize("kind", sorted(SECRETS))
def test_each_secret_shape_in_a_docstring_is_masked(capsys, tmp_path: Path, kind: str) -> None:
    secret = SECRETS[kind]
    repo = write_repo(
        tmp_path / kind,
        {
            **PACKAGE,
            "widgets/core.py": (
                f'def greet(name: str) -> str:\n    """Say hello (debug key {secret})."""\n'
                "    return name\n"
            ),
        },
    )
    run = cli(capsys, "analyze", str(repo), "--format", "json", "--no-cache")
    assert run.code == 0
    assert secret not in run.text
    assert "Say hello (debug key" in run.text


def test_private_key_block_keeps_lines(capsys, tmp_path: Path) -> None:
    block = "-----BEGIN RSA PRIVATE KEY-----\nMIIEow\nIBAAKC\n-----END RSA PRIVATE KEY-----"
    source = f'KEY = """{block}"""\n\n\ndef later() -> None:\n    pass\n'
    repo = write_repo(tmp_path / "pk", {**PACKAGE, "widgets/keys.py": source})
    # a file whose head shows a private key is not even read by the scan
    run = cli(capsys, "analyze", str(repo), "--format", "json", "--no-cache")
    assert "MIIEow" not in run.text
    masked = redact_source(source)
    assert "MIIEow" not in masked
    assert masked.count("\n") == source.count("\n")


def test_code_that_looks_for_a_key_header_stays_code() -> None:
    """ecdsa's keys.py searches PEM data for the header: masking from there to the end of
    the file left it unparseable, and every class after it gone from the analysis."""
    source = (
        "def from_pem(data):\n"
        '    at = data.find(b"-----BEGIN EC PRIVATE KEY-----")\n'
        '    end = data.find(b"-----END EC PRIVATE KEY-----")\n'
        "    return data[at:end]\n\n\n"
        "class SigningKey:\n    pass\n"
    )
    assert redact_source(source) == source
    key = "-----BEGIN PRIVATE KEY-----\\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC"
    cut = f'PEM = "{key}"\nclass Later:\n    pass\n'
    masked = redact_source(cut)
    assert "MIIEvQ" not in masked and "class Later:" in masked


@pytest.mark.parametrize(
    "code",
    [
        'f(token="GITHUB_TOKEN")\n',  # a name, not a credential
        'password_field = "password_hash"\n',
        'URL = "https://example.com/api_key/v2"\n',
        'token = os.environ["TOKEN"]\n',
        "def f(secret_key=value1):\n    pass\n",
    ],
)
def test_ordinary_code_is_left_alone(code: str) -> None:
    assert redact_source(code) == code


@pytest.mark.parametrize(
    "code",
    [
        'API_KEY = "a8f5f167f44f4964e6c998dee827110c"\n',
        'client(api_key="k3y-a8f5f167f44f")\n',
        "settings = {'password': 'hunter22correct'}\n",
    ],
)
def test_secret_literals_are_masked_inside_their_quotes(code: str) -> None:
    masked = redact_source(code)
    assert MASK in masked
    compile(masked, "<masked>", "exec")  # still Python


def test_repository_style_guides_are_indexed_without_secrets(capsys, repo: Path) -> None:
    (repo / "guides").mkdir()
    (repo / "guides" / "readme.md").write_text(
        f"# README\n\nUse the key {SECRETS['github']} in examples.\n"
    )
    (repo / ".klaro.yml").write_text("styleguides: guides\n")
    assert cli(capsys, "index", str(repo)).code == 0
    assert planted(files_text(repo / ".klaro")) == []


def test_masking_keeps_offsets_in_text_that_is_not_ascii() -> None:
    code = f'İ = "ü"\nTOKEN = "{SECRETS["aws"]}"  # clé\nAPI_KEY = "zz9plural2zalpha"\n'
    masked = redact_source(code)
    assert SECRETS["aws"] not in masked and "zz9plural2zalpha" not in masked
    assert masked.startswith('İ = "ü"\n') and masked.endswith("\n")
    compile(masked, "<masked>", "exec")
