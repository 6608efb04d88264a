"""Shapes from the blind wild batch 55 (genomepy, fluidsim), on small repos with the last
commit as the documented state.

- A click command whose decorator adds options from a table (`click.option(*decls)`) takes
  flags we cannot list: its documented flags are not drift, though a renamed command is.
- `os.environ["FLUIDSIM_TYPE_FFT" + dim]` reads the names that start so (`..._FFT2D`).
- "compiling with special options like `-Ofast`": a compiler's flag, not the program's.
"""

from __future__ import annotations

from pathlib import Path

from test_verify_round25_shapes import _drift_after

CLI = """\
import os

import click

OPTIONS = {"provider": {"short": "p", "long": "provider"}}


def custom_options(options):
    def decorator(f):
        for name, spec in options.items():
            decls = ["--" + spec["long"], name]
            click.option(*decls)(f)
        return f

    return decorator


@click.group()
def cli():
    pass


@custom_options(OPTIONS)
@click.argument("name")
@cli.command()
def install(name, **kwargs):
    pass


@cli.command()
@click.option("--size", "-sz", default=1)
def search(size):
    pass


def fft_type(dim):
    return os.environ.get("GENO_TYPE_FFT" + dim, "fftw")
"""

README = """\
# geno

```bash
geno install hg38 --provider ucsc --annotation
geno search --size 3
```

Set `GENO_TYPE_FFT2D=fftw` to pick the transform; build the extension compiling with
special options like `-march=native` and `-Ofast`.
"""


def test_table_made_options_built_variable_names_and_compiler_flags(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "geno"\nversion = "1"\n'
        '[project.scripts]\ngeno = "geno.cli:cli"\n',
        "geno/__init__.py": "",
        "geno/cli.py": CLI,
        "README.md": README,
    }
    changes = {"geno/cli.py": [('@click.option("--size"', '@click.option("--count"')]}
    assert _drift_after(tmp_path / "geno", files, changes) == {("README.md", 5)}
