"""The knowledge base against a real Chroma server (`chroma run`) started on 127.0.0.1."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from klaro.config import load_config
from klaro.knowledge.base import KnowledgeBase
from klaro.knowledge.store import parse_url
from klaro.scan.analyze import analyze_repository

CHROMA = shutil.which("chroma") or str(Path(sys.executable).parent / "chroma")


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.fixture
def chroma_url(tmp_path: Path) -> Iterator[str]:
    if not Path(CHROMA).is_file():
        pytest.skip("the chroma CLI is not installed")
    port = _free_port()
    env = {**os.environ, "NO_PROXY": "127.0.0.1,localhost", "ANONYMIZED_TELEMETRY": "False"}
    proc = subprocess.Popen(
        [
            CHROMA,
            "run",
            "--path",
            str(tmp_path / "server"),
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env=env,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                with urllib.request.urlopen(f"{url}/api/v2/heartbeat", timeout=2):
                    break
            except OSError:
                if proc.poll() is not None or time.monotonic() > deadline:
                    pytest.fail("chroma server did not start")
                time.sleep(0.3)
        yield url
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def test_index_and_search_through_a_chroma_server(
    chroma_url: str, sample_repo: Callable[[str], Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("NO_PROXY", "127.0.0.1,localhost")
    root = sample_repo("knowledge_shop")
    config = load_config(root, env={}, overrides={"chroma.url": chroma_url})
    kb = KnowledgeBase.from_config(config, repository="octo/shop")
    first = kb.index(analyze_repository(root))
    assert first.added > 0
    again = KnowledgeBase.from_config(config, repository="octo/shop")
    assert again.index(analyze_repository(root)).written == 0
    assert again.search("apply a coupon discount")[0].symbol == "shop.pricing.apply_discount"
    names = {c.name for c in again.store.client.list_collections()}
    assert names == {"klaro-octo-shop-code", "klaro-octo-shop-guides"}
    assert not (root / config.chroma.path).exists()  # nothing embedded in the repository


def test_server_urls_are_parsed() -> None:
    assert parse_url("https://chroma.example.com") == ("chroma.example.com", 443, True)
    assert parse_url("http://10.0.0.2:9000/") == ("10.0.0.2", 9000, False)
