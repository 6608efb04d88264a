"""The one way Klaro writes files: proven inside a base folder, then replaced atomically.

A repository is untrusted: its `docs/` or `.klaro/` may be a symlink to a folder outside it,
and a planted link would make an ordinary write land in someone's home directory. So every
path Klaro writes is resolved (every symlink followed) and must still lie inside its base (the
repository, the state folder or the cache folder) before anything is opened; a path that leaves
it is refused with one line. Files are written to a temporary file beside the target and
renamed over it, so a crash or a full disk leaves the old file or the new one, never half of
one. Folders are created only after the same check, and a file standing where a folder must be
(`.klaro` as a file) is named, not met with a traceback.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from klaro.errors import KlaroError


class UnsafePathError(KlaroError):
    """A path Klaro would write resolves outside the folder it must stay in."""


def _shown(base: Path, target: Path) -> str:
    """The path as the user knows it: relative to the base when it was given that way."""
    try:
        return target.relative_to(base).as_posix()
    except ValueError:
        return str(target)


def inside(base: Path, target: Path, *, what: str = "") -> Path:
    """Resolve `target` (following every symlink) and prove it lies in `base`; return it."""
    real_base = base.resolve()
    full = target if target.is_absolute() else base / target
    try:
        real = full.resolve()
    except (OSError, RuntimeError) as exc:  # a symlink loop
        raise UnsafePathError(f"{what or _shown(base, full)}: cannot resolve: {exc}") from None
    if real != real_base and not real.is_relative_to(real_base):
        label = what or _shown(base, full)
        raise UnsafePathError(
            f"{label}: resolves to {real}, outside {real_base}; refusing to write through a "
            "symlink that leaves it (replace the link with a real folder or file)"
        )
    return real


def ensure_dir(base: Path, folder: Path, *, what: str = "") -> Path:
    """Create `folder` (and parents) inside `base` after proving it stays there; return it."""
    real = inside(base, folder, what=what)
    real_base = base.resolve()
    # Name the first part that exists but is not a folder (`.klaro` as a file, say).
    for part in [real, *real.parents]:
        if part == real_base or not part.is_relative_to(real_base):
            break
        if part.exists() and not part.is_dir():
            label = _shown(real_base, part)
            raise KlaroError(f"{label}: is a file, but Klaro needs a folder there; move it away")
    try:
        real.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        label = what or _shown(base, folder)
        raise KlaroError(f"{label}: cannot create folder: {exc.strerror or exc}") from None
    return inside(base, real, what=what)  # a link swapped in meanwhile is caught here


def no_links_inside(base: Path, folder: Path, *, what: str = "") -> None:
    """Refuse a folder a third party filled (a store) if anything in it leaves `base`."""
    if not folder.is_dir():
        return
    for current, dirs, files in os.walk(folder):
        for name in [*dirs, *files]:
            path = Path(current) / name
            if path.is_symlink():
                inside(base, path, what=what and f"{what}: {_shown(folder, path)}")


def write_text(base: Path, target: Path, text: str, *, what: str = "") -> Path:
    """Write `text` as UTF-8 (newlines as given) to `target` inside `base`, atomically."""
    return write_bytes(base, target, text.encode("utf-8"), what=what)


def write_bytes(base: Path, target: Path, data: bytes, *, what: str = "") -> Path:
    """Write `data` to `target` inside `base` through a temporary file and a rename."""
    real = inside(base, target, what=what)
    label = what or _shown(base, target)
    if real.is_dir():
        raise KlaroError(f"{label}: is a folder, expected a file")
    parent = ensure_dir(base, real.parent, what=what)
    fd, tmp = tempfile.mkstemp(dir=parent, prefix=f".{real.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        if real.exists():  # keep the file's permissions, not mkstemp's 0600
            os.chmod(tmp, real.stat().st_mode & 0o7777)
        else:
            os.chmod(tmp, 0o666 & ~_umask())
        os.replace(tmp, real)
    except OSError as exc:
        Path(tmp).unlink(missing_ok=True)
        raise KlaroError(f"{label}: cannot write: {exc.strerror or exc}") from None
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return real


def _umask() -> int:
    current = os.umask(0)
    os.umask(current)
    return current
