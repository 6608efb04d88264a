"""Tests for klaro.config: layering, parsing, validation and the secret never leaking."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from klaro.config import (
    KEYS,
    ChromaOptions,
    Config,
    GitHubOptions,
    env_var,
    load_config,
)
from klaro.errors import ConfigError


def write(root: Path, text: str, name: str = ".klaro.yml") -> Path:
    path = root / name
    path.write_text(text, encoding="utf-8")
    return path


def error(root: Path, **kwargs: object) -> str:
    kwargs.setdefault("env", {})
    with pytest.raises(ConfigError) as info:
        load_config(root, **kwargs)  # type: ignore[arg-type]
    message = str(info.value)
    assert "\n" not in message
    return message


def test_defaults(tmp_path: Path) -> None:
    config = load_config(tmp_path, env={})
    assert config == Config(root=tmp_path.resolve())
    assert config.docs == ("readme", "api")
    assert config.model == "gpt-4o-mini"
    assert config.recursion_limit == 50
    assert config.chroma == ChromaOptions()
    assert config.github == GitHubOptions(branch="klaro/docs", command="/docs")
    assert config.config_file is None
    assert not config.has_model


def test_keys_cover_every_field() -> None:
    fields = {f.name for f in dataclasses.fields(Config)} - {"root", "config_file"}
    nested = {
        f"{section}.{f.name}"
        for section, cls in (("chroma", ChromaOptions), ("github", GitHubOptions))
        for f in dataclasses.fields(cls)
    }
    assert set(KEYS) == (fields - {"chroma", "github"}) | nested
    assert env_var("github.min_permission") == "KLARO_GITHUB_MIN_PERMISSION"


def test_file_overrides_defaults(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        """
include: [src/**]
docs: [readme, changelog]
temperature: 1
recursion_limit: 10
planning_interval: 3
styleguides: docs/style
chroma:
  url: http://localhost:8000
github:
  branch: bot/docs
  min_permission: maintain
""",
    )
    config = load_config(tmp_path, env={})
    assert config.config_file == path
    assert config.include == ("src/**",)
    assert config.docs == ("readme", "changelog")
    assert config.temperature == 1.0 and isinstance(config.temperature, float)
    assert config.recursion_limit == 10
    assert config.planning_interval == 3
    assert config.styleguides == "docs/style"
    assert config.chroma == ChromaOptions(path=".klaro/chroma", url="http://localhost:8000")
    assert config.github.branch == "bot/docs"
    assert config.github.min_permission == "maintain"
    assert config.github.command == "/docs"


def test_yaml_extension_and_empty_file(tmp_path: Path) -> None:
    write(tmp_path, "", ".klaro.yaml")
    config = load_config(tmp_path, env={})
    assert config.config_file == tmp_path / ".klaro.yaml"
    assert config.model == "gpt-4o-mini"


def test_env_overrides_file_and_overrides_override_env(tmp_path: Path) -> None:
    write(tmp_path, "model: from-file\nrecursion_limit: 10\ngithub:\n  branch: file\n")
    env = {"KLARO_MODEL": "from-env", "KLARO_RECURSION_LIMIT": "20", "KLARO_GITHUB_BRANCH": "env"}
    config = load_config(tmp_path, env=env)
    assert (config.model, config.recursion_limit, config.github.branch) == ("from-env", 20, "env")

    overrides = {"model": "from-flag", "recursion_limit": 30, "github.branch": None}
    config = load_config(tmp_path, env=env, overrides=overrides)
    assert config.model == "from-flag"
    assert config.recursion_limit == 30
    assert config.github.branch == "env"  # None means "not given"


def test_env_values_parse(tmp_path: Path) -> None:
    env = {
        "KLARO_EXCLUDE": "tests/**, build/** ,,",
        "KLARO_DOCS": "readme,api,contributing",
        "KLARO_TEMPERATURE": "0.5",
        "KLARO_PLANNING_INTERVAL": "4",
        "KLARO_CHROMA_URL": "https://chroma.example",
        "KLARO_MODLE": "ignored: unknown names in the shared environment are fine",
        "KLARO_TOKEN_BUDGET": "",  # empty counts as unset
    }
    config = load_config(tmp_path, env=env)
    assert config.exclude == ("tests/**", "build/**")
    assert config.docs == ("readme", "api", "contributing")
    assert config.temperature == 0.5
    assert config.planning_interval == 4
    assert config.chroma.url == "https://chroma.example"
    assert config.token_budget == 200_000


def test_override_strings_parse_like_env(tmp_path: Path) -> None:
    overrides = {"ignore_references": "foo.*,bar", "max_retries": "5", "github.base": "main"}
    config = load_config(tmp_path, env={}, overrides=overrides)
    assert config.ignore_references == ("foo.*", "bar")
    assert config.max_retries == 5
    assert config.github.base == "main"


def test_api_key_and_base_url_fallbacks(tmp_path: Path) -> None:
    env = {"OPENAI_API_KEY": "sk-openai", "OPENAI_BASE_URL": "http://llm:8080/v1"}
    config = load_config(tmp_path, env=env)
    assert config.api_key == "sk-openai"
    assert config.base_url == "http://llm:8080/v1"
    assert config.has_model

    config = load_config(tmp_path, env={**env, "KLARO_API_KEY": "sk-klaro", "KLARO_BASE_URL": ""})
    assert config.api_key == "sk-klaro"
    assert config.base_url == "http://llm:8080/v1"


def test_secret_never_shown(tmp_path: Path) -> None:
    config = load_config(tmp_path, env={"KLARO_API_KEY": "sk-very-secret"})
    assert "sk-very-secret" not in repr(config)
    assert "sk-very-secret" not in str(config)
    shown = config.to_dict()
    assert shown["api_key"] == "***"
    assert "sk-very-secret" not in repr(shown)
    assert load_config(tmp_path, env={}).to_dict()["api_key"] is None


def test_secret_not_echoed_in_errors(tmp_path: Path) -> None:
    message = error(tmp_path, overrides={"api_key": 12345})
    assert "--api-key" in message and "'api_key'" in message
    assert "12345" not in message


def test_to_dict_is_nested_and_plain(tmp_path: Path) -> None:
    shown = load_config(tmp_path, env={}, overrides={"include": "a,b"}).to_dict()
    assert shown["root"] == str(tmp_path.resolve())
    assert shown["include"] == ["a", "b"]
    assert shown["github"] == {
        "branch": "klaro/docs",
        "base": None,
        "command": "/docs",
        "min_permission": "write",
    }
    assert shown["chroma"] == {"path": ".klaro/chroma", "url": None}


def test_doc_paths(tmp_path: Path) -> None:
    assert load_config(tmp_path, env={}).doc_paths() == ("README.md", "docs/api.md")
    config = load_config(
        tmp_path,
        env={},
        overrides={"docs": "api,changelog,contributing,readme", "readme_path": "docs/index.md"},
    )
    assert config.doc_paths() == ("docs/api.md", "CHANGELOG.md", "CONTRIBUTING.md", "docs/index.md")
    assert load_config(tmp_path, env={}, overrides={"docs": ""}).doc_paths() == ()


def test_explicit_config_file(tmp_path: Path) -> None:
    write(tmp_path, "model: default-file\n")
    other = write(tmp_path, "model: other-file\n", "custom.yml")
    config = load_config(tmp_path, env={}, config_file=other)
    assert config.model == "other-file"
    assert config.config_file == other


# --- errors: each names the source and the key ---------------------------------------------


def test_file_type_error_names_file_and_key(tmp_path: Path) -> None:
    write(tmp_path, "recursion_limit: fifty\n")
    message = error(tmp_path)
    assert message == (".klaro.yml: key 'recursion_limit' must be an integer >= 1, got 'fifty'")


@pytest.mark.parametrize(
    ("yaml_text", "key", "expected"),
    [
        ('recursion_limit: "50"', "recursion_limit", "an integer >= 1"),
        ("recursion_limit: true", "recursion_limit", "an integer >= 1"),
        ("recursion_limit: 0", "recursion_limit", "an integer >= 1"),
        ("token_budget: 999", "token_budget", "an integer >= 1000"),
        ("planning_interval: 0", "planning_interval", "an integer >= 1"),
        ("temperature: 2.5", "temperature", "between 0 and 2"),
        ("include: src/**", "include", "a list of strings"),
        ("include: [1, 2]", "include", "a list of strings"),
        ("embedding: bert", "embedding", "one of default, hash, wordllama, openai, onnx"),
        ("model: ''", "model", "a non-empty string"),
        ("base_url: localhost", "base_url", "an http(s) URL"),
        ("github:\n  min_permission: owner", "github.min_permission", "read, triage, write"),
    ],
)
def test_file_value_errors(tmp_path: Path, yaml_text: str, key: str, expected: str) -> None:
    write(tmp_path, yaml_text + "\n")
    message = error(tmp_path)
    assert message.startswith(f".klaro.yml: key '{key}' must be ")
    assert expected in message
    assert ", got " in message


def test_unknown_doc_kind_lists_allowed(tmp_path: Path) -> None:
    write(tmp_path, "docs: [readme, tutorial]\n")
    message = error(tmp_path)
    assert "'docs'" in message and "tutorial" in message
    assert "readme, api, changelog, contributing" in message


@pytest.mark.parametrize(
    "value", ["../outside.md", "/etc/passwd", "docs/../../x.md", "C:\\docs\\api.md", "~/x.md"]
)
@pytest.mark.parametrize("key", ["readme_path", "api_path", "styleguides", "chroma.path"])
def test_paths_must_stay_in_repo(tmp_path: Path, key: str, value: str) -> None:
    message = error(tmp_path, overrides={key: value})
    flag = "--" + key.replace(".", "-").replace("_", "-")
    assert message.startswith(f"{flag}: key '{key}' must be a relative path inside the repository")


def test_env_error_names_variable(tmp_path: Path) -> None:
    message = error(tmp_path, env={"KLARO_RECURSION_LIMIT": "fifty"})
    assert (
        message
        == "KLARO_RECURSION_LIMIT: key 'recursion_limit' must be an integer >= 1, got 'fifty'"
    )
    message = error(tmp_path, env={"KLARO_TEMPERATURE": "nan"})
    assert message.startswith("KLARO_TEMPERATURE: key 'temperature'")
    message = error(tmp_path, env={"KLARO_GITHUB_MIN_PERMISSION": "owner"})
    assert message.startswith("KLARO_GITHUB_MIN_PERMISSION: key 'github.min_permission'")
    assert "admin" in message


def test_override_errors_name_flag(tmp_path: Path) -> None:
    message = error(tmp_path, overrides={"recursion_limit": "many"})
    assert message == "--recursion-limit: key 'recursion_limit' must be an integer >= 1, got 'many'"
    message = error(tmp_path, overrides={"github.branch": 3})
    assert message.startswith("--github-branch: key 'github.branch'")
    message = error(tmp_path, overrides={"modle": "x"})
    assert message == "--modle: unknown key 'modle' (did you mean 'model'?)"


def test_unknown_file_keys_suggest(tmp_path: Path) -> None:
    write(tmp_path, "modle: gpt-4o\n")
    assert error(tmp_path) == ".klaro.yml: unknown key 'modle' (did you mean 'model'?)"
    write(tmp_path, "github:\n  brnch: x\n")
    assert error(tmp_path) == (
        ".klaro.yml: unknown key 'github.brnch' (did you mean 'github.branch'?)"
    )
    write(tmp_path, "zzzz: 1\n")
    assert error(tmp_path) == ".klaro.yml: unknown key 'zzzz'"


def test_section_must_be_mapping(tmp_path: Path) -> None:
    write(tmp_path, "github: main\n")
    assert error(tmp_path) == ".klaro.yml: key 'github' must be a mapping, got 'main'"


@pytest.mark.parametrize("key", ["api_key", "openai_token", "github:\n  token", "password"])
def test_secrets_rejected_in_file(tmp_path: Path, key: str) -> None:
    write(tmp_path, f"{key}: sk-leaked\n")
    message = error(tmp_path)
    assert message.startswith(".klaro.yml: key ")
    assert "secrets do not belong in .klaro.yml" in message
    assert "sk-leaked" not in message


def test_api_key_in_file_points_to_env(tmp_path: Path) -> None:
    write(tmp_path, "api_key: sk-leaked\n")
    assert error(tmp_path).endswith(
        "secrets do not belong in .klaro.yml; set KLARO_API_KEY in the environment"
    )


def test_token_budget_is_not_a_secret(tmp_path: Path) -> None:
    write(tmp_path, "token_budget: 5000\n")
    assert load_config(tmp_path, env={}).token_budget == 5000


def test_yaml_syntax_error_reports_line(tmp_path: Path) -> None:
    write(tmp_path, "model: gpt\ndocs: [readme\ninclude: x\n")
    message = error(tmp_path)
    assert message.startswith(".klaro.yml: invalid YAML at line ")
    write(tmp_path, "model: gpt\nexclude: a: b\n")
    assert error(tmp_path).startswith(".klaro.yml: invalid YAML at line 2: ")


def test_top_level_must_be_mapping(tmp_path: Path) -> None:
    write(tmp_path, "- model\n- docs\n")
    message = error(tmp_path)
    assert message.startswith(".klaro.yml: the top level must be a mapping")


def test_not_utf8(tmp_path: Path) -> None:
    (tmp_path / ".klaro.yml").write_bytes(b"model: caf\xe9\n")
    assert error(tmp_path).startswith(".klaro.yml: not valid UTF-8")


def test_missing_explicit_file(tmp_path: Path) -> None:
    missing = tmp_path / "nope.yml"
    assert error(tmp_path, config_file=missing) == f"{missing}: config file not found"


def test_both_default_files(tmp_path: Path) -> None:
    write(tmp_path, "model: a\n")
    write(tmp_path, "model: b\n", ".klaro.yaml")
    assert "keep only one" in error(tmp_path)


def test_config_is_frozen(tmp_path: Path) -> None:
    config = load_config(tmp_path, env={})
    with pytest.raises(dataclasses.FrozenInstanceError):
        config.model = "other"  # type: ignore[misc]
