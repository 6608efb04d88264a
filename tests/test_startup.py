"""The CLI starts in a blink: engines load only inside the commands that use them.

Each check runs in a fresh interpreter, since this test process has long imported everything.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

ENGINES = frozenset(
    {
        "openai",
        "langchain_core",
        "langchain_openai",
        "langgraph",
        "chromadb",
        "numpy",
        "bm25s",
        "networkx",
        "griffe",
        "github",
        "tqdm",
        "yaml",
    }
)


def _loaded_after(code: str, cwd: Path | None = None) -> set[str]:
    """Run `code` in a new interpreter; return the top-level packages it imported."""
    script = f"{code}\nimport json, sys\nprint(json.dumps(sorted(sys.modules)), file=sys.stderr)"
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, cwd=cwd, check=False
    )
    modules = json.loads(done.stderr.strip().splitlines()[-1])
    return {m.split(".")[0] for m in modules}


def test_importing_the_cli_loads_no_engine() -> None:
    assert _loaded_after("import klaro.cli") & ENGINES == set()


def test_version_loads_no_engine() -> None:
    code = "from klaro.cli import main\ntry:\n    main(['--version'])\nexcept SystemExit:\n    pass"
    assert _loaded_after(code) & ENGINES == set()


def test_check_loads_only_what_it_uses(sample_repo: Callable[[str], Path], tmp_path: Path) -> None:
    root = sample_repo("analysis_lib")
    cache = tmp_path / "cache"
    code = (
        "import os\n"
        f"os.environ['KLARO_CACHE_DIR'] = {str(cache)!r}\n"
        "from klaro.cli import main\n"
        f"main(['check', {str(root)!r}, '-q'])"
    )
    # the check needs no model, no vector store, no graph and no docstring parser
    assert _loaded_after(code) & ENGINES == set()


def test_analyze_loads_no_writer_or_model(
    sample_repo: Callable[[str], Path], tmp_path: Path
) -> None:
    root = sample_repo("analysis_lib")
    code = f"from klaro.cli import main\nmain(['analyze', {str(root)!r}, '--no-cache'])"
    loaded = _loaded_after(code)
    assert loaded & ENGINES <= {"networkx"}  # the ranking of central symbols needs the graph


def test_cached_analyze_rebuilds_no_graph(
    sample_repo: Callable[[str], Path], tmp_path: Path
) -> None:
    root = sample_repo("analysis_lib")
    code = (
        "import os\n"
        f"os.environ['KLARO_CACHE_DIR'] = {str(tmp_path / 'cache')!r}\n"
        "from klaro.cli import main\n"
        f"main(['analyze', {str(root)!r}])"
    )
    assert "networkx" in _loaded_after(code)  # the first run builds and ranks the graph
    assert "networkx" not in _loaded_after(code)  # the second reads graph and ranking back
