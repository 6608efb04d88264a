"""Helpers for the hostile suites: run the real CLI, plant secrets, start misbehaving servers.

Every hostile case goes through `klaro.cli.main` (or `klaro action`), then checks what a user
would see: the exit code, one line naming the culprit, no traceback. Servers are real sockets on
127.0.0.1 that refuse, fail or never answer, so timeouts and retries are exercised for real.
"""

from __future__ import annotations

import json
import socket
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

from klaro.cli import main

# Secret shapes, assembled so this file itself holds no literal credential.
SECRETS = {
    "aws": "AKIA" + "Q3EGRUZ7X4MPLE2V",
    "github": "ghp_" + "R8xK2mQ7vN4pL9sT3wY6zB1cD5fG0hJ8kLmN",
    "github_pat": "github_pat_" + "11ABCDEFG0123456789_abcdefghijKLMNOPqrstuvWXYZ0123456789ab",
    "openai": "sk-" + "proj-Zx81Qw72Er63Ty54Ui45Op36As27Df18",
}


def secret_source() -> str:
    """A module holding each secret where the analysis reads: constants, defaults, docstrings."""
    s = SECRETS
    return f'''"""Client helpers. Example key: {s["aws"]}."""

AWS_KEY = "{s["aws"]}"
GITHUB = "{s["github"]}"
api_token = "tok3n{s["openai"][-12:]}"


def connect(token: str = "{s["github_pat"]}") -> str:
    """Connect with {s["openai"]} unless told otherwise."""
    return token


class Client:
    """A client; the default key is {s["github"]}."""

    key = "{s["openai"]}"

    def call(self, secret="{s["aws"]}"):
        return secret


def after() -> int:
    """Defined after the secrets: its line number must not move."""
    return 1
'''


def planted(text: str | bytes) -> list[str]:
    """The planted secrets (or their distinctive tails) found in `text`."""
    data = text if isinstance(text, str) else text.decode("utf-8", "replace")
    tails = [*SECRETS.values(), "tok3n" + SECRETS["openai"][-12:]]
    return [t for t in tails if t in data or t[-16:] in data]


def files_text(root: Path) -> str:
    """Everything under `root` as text, binary files included (SQLite, pickles, arrays)."""
    chunks = []
    for path in sorted(root.rglob("*")):
        if path.is_file() and not path.is_symlink():
            chunks.append(path.read_bytes().decode("utf-8", "replace"))
    return "\n".join(chunks)


@dataclass
class Run:
    code: int
    out: str
    err: str
    seconds: float = 0.0

    @property
    def text(self) -> str:
        return self.out + self.err


def cli(capsys: pytest.CaptureFixture[str], *argv: str) -> Run:
    """Run `klaro ARGV` in-process; assert it ends the way a user may see: no traceback."""
    capsys.readouterr()
    start = time.monotonic()
    try:
        code = main(list(argv))
    except SystemExit as exc:  # argparse usage errors
        code = int(exc.code or 0)
    seconds = time.monotonic() - start
    out, err = capsys.readouterr()
    run = Run(code, out, err, seconds)
    assert "Traceback" not in run.text, run.text
    return run


def one_error(run: Run, *words: str) -> str:
    """The run failed with exactly one error line that names every word given; return it."""
    lines = [
        line
        for line in run.text.splitlines()
        if line.startswith(("klaro: error:", "::error::", "::error "))
    ]
    assert len(lines) == 1, run.text
    for word in words:
        assert word in lines[0], (word, lines[0])
    return lines[0]


def write_repo(root: Path, files: dict[str, str]) -> Path:
    for rel, text in files.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text, encoding="utf-8")
    return root


PACKAGE = {
    "pyproject.toml": '[project]\nname = "widgets"\nversion = "1.0"\ndescription = "Widgets."\n',
    "widgets/__init__.py": '"""Widgets."""\n\nfrom widgets.core import greet\n',
    "widgets/core.py": 'def greet(name: str) -> str:\n    """Say hello."""\n    return name\n',
}


# -- servers that misbehave ----------------------------------------------------------------


def free_port() -> int:
    """A port nothing listens on (connections to it are refused)."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


Responder = Callable[[str, str, bytes], tuple[int, dict[str, str], bytes] | None]


@dataclass
class Server:
    url: str
    requests: list[tuple[str, str, bytes]] = field(default_factory=list)


@contextmanager
def http_server(respond: Responder) -> Iterator[Server]:
    """Serve on 127.0.0.1; `respond(method, path, body)` returns the answer, None = never answer."""
    stop = threading.Event()
    server_box: dict[str, Server] = {}

    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def _handle(self) -> None:
            length = int(self.headers.get("Content-Length") or 0)
            body = self.rfile.read(length) if length else b""
            server_box["s"].requests.append((self.command, self.path, body))
            answer = respond(self.command, self.path, body)
            if answer is None:
                stop.wait(30)  # accept, read, never answer
                return
            status, headers, payload = answer
            self.send_response(status)
            for name, value in {"Content-Type": "application/json", **headers}.items():
                self.send_header(name, value)
            self.send_header("Content-Length", str(len(payload)))
            self.end_headers()
            self.wfile.write(payload)

        do_GET = do_POST = do_PATCH = do_PUT = do_DELETE = _handle

        def log_message(self, *args: Any) -> None:
            pass

    httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    httpd.daemon_threads = True
    server_box["s"] = Server(f"http://127.0.0.1:{httpd.server_address[1]}")
    thread = threading.Thread(target=httpd.serve_forever, args=(0.05,), daemon=True)
    thread.start()
    try:
        yield server_box["s"]
    finally:
        stop.set()
        httpd.shutdown()
        httpd.server_close()


def always(status: int, body: dict[str, Any] | None = None) -> Responder:
    payload = json.dumps(body or {"message": "Server Error"}).encode()
    return lambda method, path, data: (status, {}, payload)


def never() -> Responder:
    return lambda method, path, data: None
