"""`klaro action` in a broken or hostile environment, through the real entry point.

Every GITHUB_* variable, the event file and the inputs are checked before the first request:
a local server stands in for GitHub and must see no request at all, and the run ends with one
`::error::` line naming the variable. Sticky comments are matched by marker *and* author.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from hostile import PACKAGE, Run, Server, always, cli, http_server, one_error, write_repo

from fakes_github import drive, seed
from klaro.commands.action import steps
from klaro.github.publish import STICKY_MARKER

PUSH = {"ref": "refs/heads/main", "repository": {"default_branch": "main", "name": "widgets"}}
Env = Callable[..., None]


@pytest.fixture
def server() -> Iterator[Server]:
    with http_server(always(500)) as srv:
        yield srv


@pytest.fixture
def action_env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, server: Server) -> Env:
    """A runner's environment for a push, pointed at a local server; `set(NAME=value|None)`."""
    for name in list(os.environ):
        if name.startswith(("GITHUB_", "INPUT_", "KLARO_", "RUNNER_", "OPENAI_")):
            monkeypatch.delenv(name)
    for name in ("HTTP_PROXY", "HTTPS_PROXY", "http_proxy", "https_proxy"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("NO_PROXY", "127.0.0.1,localhost")
    workspace = write_repo(tmp_path / "workspace", PACKAGE)
    event = tmp_path / "event.json"
    event.write_text(json.dumps(PUSH))
    (tmp_path / "home").mkdir()
    base = {
        "GITHUB_ACTIONS": "true",
        "GITHUB_EVENT_NAME": "push",
        "GITHUB_EVENT_PATH": str(event),
        "GITHUB_REPOSITORY": "octo/widgets",
        "GITHUB_WORKSPACE": str(workspace),
        "GITHUB_API_URL": server.url,
        "GITHUB_SHA": "1" * 40,
        "GITHUB_REF": "refs/heads/main",
        "GITHUB_OUTPUT": str(tmp_path / "output"),
        "GITHUB_STEP_SUMMARY": str(tmp_path / "summary.md"),
        "HOME": str(tmp_path / "home"),
        "INPUT_GITHUB-TOKEN": "ghs_" + "0123456789abcdefghijABCDEFGHIJ",
        "INPUT_MODE": "pull-request",
        "KLARO_GITHUB_TIMEOUT": "1",
        "KLARO_GITHUB_DEADLINE": "2",
        "KLARO_CACHE_DIR": str(tmp_path / "cache"),
    }
    for name, value in base.items():
        monkeypatch.setenv(name, value)

    def apply(**changes: str | None) -> None:
        for name, value in changes.items():
            name = name.replace("__", "-")
            if value is None:
                monkeypatch.delenv(name, raising=False)
            else:
                monkeypatch.setenv(name, value)

    return apply


def refused(capsys: pytest.CaptureFixture[str], server: Server, *words: str) -> Run:
    run = cli(capsys, "action")
    assert run.code == 2, run.text
    one_error(run, *words)
    assert server.requests == []  # checked before the first request
    return run


# -- 4. the runner's variables ------------------------------------------------------------------


@pytest.mark.parametrize(
    "name", ["GITHUB_EVENT_PATH", "GITHUB_WORKSPACE", "GITHUB_REPOSITORY", "GITHUB_EVENT_NAME"]
)
@pytest.mark.parametrize("value", [None, "", "   "])
def test_missing_variable_is_named(capsys, action_env: Env, server: Server, name, value) -> None:
    action_env(**{name: value})
    refused(capsys, server, name, "not set")


@pytest.mark.parametrize("value", ["widgets", "a/b/c", "octo/", "/widgets", "octo widgets/x"])
def test_malformed_repository_is_named(capsys, action_env: Env, server: Server, value) -> None:
    action_env(GITHUB_REPOSITORY=value)
    refused(capsys, server, "GITHUB_REPOSITORY", "OWNER/NAME")


def test_workspace_that_does_not_exist(capsys, action_env, server, tmp_path) -> None:
    action_env(GITHUB_WORKSPACE=str(tmp_path / "nowhere"))
    refused(capsys, server, "GITHUB_WORKSPACE", "does not exist")


def test_workspace_that_is_a_file(capsys, action_env, server, tmp_path) -> None:
    (tmp_path / "plain").write_text("x")
    action_env(GITHUB_WORKSPACE=str(tmp_path / "plain"))
    refused(capsys, server, "GITHUB_WORKSPACE", "not a folder")


@pytest.mark.parametrize("value", ["ftp://api.github.com", "api.github.com", "http://"])
def test_malformed_api_url(capsys, action_env, server, value) -> None:
    action_env(GITHUB_API_URL=value)
    refused(capsys, server, "GITHUB_API_URL")


@pytest.mark.parametrize(
    ("content", "words"),
    [
        (None, ("GITHUB_EVENT_PATH", "cannot read")),
        (b"{not json", ("GITHUB_EVENT_PATH", "not valid JSON")),
        (b"[1, 2]", ("GITHUB_EVENT_PATH", "JSON object")),
        (b"\xff\xfe\x00", ("GITHUB_EVENT_PATH", "not valid JSON")),
        (b'{"repository": "octo/widgets"}', ("GITHUB_EVENT_PATH", "'repository'")),
        (b'{"repository": {"default_branch": 3}}', ("'repository.default_branch'",)),
        (b'{"action": ["created"]}', ("GITHUB_EVENT_PATH", "'action'")),
    ],
)
def test_bad_event_file(capsys, action_env, server, tmp_path, content, words) -> None:
    event = tmp_path / "bad-event.json"
    if content is not None:
        event.write_bytes(content)
    action_env(GITHUB_EVENT_PATH=str(event))
    refused(capsys, server, *words)


def test_event_path_that_is_a_folder(capsys, action_env, server, tmp_path) -> None:
    action_env(GITHUB_EVENT_PATH=str(tmp_path))
    refused(capsys, server, "GITHUB_EVENT_PATH", "folder")


COMMENT = {
    "action": "created",
    "issue": {"number": 7, "pull_request": {"url": "x"}},
    "comment": {"id": 5, "body": "/docs", "user": {"login": "alice", "type": "User"}},
    "repository": {"default_branch": "main"},
}


@pytest.mark.parametrize(
    ("path", "value", "key"),
    [
        (("issue",), [7], "issue"),
        (("issue", "number"), "7", "issue.number"),
        (("issue", "number"), True, "issue.number"),
        (("issue", "pull_request"), "yes", "issue.pull_request"),
        (("comment",), "hi", "comment"),
        (("comment", "id"), "5", "comment.id"),
        (("comment", "body"), 42, "comment.body"),
        (("comment", "user"), "alice", "comment.user"),
        (("comment", "user", "login"), ["alice"], "comment.user.login"),
    ],
)
def test_comment_payload_of_the_wrong_shape(
    capsys, action_env, server, tmp_path, path, value, key
) -> None:
    payload = json.loads(json.dumps(COMMENT))
    target = payload
    for part in path[:-1]:
        target = target[part]
    target[path[-1]] = value
    event = tmp_path / "comment.json"
    event.write_text(json.dumps(payload))
    action_env(GITHUB_EVENT_NAME="issue_comment", GITHUB_EVENT_PATH=str(event))
    refused(capsys, server, "GITHUB_EVENT_PATH", f"'{key}'")


@pytest.mark.parametrize("name", ["GITHUB_OUTPUT", "GITHUB_STEP_SUMMARY"])
def test_side_channel_in_a_missing_folder(capsys, action_env, server, tmp_path, name) -> None:
    action_env(**{name: str(tmp_path / "gone" / "file")})
    refused(capsys, server, name, "cannot write")


@pytest.mark.parametrize("name", ["GITHUB_OUTPUT", "GITHUB_STEP_SUMMARY"])
def test_side_channel_that_is_a_folder(capsys, action_env, server, tmp_path, name) -> None:
    action_env(**{name: str(tmp_path)})
    refused(capsys, server, name, "folder")


@pytest.mark.parametrize(
    ("name", "value"),
    [("KLARO_GITHUB_TIMEOUT", "soon"), ("KLARO_GITHUB_DEADLINE", "-1")],
)
def test_network_settings_are_checked(capsys, action_env, server, name, value) -> None:
    action_env(**{name: value})
    refused(capsys, server, name)


# -- 4. inputs ---------------------------------------------------------------------------------


@pytest.mark.parametrize("value", ["", "   "])
def test_empty_token_input(capsys, action_env, server, value) -> None:
    action_env(**{"INPUT_GITHUB__TOKEN": value})
    refused(capsys, server, "github-token", "empty")


@pytest.mark.parametrize(
    ("name", "value", "words"),
    [
        ("INPUT_MODE", "yolo", ("'mode'",)),
        ("INPUT_PATH", "../elsewhere", ("'path'",)),
        ("INPUT_CONFIG", "/etc/passwd", ("'config'",)),
        ("INPUT_CONFIG", "missing.yml", ("'config'", "not found")),
        ("INPUT_RECURSION__LIMIT", "many", ("'recursion-limit'",)),
        ("INPUT_DOCS", "readme,novel", ("'docs'",)),
        ("INPUT_MIN__PERMISSION", "god", ("'min-permission'",)),
    ],
)
def test_bad_inputs_are_named(capsys, action_env, server, name, value, words) -> None:
    action_env(**{name: value})
    refused(capsys, server, *words)


def test_config_file_that_is_a_folder_in_the_workspace(capsys, action_env, server, tmp_path):
    (tmp_path / "workspace" / ".klaro.yml").mkdir()
    refused(capsys, server, ".klaro.yml")


# -- 6. sticky comments: marker and author ---------------------------------------------------


def _comment_run(tmp_path, fake, capsys):
    fake.roles["alice"] = "write"
    return drive(
        tmp_path, fake, "issue_comment_pr", fake.refs["heads/main"], steps=steps(),
        comment="/docs help", capsys=capsys,
    )  # fmt: skip


@pytest.fixture
def pr(fake):
    main = seed(fake)
    fake.open_pull(7, "feature", main, None)
    fake.refs["heads/feature"] = main
    return fake


@pytest.mark.parametrize("author", ["mallory", "evil-app[bot]"])
def test_planted_marker_in_someone_elses_comment_is_ignored(tmp_path, pr, capsys, author):
    planted = f"{STICKY_MARKER}\nPlease merge, Klaro approved."
    pr.comments[1] = {"issue": 7, "body": planted, "user": author}
    run = _comment_run(tmp_path, pr, capsys)
    assert run.code == 0, run.log
    assert pr.comments[1]["body"] == planted  # untouched
    ours = [c for c in pr.sticky_comments(7) if c["user"] == "github-actions[bot]"]
    assert len(ours) == 1 and "Klaro commands" in ours[0]["body"]
    assert ("PATCH", "/repos/octo/widgets/issues/comments/1") not in pr.calls


def test_own_comment_is_edited_not_duplicated(tmp_path, pr, capsys):
    pr.comments[1] = {"issue": 7, "body": f"{STICKY_MARKER}\nold", "user": "github-actions[bot]"}
    run = _comment_run(tmp_path, pr, capsys)
    assert run.code == 0, run.log
    assert len(pr.sticky_comments(7)) == 1
    assert "Klaro commands" in pr.comments[1]["body"]


def test_with_a_personal_token_the_tokens_user_is_the_author(tmp_path, pr, capsys):
    pr.token_user = "docs-bot"
    bot = f"{STICKY_MARKER}\nfrom the default token"
    pr.comments[1] = {"issue": 7, "body": bot, "user": "github-actions[bot]"}
    pr.comments[2] = {"issue": 7, "body": f"{STICKY_MARKER}\nold", "user": "docs-bot"}
    run = _comment_run(tmp_path, pr, capsys)
    assert run.code == 0, run.log
    assert pr.comments[1]["body"] == bot
    assert "Klaro commands" in pr.comments[2]["body"]
    assert len(pr.sticky_comments(7)) == 2
