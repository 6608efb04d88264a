"""Network faults against real sockets on 127.0.0.1: refused, failing, never answering.

GitHub's API and the model endpoint each get the three faults. Every run ends within its
configured timeouts (1-2 s here), with one line naming the endpoint and what to check; a model
fault falls back to the offline writer only when it is transient (429, 5xx, timeout), while a
wrong key, an unknown model or a refused permission fails the run.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from hostile import (
    PACKAGE,
    SECRETS,
    Responder,
    Run,
    always,
    cli,
    free_port,
    http_server,
    never,
    one_error,
    planted,
    secret_source,
    write_repo,
)

from fakes_github import drive, seed
from klaro.commands.action import steps

PUSH = {"ref": "refs/heads/main", "repository": {"default_branch": "main", "name": "widgets"}}
KEY = SECRETS["openai"]


@pytest.fixture(autouse=True)
def _clean_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    for name in list(os.environ):
        if name.startswith(("GITHUB_", "INPUT_", "KLARO_", "RUNNER_", "OPENAI_")):
            monkeypatch.delenv(name)
    for name in ("HTTP_PROXY", "HTTPS_PROXY", "http_proxy", "https_proxy"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("NO_PROXY", "127.0.0.1,localhost")
    monkeypatch.setenv("KLARO_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("KLARO_EMBEDDING", "hash")


# -- GitHub's API ----------------------------------------------------------------------------


def _action_against(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, api_url: str) -> None:
    workspace = write_repo(tmp_path / "workspace", PACKAGE)
    event = tmp_path / "event.json"
    event.write_text(json.dumps(PUSH))
    (tmp_path / "home").mkdir()
    env = {
        "GITHUB_EVENT_NAME": "push",
        "GITHUB_EVENT_PATH": str(event),
        "GITHUB_REPOSITORY": "octo/widgets",
        "GITHUB_WORKSPACE": str(workspace),
        "GITHUB_API_URL": api_url,
        "GITHUB_SHA": "1" * 40,
        "GITHUB_REF": "refs/heads/main",
        "GITHUB_OUTPUT": str(tmp_path / "output"),
        "GITHUB_STEP_SUMMARY": str(tmp_path / "summary.md"),
        "HOME": str(tmp_path / "home"),
        "INPUT_GITHUB-TOKEN": "ghs_" + "0123456789abcdefghijABCDEFGHIJ",
        "KLARO_GITHUB_TIMEOUT": "1",
        "KLARO_GITHUB_DEADLINE": "2",
    }
    for name, value in env.items():
        monkeypatch.setenv(name, value)


@pytest.mark.parametrize(
    ("respond", "words"),
    [
        (always(500, {"message": "Server Error"}), ("answered 500", "githubstatus")),
        (always(502, {"message": "Bad Gateway"}), ("answered 502", "githubstatus")),
        (never(), ("did not answer in time", "GITHUB_API_URL")),
        (always(401, {"message": "Bad credentials"}), ("401", "github-token")),
    ],
    ids=["500", "502", "never-answers", "401"],
)
def test_github_faults_end_in_one_line_within_the_deadline(
    capsys, tmp_path, monkeypatch, respond: Responder, words
) -> None:
    with http_server(respond) as server:
        _action_against(tmp_path, monkeypatch, server.url)
        run = cli(capsys, "action")
    assert run.code == 1, run.text
    line = one_error(run, *words)
    assert run.seconds < 15, run.seconds
    if "answer" in line or "answered 5" in line:
        assert len(server.requests) >= 2  # a GET is retried before giving up
    assert "failed" in (tmp_path / "output").read_text()


def test_github_refusing_connections(capsys, tmp_path, monkeypatch) -> None:
    url = f"http://127.0.0.1:{free_port()}"
    _action_against(tmp_path, monkeypatch, url)
    run = cli(capsys, "action")
    assert run.code == 1, run.text
    one_error(run, url, "could not be reached", "GITHUB_API_URL")
    assert run.seconds < 15


def test_refused_patch_of_a_ref_is_retried(tmp_path, fake, capsys) -> None:
    first = seed(fake)
    assert drive(tmp_path, fake, "workflow_dispatch", first, steps=steps()).code == 0
    changed = dict(fake.files_at(first))
    changed["widgets/core.py"] += "\n\ndef wave() -> None:\n    '''Wave.'''\n"
    second = fake.commit(changed, "Add wave()", first)
    fake.refs["heads/main"] = second
    fake.fail_next("PATCH", r"/git/refs/heads/klaro/docs", 502, "Bad Gateway")
    run = drive(tmp_path, fake, "workflow_dispatch", second, steps=steps(), capsys=capsys)
    assert run.code == 0, run.log
    patches = [
        c for c in fake.calls if c == ("PATCH", "/repos/octo/widgets/git/refs/heads/klaro/docs")
    ]
    assert len(patches) == 2  # the 502, then the retry that moved the branch
    assert "wave" in fake.files_at(fake.refs["heads/klaro/docs"])["docs/api.md"]


def test_failed_post_of_a_comment_is_not_sent_twice(tmp_path, fake, capsys) -> None:
    main = seed(fake)
    fake.open_pull(7, "feature", main, None)
    fake.refs["heads/feature"] = main
    fake.roles["alice"] = "write"
    fake.fail_next("POST", r"/issues/7/comments", 502, "Bad Gateway")
    run = drive(
        tmp_path, fake, "issue_comment_pr", main, steps=steps(), comment="/docs help",
        capsys=capsys,
    )  # fmt: skip
    assert run.code == 1, run.log
    one_error(run_log(run.log), "comment on #7", "502")
    posts = [c for c in fake.calls if c == ("POST", "/repos/octo/widgets/issues/7/comments")]
    # A 5xx after a POST may have created it: the help is never posted again. The one other
    # POST is the failure reply telling the commenter what went wrong.
    assert len(posts) == 2
    bodies = [c["body"] for c in fake.comments.values()]
    assert len(bodies) == 1 and "could not finish" in bodies[0], bodies


def run_log(log: str) -> Run:
    return Run(1, log, "")


# -- the model endpoint ----------------------------------------------------------------------


def _chat_error(status: int, code: str, message: str) -> Responder:
    return always(status, {"error": {"message": message, "type": code, "code": code}})


@pytest.fixture
def model_repo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("KLARO_API_KEY", KEY)
    monkeypatch.setenv("KLARO_REQUEST_TIMEOUT", "1")
    monkeypatch.setenv("KLARO_MAX_RETRIES", "0")
    return write_repo(tmp_path / "repo", {**PACKAGE, "widgets/client.py": secret_source()})


TRANSIENT = {
    "500": _chat_error(500, "server_error", "The server had an error"),
    "503": _chat_error(503, "overloaded", "Overloaded"),
    "429": _chat_error(429, "rate_limit_exceeded", "Rate limit reached"),
    "never-answers": never(),
}
FATAL = {
    "401": (_chat_error(401, "invalid_api_key", "Incorrect API key provided"), "(401)"),
    "403": (_chat_error(403, "model_not_allowed", "Project has no access"), "(403)"),
    "404": (_chat_error(404, "model_not_found", "The model does not exist"), "(404)"),
    "quota": (_chat_error(429, "insufficient_quota", "You exceeded your quota"), "quota"),
    "400": (_chat_error(400, "invalid_request_error", "Bad request"), "refused the request"),
}


@pytest.fixture
def served(model_repo: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable]:
    servers = []

    def start(respond: Responder) -> str:
        cm = http_server(respond)
        server = cm.__enter__()
        servers.append((cm, server))
        monkeypatch.setenv("KLARO_BASE_URL", server.url + "/v1")
        return server.url + "/v1"

    yield start
    for cm, server in servers:
        for _, _, body in server.requests:
            assert planted(body) == [], "a planted secret reached the model"
        cm.__exit__(None, None, None)


@pytest.mark.parametrize("fault", sorted(TRANSIENT))
def test_transient_model_fault_falls_back_to_the_offline_writer(
    capsys, model_repo: Path, served, fault: str
) -> None:
    served(TRANSIENT[fault])
    run = cli(capsys, "generate", str(model_repo), "--doc", "readme")
    assert run.code == 0, run.text
    assert "agent model_error README.md" in run.err
    assert (
        "## Installation" in (model_repo / "README.md").read_text()
        or (model_repo / "README.md").is_file()
    )
    assert run.seconds < 15
    assert KEY not in run.text and planted(run.text) == []


@pytest.mark.parametrize("fault", sorted(FATAL))
def test_setup_model_fault_fails_the_run(capsys, model_repo: Path, served, fault: str) -> None:
    respond, word = FATAL[fault]
    url = served(respond)
    run = cli(capsys, "generate", str(model_repo), "--doc", "readme")
    assert run.code == 1, run.text
    one_error(run, url, word)
    assert not (model_repo / "README.md").exists()  # nothing written on a failed run
    assert KEY not in run.text


def test_model_endpoint_refusing_connections_fails_the_run(
    capsys, model_repo: Path, monkeypatch
) -> None:
    url = f"http://127.0.0.1:{free_port()}/v1"
    monkeypatch.setenv("KLARO_BASE_URL", url)
    run = cli(capsys, "generate", str(model_repo), "--doc", "readme")
    assert run.code == 1, run.text
    one_error(run, url, "could not be reached", "base_url")
    assert run.seconds < 15


@pytest.mark.parametrize(("fault", "code"), [("500", 0), ("401", 1)])
def test_ask_with_a_failing_model(capsys, model_repo, served, monkeypatch, fault, code) -> None:
    monkeypatch.delenv("KLARO_API_KEY")
    assert cli(capsys, "index", str(model_repo)).code == 0
    monkeypatch.setenv("KLARO_API_KEY", KEY)
    served(TRANSIENT[fault] if fault in TRANSIENT else FATAL[fault][0])
    monkeypatch.chdir(model_repo)
    run = cli(capsys, "ask", "How do I greet someone?")
    assert run.code == code, run.text
    if code == 0:
        assert "widgets/core.py" in run.out  # answered from the cited passages alone
    else:
        one_error(run, "(401)")
    assert planted(run.text) == [] and KEY not in run.text
