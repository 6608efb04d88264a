"""An OpenAI-compatible chat.completions server on 127.0.0.1, speaking the real wire format.

Each POST to `/v1/chat/completions` takes the next scripted reply: a 200 completion (text or
tool calls, with `usage`) or an error status with headers, as the real API sends for rate
limits. Every request body and header is kept for assertions.
"""

from __future__ import annotations

import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

Reply = tuple[int, dict[str, str], dict[str, Any]]


def completion(
    message: dict[str, Any], prompt_tokens: int = 100, completion_tokens: int = 20
) -> Reply:
    finish = "tool_calls" if message.get("tool_calls") else "stop"
    body = {
        "id": "chatcmpl-test",
        "object": "chat.completion",
        "created": 1700000000,
        "model": "gpt-4o-mini",
        "choices": [{"index": 0, "message": message, "logprobs": None, "finish_reason": finish}],
        "usage": {
            "prompt_tokens": prompt_tokens,
            "completion_tokens": completion_tokens,
            "total_tokens": prompt_tokens + completion_tokens,
        },
    }
    return 200, {}, body


def text(content: str, **usage: int) -> Reply:
    return completion({"role": "assistant", "content": content}, **usage)


def tool_calls(*calls: tuple[str, str, dict[str, Any] | str], **usage: int) -> Reply:
    """Tool calls as (id, name, arguments); string arguments are sent as they are (even broken)."""
    wire = [
        {
            "id": call_id,
            "type": "function",
            "function": {
                "name": name,
                "arguments": args if isinstance(args, str) else json.dumps(args),
            },
        }
        for call_id, name, args in calls
    ]
    return completion({"role": "assistant", "content": None, "tool_calls": wire}, **usage)


def slow(seconds: float, reply: Reply) -> Reply:
    """`reply`, sent only after `seconds` (a client with a shorter timeout gives up first)."""
    status, headers, body = reply
    return status, {**headers, _DELAY: str(seconds)}, body


_DELAY = "X-Fake-Delay"  # read by the server, never sent


def rate_limited(retry_after: str = "0") -> Reply:
    error = {"message": "Rate limit reached", "type": "requests", "code": "rate_limit_exceeded"}
    return 429, {"Retry-After": retry_after}, {"error": error}


class FakeOpenAI:
    """Start with `with FakeOpenAI(replies) as server:`; `server.url` is the base_url."""

    def __init__(self, replies: list[Reply]) -> None:
        self.replies = list(replies)
        self.requests: list[dict[str, Any]] = []
        self.raw: list[bytes] = []
        self.headers: list[dict[str, str]] = []
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self._server.server_address[1]}/v1"

    def __enter__(self) -> FakeOpenAI:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._server.shutdown()
        self._server.server_close()
        self._thread.join(timeout=5)

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        fake = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                data = self.rfile.read(int(self.headers.get("Content-Length", 0)))
                fake.raw.append(data)
                fake.requests.append(json.loads(data))
                fake.headers.append(dict(self.headers))
                if self.path.rstrip("/") != "/v1/chat/completions" or not fake.replies:
                    status, headers, body = 500, {}, {"error": {"message": "no scripted reply"}}
                else:
                    status, headers, body = fake.replies.pop(0)
                if _DELAY in headers:
                    headers = dict(headers)
                    time.sleep(float(headers.pop(_DELAY)))
                payload = json.dumps(body).encode()
                try:
                    self.send_response(status)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(payload)))
                    for name, value in headers.items():
                        self.send_header(name, value)
                    self.end_headers()
                    self.wfile.write(payload)
                except (BrokenPipeError, ConnectionResetError):
                    pass  # the client timed out and hung up, as it may with a real server

            def log_message(self, format: str, *args: Any) -> None:
                pass  # keep test output clean

        return Handler
