"""Secrets written in code never travel into generated docs or `ask` answers."""

from __future__ import annotations

from pathlib import Path

from klaro import app
from klaro.config import load_config
from klaro.scan.graph import build_graph

GITHUB_TOKEN = "ghp_abcdefghijklmnopqrstuvwxyz0123456789"
OPENAI_KEY = "sk-proj-abcdefghijklmnopqrstuvwx"


def _repo(root: Path) -> Path:
    (root / "pkg").mkdir()
    (root / "pkg" / "__init__.py").write_text(
        '"""Pkg."""\n'
        f'API_TOKEN = "{GITHUB_TOKEN}"\n\n\n'
        f'def connect(token: str = "{OPENAI_KEY}", retries: int = 3) -> None:\n'
        '    """Connect."""\n'
    )
    (root / "pyproject.toml").write_text('[project]\nname = "pkg"\nversion = "1"\n')
    (root / "README.md").write_text("# pkg\n\nHand-written, kept as is.\n")
    return root


def test_generated_docs_mask_credentials_found_in_code(tmp_path: Path) -> None:
    config = load_config(_repo(tmp_path), env={})
    analysis = app.analyze(config)
    changes = app.generate(config, analysis, build_graph(analysis), docs=["readme", "api"])
    text = "".join(c.after for c in changes)
    assert "connect(token: str = '[REDACTED]', retries: int = 3)" in text
    assert GITHUB_TOKEN not in text and OPENAI_KEY not in text
    assert changes[0].after.startswith("# pkg\n\nHand-written, kept as is.\n")


def test_ask_masks_credentials_in_passages_and_answers(tmp_path: Path) -> None:
    from fakes.openai_server import FakeOpenAI, text
    from klaro.agent.model import make_chat_model
    from klaro.knowledge.ask import ask
    from klaro.knowledge.base import KnowledgeBase
    from klaro.redact import Redactor

    (tmp_path / "repo").mkdir()
    root = _repo(tmp_path / "repo")
    config = load_config(root, env={})
    kb = KnowledgeBase.from_config(config)
    kb.index(app.analyze(config))
    offline = ask(kb, "which token does connect use?", redactor=Redactor())
    assert GITHUB_TOKEN not in offline.text and OPENAI_KEY not in offline.text
    echo = f"It uses {OPENAI_KEY} [pkg/__init__.py:4]"  # a model that repeats what it read
    with FakeOpenAI([text(echo)]) as server:
        model_config = load_config(root, env={}, overrides={"base_url": server.url})
        answer = ask(kb, "which token does connect use?", make_chat_model(model_config))
    sent = b"".join(server.raw).decode()
    assert "connect" in sent  # the passage did reach the model...
    assert GITHUB_TOKEN not in sent and OPENAI_KEY not in sent  # ...without the secrets
    assert OPENAI_KEY not in answer.text and "[REDACTED]" in answer.text
