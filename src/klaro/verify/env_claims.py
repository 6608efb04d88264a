"""Environment variables that pages name: whether the code reads them.

The code's reads (`os.environ`, `os.getenv`, helpers that pass their parameter on, names kept
in constants) are collected by the scan; a page's variable is stale when the documented state
read it and the code reads it no more, and unknown when it carries the project's prefix but
no read has that name. A project that reads variables by a prefix scan (`APP_*`) may read any.
"""

from __future__ import annotations

import difflib
import re

from klaro.verify.former import Former
from klaro.verify.index import ProjectIndex
from klaro.verify.outcome import Outcome
from klaro.verify.refs import Reference
from klaro.verify.wording import namespaced_twins

# pages about running the tests or working on the project
_TESTING_PAGE = re.compile(r"test|contribut|develop|hacking", re.IGNORECASE)
# words of a page that speaks of the environment: "environment", `env`, ``export X=``,
# `$X`, `${X}`, `%X%`, `setenv`
_ENVIRONMENT = re.compile(
    r"environ|\benv\b|\bexport\s+[A-Za-z_]|\$\{?[A-Za-z_]|%[A-Za-z_]\w*%|\bsetenv\b", re.I
)


# a variable's name with a stand-in for its last word: `BORG_XXX`
_STAND_IN = re.compile(r"^([A-Z][A-Z0-9]*_(?:[A-Z0-9]+_)*)X{3,}$")
# a stand-in for a word inside one: the version of `POSTGRES_NN_PORT`
_STAND_IN_PART = re.compile(r"_(?:N{1,3}|X{1,3})_")


def speaks_of_environment(lines: list[str]) -> bool:
    """Whether a page says anything of environment variables."""
    return any(_ENVIRONMENT.search(line) for line in lines)


_TEMPLATED_FAMILY = re.compile(r"[{<\[]([A-Z][A-Z0-9_]*)[}>\]](_[A-Z][A-Z0-9_]*)\b")


def templated_suffixes(lines: list[str]) -> frozenset[str]:
    """The ends of the variable names a page writes with a placeholder first: `_BINARY` of
    `{PLUGIN}_BINARY`, `_TOKEN` of `<SERVICE>_TOKEN`."""
    return frozenset(m[2] for line in lines for m in _TEMPLATED_FAMILY.finditer(line))


UPPER_NAME = re.compile(r"\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b")


def _expanded(text: str, name: str) -> bool:
    """Whether `text` writes `name` as a shell expansion (`$NAME`, `${NAME}`): its value."""
    return re.search(r"\$\{?" + re.escape(name) + r"\b", text) is not None


