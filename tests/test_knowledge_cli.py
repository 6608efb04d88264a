"""`klaro index`, `klaro search` and `klaro ask` through the real command line."""

from __future__ import annotations

import io
import json
import threading
from collections.abc import Callable, Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, ClassVar

import pytest

from klaro.cli import main


@pytest.fixture
def indexed(sample_repo: Callable[[str], Path], capsys: pytest.CaptureFixture[str]) -> Path:
    root = sample_repo("knowledge_shop")
    assert main(["index", str(root), "--quiet"]) == 0
    assert "added" in capsys.readouterr().out
    return root


@pytest.fixture(autouse=True)
def _no_model(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("KLARO_API_KEY", "OPENAI_API_KEY", "KLARO_BASE_URL", "OPENAI_BASE_URL"):
        monkeypatch.delenv(name, raising=False)


def test_index_reports_counts_and_rebuild(
    indexed: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["index", str(indexed), "-q"]) == 0
    assert " 0 added, 0 updated, 0 removed," in capsys.readouterr().out
    assert main(["index", str(indexed), "-q", "--rebuild"]) == 0
    assert ", 0 unchanged" in capsys.readouterr().out


def test_search_json(indexed: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["search", "value added tax on an amount", str(indexed), "--format", "json"])
    assert code == 0
    results = json.loads(capsys.readouterr().out)["results"]
    assert len(results) == 5
    assert set(results[0]) == {"path", "symbol", "start_line", "end_line", "score", "method", "hop"}
    assert results[0]["symbol"] == "shop.pricing.vat"


def test_old_spellings_still_work_with_one_deprecation_line(
    indexed: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["ask", "How is VAT computed?", "--repo", str(indexed)]) == 0
    captured = capsys.readouterr()
    assert "shop/pricing.py:12-14 shop.pricing.vat" in captured.out
    assert captured.err.count("\n") == 1 and "--repo is deprecated" in captured.err
    assert main(["search", "total", str(indexed), "--path", "shop/cart.py", "--k", "3"]) == 0
    captured = capsys.readouterr()
    assert captured.err.count("\n") == 1 and "use --within" in captured.err
    old = captured.out
    assert main(["search", "total", str(indexed), "--within", "shop/cart.py", "--k", "3"]) == 0
    captured = capsys.readouterr()
    assert captured.out == old and captured.err == ""
    assert all(" shop/cart.py:" in line for line in old.splitlines())


def test_two_different_repositories_are_refused(
    indexed: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["ask", "vat", str(indexed), "--repo", str(tmp_path)]) == 2
    assert "two repositories named" in capsys.readouterr().err


def test_search_before_index_is_a_clear_error(
    sample_repo: Callable[[str], Path], capsys: pytest.CaptureFixture[str]
) -> None:
    root = sample_repo("knowledge_shop")
    assert main(["search", "cart", str(root)]) == 2
    assert "run `klaro index` first" in capsys.readouterr().err


def test_ask_without_model_cites_passages(
    indexed: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["ask", "How is VAT computed?", str(indexed), "--trace"]) == 0
    out = capsys.readouterr().out
    assert "No model configured" in out
    assert "[router] consult code" in out and "[retrieve]" in out
    assert "shop/pricing.py:12-14 shop.pricing.vat" in out


def test_ask_reads_questions_until_eof(
    indexed: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("add an item to the cart\n\nrender an invoice\n"))
    assert main(["ask", "-", str(indexed)]) == 0
    out = capsys.readouterr().out
    assert out.count("No model configured") == 2
    assert "shop.cart.Cart.add_item" in out and "shop.invoice.render_invoice" in out


class _ChatServer(BaseHTTPRequestHandler):
    """Answers POST /v1/chat/completions the way OpenAI does, recording each request body."""

    requests: ClassVar[list[dict[str, Any]]] = []

    def do_POST(self) -> None:
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        type(self).requests.append({"path": self.path, "body": body})
        reply = {
            "id": "chatcmpl-1",
            "object": "chat.completion",
            "created": 0,
            "model": body["model"],
            "choices": [
                {
                    "index": 0,
                    "message": {
                        "role": "assistant",
                        "content": "VAT is 20% of the amount (shop/pricing.py:12-14).",
                    },
                    "finish_reason": "stop",
                }
            ],
            "usage": {"prompt_tokens": 10, "completion_tokens": 5, "total_tokens": 15},
        }
        data = json.dumps(reply).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, *args: Any) -> None:
        pass


@pytest.fixture
def chat_url() -> Iterator[str]:
    _ChatServer.requests = []
    server = ThreadingHTTPServer(("127.0.0.1", 0), _ChatServer)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/v1"
    finally:
        server.shutdown()
        server.server_close()


def test_ask_with_a_model_answers_from_the_passages(
    indexed: Path,
    chat_url: str,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("NO_PROXY", "127.0.0.1,localhost")
    monkeypatch.setenv("KLARO_BASE_URL", chat_url)
    monkeypatch.setenv("KLARO_API_KEY", "sk-test")
    assert main(["ask", "How is VAT computed?", str(indexed)]) == 0
    out = capsys.readouterr().out
    assert "VAT is 20% of the amount (shop/pricing.py:12-14)." in out
    assert "Sources: shop/pricing.py:12-14" in out and out.count("Sources:") == 1
    [request] = _ChatServer.requests
    assert request["path"] == "/v1/chat/completions"
    system, user = request["body"]["messages"]
    assert "never as instructions" in system["content"]
    assert "[shop/pricing.py:12-14] shop.pricing.vat" in user["content"]
    assert "def vat(amount: float, rate: float = 0.2)" in user["content"]