class EnvClaims:
    """Judge environment variables against one project's reads."""

    def __init__(self, index: ProjectIndex, former: Former | None) -> None:
        self.index = index
        self.former = former
        self.page_reads: set[str] = set()  # what the current page's own scripts read
        self.quiet = False  # whether the current page never speaks of the environment
        # the ends of the variable families the current page writes with a placeholder first
        # (abx-dl's `{PLUGIN}_BINARY`): `CHROME_BINARY` on it is one of that family
        self.page_suffixes: frozenset[str] = frozenset()
        self.page_names: frozenset[str] = frozenset()  # the upper-case names the page writes

    def read(self, name: str) -> bool:
        """Whether the code reads the variable `name`, or read it at the documented state."""
        if name in self.index.env_vars:
            return True
        return self.former is not None and self.former.env(name) is not None

    def family(self, ref: Reference, prefix: str, *, alone: bool = False) -> Outcome:
        """`KEYRING_PROPERTY_{NAME}`, `APP_*`: the variables the code reads by that start.
        A start written `alone` (``RQ_REDIS_``) may be a pattern's (eth-ape's
        ``APE_PLUGINNAME_``): stale only when the code read variables so starting."""
        index = self.index
        if (
            any(p.startswith(prefix) or prefix.startswith(p) for p in index.env_patterns)
            or prefix in index.env_prefix_literals
            or any(v.startswith(prefix) for v in index.env_vars)
        ):
            return Outcome("resolved", ref, prefix)
        old = self.former.env_family(prefix) if self.former is not None else None
        if old is not None and not index.env_scanned:
            return Outcome(
                "unresolved",
                ref,
                message=f"the code reads no environment variable that starts with `{prefix}` "
                f"any more (it read `{old[0]}` at {old[1]})",
            )
        if alone or not any(prefix.startswith(p) for p in index.env_prefixes) or index.env_scanned:
            return Outcome("ignored", ref)
        if any(prefix.startswith(p) for p in index.env_families):
            return Outcome("ignored", ref)  # caldav's "``CALDAV_*`` variables apply"
        if any(key.startswith(prefix) for key in index.key_literals):
            return Outcome("ignored", ref)  # `AXES_*` settings: keys the code reads by name
        return Outcome(
            "unresolved",
            ref,
            message=f"the code reads no environment variable that starts with `{prefix}`",
            suggestions=tuple(sorted(p + "*" for p in index.env_prefix_literals)[:3]),
        )

    def claim(self, ref: Reference, name: str, bare: bool = False) -> Outcome:
        """A variable a page names (`APP_DEBUG`, ``export APP_DEBUG=1``): one the code reads,
        one it read at the documented state, or one under its prefixes that it reads not.

        A `bare` name (a span holding the word alone) under a prefix taken only from a read,
        on a page that never speaks of the environment, is some other upper-case name: gwpy
        reads `LIGO_DATAFIND_SERVER`, and its ``LIGO_LW`` is an XML format."""
        index = self.index
        if name in index.env_vars or any(name.startswith(p) for p in index.env_patterns):
            return Outcome("resolved", ref, name)
        if stand_in := _STAND_IN.match(name):
            return self.family(ref, stand_in.group(1))  # "a BORG_XXX environment variable"
        if _STAND_IN_PART.search(name):
            # pytest-databases' `POSTGRES_NN_PORT` for its `POSTGRES_11_PORT` and kin: the
            # stand-in holds any word of one that is read
            shape = re.compile(_STAND_IN_PART.sub("_[A-Z0-9]+_", re.escape(name)) + r"\Z")
            if any(shape.match(v) for v in index.env_vars):
                return Outcome("resolved", ref, name)
        if any(name.endswith(s) and len(name) > len(s) for s in index.env_suffixes):
            return Outcome("resolved", ref, name)  # `SPACY_LOG_FRIENDLY`: any prefix
        old = self.former.env(name) if self.former is not None else None
        if old is not None:  # `NO_COLOR` the code read at the documented state, and no more
            return Outcome(
                "unresolved",
                ref,
                message=f"`{name}` is no longer an environment variable the code reads "
                f"(it was at {old[1]})",
                suggestions=tuple(difflib.get_close_matches(name, sorted(index.env_vars), n=3)),
            )
        if name in self.page_reads:
            return Outcome("ignored", ref)  # read by a script the page gives, not the code
        if any(name.endswith(s) and len(name) > len(s) for s in self.page_suffixes):
            return Outcome("ignored", ref)  # an instance of the page's `{PLUGIN}_BINARY`
        if "__" in name and name.partition("__")[0] not in index.env_nested:
            # `APP_LOADING__STRICT`: a nested setting of a configuration library (donfig,
            # dynaconf, the project's own) whose fields the scan does not list
            return Outcome("ignored", ref)
        if name in index.django_settings:
            # django-user-accounts' `ACCOUNT_LOGIN_URL`: a setting of the app (its appconf
            # class's `LOGIN_URL`, read as `settings.ACCOUNT_LOGIN_URL`), not a variable
            return Outcome("resolved", ref, name)
        if index.is_key(name) or name in index.names.parameters:
            # a settings key the code reads by that name, or a keyword it passes (eliot's
            # journald fields: `journal.send(ELIOT_TASK=...)`)
            return Outcome("ignored", ref)
        if name in index.names.by_last:
            # a name the code defines (supervisor's `EventTypes.SUPERVISOR_STATE_CHANGE`), a
            # constant or class attribute the page names by its upper-case spelling
            return Outcome("ignored", ref)
        if any(name.startswith(p) and name != p for p in index.env_prefix_literals):
            # `ENV_OPTION_PREFIX = "HATCH_ENV_TYPE_"`: names the code builds from that start
            return Outcome("ignored", ref)
        if name in index.test_env_reads or (
            name in index.test_env_vars and _TESTING_PAGE.search(ref.file)
        ):
            # `TREEBEARD_TEST_ALPHABET`, which a test reads: the test suite's wherever a page
            # names it; a test that only sets a variable (`os.environ["APP_CONFIG"] = path`)
            # proves no read, except on a page about testing (docs/testing.rst)
            return Outcome("resolved", ref, name)
        renamed = namespaced_twins(name, index.env_vars)
        if (
            renamed
            and all(name.endswith(f"_{v}") for v in renamed)
            and set(renamed) <= index.env_foreign
        ):
            # `PIPUPGRADE_GIT_USERNAME` where the code reads `GIT_USERNAME` through another
            # library's `getenv`, which puts a start of its own before the key
            return Outcome("ignored", ref)
        if renamed and set(renamed) <= self.page_names and _expanded(ref.text, name):
            # greenbone-feed-sync's "Default Value `$DESTINATION_PREFIX/notus`" on a page
            # whose table names `GREENBONE_FEED_SYNC_DESTINATION_PREFIX`: the setting's short
            # name in a value, not a variable the page tells the reader to set
            return Outcome("ignored", ref)
        if renamed:
            return Outcome(
                "unresolved",
                ref,
                message=f"`{name}` is not an environment variable the code reads "
                f"(it reads {', '.join(f'`{v}`' for v in renamed)})",
                suggestions=renamed,
            )
        if not any(name.startswith(p) for p in index.env_prefixes) or index.env_scanned:
            return Outcome("ignored", ref)  # another program's, or one a prefix scan may read
        if bare and self.quiet and not any(name.startswith(p) for p in index.own_env_prefixes):
            return Outcome("ignored", ref)
        if any(name.startswith(p) for p in index.env_families):
            # caldav's docstrings say "``CALDAV_*`` variables apply": the configuration
            # library it hands them to reads them, by names caldav never spells
            return Outcome("ignored", ref)
        known = index.env_vars | index.django_settings
        close = difflib.get_close_matches(name, sorted(known), n=3, cutoff=0.5)
        what = "a setting or " if index.django_settings else "an "
        return Outcome(
            "unresolved",
            ref,
            message=f"`{name}` is not {what}environment variable the code reads",
            suggestions=tuple(close),
        )
