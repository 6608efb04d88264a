"""A fake GitHub REST API for tests, answering through `responses` like the real one.

It keeps a tiny git object store (blobs, trees, commits, refs) plus pull requests, issue
comments, reactions and collaborator roles, and answers the endpoints Klaro calls with the
status codes and JSON shapes GitHub documents (REST API reference, "Git database", "Pulls",
"Issues", "Reactions", "Collaborators", "Repository contents: download a tarball"). PyGithub
requests `https://api.github.com:443/...`, so routes accept the explicit port. Faults (403, 422,
rate limits) are queued with `fail_next` to test Klaro's reactions to real refusals.
"""

from __future__ import annotations

import base64
import hashlib
import io
import json
import re
import tarfile
import urllib.parse
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
import responses
import yaml

from klaro import app
from klaro.action import run_action
from klaro.config import Config
from klaro.github.context import Steps
from klaro.github.pygithub import PyGithubClient
from klaro.write.model import DocChange, DocsRun

API = "https://api.github.com"
CODELOAD = "https://codeload.github.com"
Handler = Callable[[re.Match[str], dict[str, Any], dict[str, str]], tuple[int, Any]]


def _sha(kind: str, data: str) -> str:
    raw = data.encode("utf-8")
    return hashlib.sha1(f"{kind} {len(raw)}\0".encode() + raw).hexdigest()


def not_found() -> tuple[int, Any]:
    return 404, {
        "message": "Not Found",
        "documentation_url": "https://docs.github.com/rest",
        "status": "404",
    }


@dataclass
class Fault:
    method: str
    pattern: re.Pattern[str]
    status: int
    body: dict[str, Any]
    headers: dict[str, str] = field(default_factory=dict)


class FakeGitHub:
    """One repository (`octo/widgets` by default) on a fake github.com."""

    def __init__(self, repo: str = "octo/widgets", default_branch: str = "main") -> None:
        self.repo = repo
        self.default_branch = default_branch
        self.blobs: dict[str, str] = {}
        self.trees: dict[str, dict[str, str]] = {}  # tree sha -> {path: blob sha}
        self.commits: dict[str, dict[str, Any]] = {}
        self.refs: dict[str, str] = {}  # "heads/main" -> sha
        self.pulls: dict[int, dict[str, Any]] = {}
        self.comments: dict[int, dict[str, Any]] = {}  # id -> comment (with issue number)
        self.review_comments: dict[int, list[dict[str, Any]]] = {}  # pull number -> comments
        self.reactions: list[tuple[int, str]] = []
        self.roles: dict[str, str] = {}
        self.calls: list[tuple[str, str]] = []  # (method, path) of every request
        self.faults: list[Fault] = []
        self.tar_links: dict[str, str] = {}  # path -> symlink target, in every tarball
        self.token_user: str | None = None  # None: the token is GITHUB_TOKEN (`GET /user` 403s)
        self._next_id = 1000
        self._routes: list[tuple[str, re.Pattern[str], Handler]] = []
        self._add_routes()

    # -- seeding -------------------------------------------------------------------------

    def commit(self, files: dict[str, str], message: str, parent: str | None = None) -> str:
        """Store a commit whose tree is `parent`'s tree updated with `files`."""
        base = dict(self.trees[self.commits[parent]["tree"]]) if parent else {}
        for path, text in files.items():
            base[path] = self._blob(text)
        tree = self._tree(base)
        data = {"tree": tree, "message": message, "parents": [parent] if parent else []}
        sha = _sha("commit", json.dumps(data, sort_keys=True))
        self.commits[sha] = data
        return sha

    def files_at(self, sha: str) -> dict[str, str]:
        """The files of commit `sha`, path -> text."""
        tree = self.trees[self.commits[sha]["tree"]]
        return {path: self.blobs[blob] for path, blob in tree.items()}

    def open_pull(self, number: int, head_ref: str, head_sha: str, head_repo: str | None = None):
        """Store an open pull request into the default branch."""
        self.pulls[number] = {
            "number": number,
            "state": "open",
            "title": f"PR {number}",
            "body": "",
            "head": {"ref": head_ref, "sha": head_sha, "repo": head_repo or self.repo},
            "base": {"ref": self.default_branch, "sha": self.refs[f"heads/{self.default_branch}"]},
            "draft": False,
            "labels": [],
            "assignees": [],
            "requested_reviewers": [],
            "requested_teams": [],
        }

    def close_pull(self, number: int, *, merged: bool = False) -> str | None:
        """Close a pull request; merged, a merge commit of its head lands on the base branch."""
        pull = self.pulls[number]
        pull["state"] = "closed"
        pull["closed_at"] = "2024-05-02T10:00:00Z"
        if not merged:
            return None
        base_ref = f"heads/{pull['base']['ref']}"
        head = pull["head"]["sha"]
        data = {
            "tree": self.commits[head]["tree"],
            "message": f"Merge pull request #{number} from {pull['head']['ref']}",
            "parents": [self.refs[base_ref], head],
        }
        sha = _sha("commit", json.dumps(data, sort_keys=True))
        self.commits[sha] = data
        self.refs[base_ref] = sha
        pull["merged_at"] = "2024-05-02T10:00:00Z"
        pull["merge_commit_sha"] = sha
        return sha

    def review(self, number: int, path: str, line: int, body: str, user: str = "maintainer"):
        """A person's review comment on `line` of `path` at the pull request's head."""
        comments = self.review_comments.setdefault(number, [])
        head = self.pulls[number]["head"]["sha"]
        cid = 7000 + len(comments)
        comments.append(
            {
                "url": self._url(f"/pulls/comments/{cid}"),
                "id": cid,
                "node_id": f"PRRC_{cid}",
                "pull_request_review_id": 9000 + cid,
                "diff_hunk": "@@ -1,3 +1,3 @@",
                "path": path,
                "position": line,
                "original_position": line,
                "commit_id": head,
                "original_commit_id": head,
                "user": {"login": user, "id": 99, "type": "User"},
                "body": body,
                "created_at": "2024-05-01T11:00:00Z",
                "updated_at": "2024-05-01T11:00:00Z",
                "html_url": f"https://github.com/{self.repo}/pull/{number}#discussion_r{cid}",
                "pull_request_url": self._url(f"/pulls/{number}"),
                "author_association": "MEMBER",
                "start_line": None,
                "original_start_line": None,
                "start_side": None,
                "line": line,
                "original_line": line,
                "side": "RIGHT",
                "subject_type": "line",
            }
        )

    def fail_next(
        self,
        method: str,
        path_regex: str,
        status: int,
        message: str,
        headers: dict[str, str] | None = None,
        errors: list[dict[str, str]] | None = None,
    ) -> None:
        """Answer the next matching request with an error, as GitHub phrases it."""
        body: dict[str, Any] = {
            "message": message,
            "documentation_url": "https://docs.github.com/rest",
            "status": str(status),
        }
        if errors:
            body["errors"] = errors
        self.faults.append(Fault(method, re.compile(path_regex), status, body, headers or {}))

    def sticky_comments(self, number: int) -> list[dict[str, Any]]:
        return [c for c in self.comments.values() if c["issue"] == number]

    def writes(self) -> list[tuple[str, str]]:
        return [call for call in self.calls if call[0] != "GET"]

    # -- object store --------------------------------------------------------------------

    def _blob(self, text: str) -> str:
        sha = _sha("blob", text)
        self.blobs[sha] = text
        return sha

    def _tree(self, entries: dict[str, str]) -> str:
        sha = _sha("tree", json.dumps(sorted(entries.items())))
        self.trees[sha] = dict(entries)
        return sha

    def _is_ancestor(self, old: str, new: str) -> bool:
        todo = [new]
        while todo:
            sha = todo.pop()
            if sha == old:
                return True
            todo.extend(self.commits.get(sha, {}).get("parents", []))
        return False

    # -- wire format ---------------------------------------------------------------------

    def _url(self, path: str) -> str:
        return f"{API}/repos/{self.repo}{path}"

    def _commit_json(self, sha: str) -> dict[str, Any]:
        data = self.commits[sha]
        person = {"name": "Octo Cat", "email": "octo@example.com", "date": "2024-05-01T10:00:00Z"}
        return {
            "sha": sha,
            "node_id": "C_" + sha[:10],
            "url": self._url(f"/git/commits/{sha}"),
            "html_url": f"https://github.com/{self.repo}/commit/{sha}",
            "author": person,
            "committer": person,
            "message": data["message"],
            "tree": {"sha": data["tree"], "url": self._url(f"/git/trees/{data['tree']}")},
            "parents": [
                {"sha": p, "url": self._url(f"/git/commits/{p}"), "html_url": ""}
                for p in data["parents"]
            ],
            "verification": {"verified": False, "reason": "unsigned", "signature": None},
        }

    def _tree_json(self, sha: str) -> dict[str, Any]:
        entries = [
            {
                "path": p,
                "mode": "100644",
                "type": "blob",
                "sha": b,
                "size": len(self.blobs[b]),
                "url": self._url(f"/git/blobs/{b}"),
            }
            for p, b in sorted(self.trees[sha].items())
        ]
        return {
            "sha": sha,
            "url": self._url(f"/git/trees/{sha}"),
            "tree": entries,
            "truncated": False,
        }

    def _ref_json(self, ref: str) -> dict[str, Any]:
        sha = self.refs[ref]
        return {
            "ref": f"refs/{ref}",
            "node_id": "REF_" + ref,
            "url": self._url(f"/git/refs/{ref}"),
            "object": {"sha": sha, "type": "commit", "url": self._url(f"/git/commits/{sha}")},
        }

    def _repo_json(self, full_name: str) -> dict[str, Any]:
        owner = full_name.split("/")[0]
        return {
            "id": abs(hash(full_name)) % 10**8,
            "name": full_name.split("/")[1],
            "full_name": full_name,
            "private": False,
            "owner": {"login": owner, "id": 1, "type": "Organization"},
            "html_url": f"https://github.com/{full_name}",
            "url": f"{API}/repos/{full_name}",
            "default_branch": self.default_branch,
            "fork": full_name != self.repo,
        }

    def _pull_json(self, number: int) -> dict[str, Any]:
        pull = self.pulls[number]
        head_repo = pull["head"]["repo"]
        return {
            "url": self._url(f"/pulls/{number}"),
            "id": 50000 + number,
            "html_url": f"https://github.com/{self.repo}/pull/{number}",
            "number": number,
            "state": pull["state"],
            "title": pull["title"],
            "body": pull["body"],
            "user": {"login": "octocat", "id": 1, "type": "User"},
            "head": {
                "label": f"{head_repo.split('/')[0]}:{pull['head']['ref']}",
                "ref": pull["head"]["ref"],
                "sha": pull["head"]["sha"],
                "repo": self._repo_json(head_repo),
            },
            "base": {
                "label": f"{self.repo.split('/')[0]}:{pull['base']['ref']}",
                "ref": pull["base"]["ref"],
                "sha": pull["base"]["sha"],
                "repo": self._repo_json(self.repo),
            },
            "draft": pull.get("draft", False),
            "merged": pull.get("merged_at") is not None,
            "closed_at": pull.get("closed_at"),
            "merged_at": pull.get("merged_at"),
            "merge_commit_sha": pull.get("merge_commit_sha"),
            "labels": [self._label_json(name) for name in pull.get("labels", [])],
            "assignees": [self._user_json(login) for login in pull.get("assignees", [])],
            "requested_reviewers": [
                self._user_json(u) for u in pull.get("requested_reviewers", [])
            ],
            "requested_teams": [
                {"id": 1, "slug": slug, "name": slug, "url": f"{API}/teams/1"}
                for slug in pull.get("requested_teams", [])
            ],
        }

    def _label_json(self, name: str) -> dict[str, Any]:
        return {
            "id": abs(hash(name)) % 10**6,
            "node_id": f"LA_{name}",
            "url": self._url(f"/labels/{urllib.parse.quote(name)}"),
            "name": name,
            "color": "ededed",
            "default": False,
            "description": None,
        }

    def _user_json(self, login: str) -> dict[str, Any]:
        return {"login": login, "id": abs(hash(login)) % 10**6, "type": "User"}

    def _comment_json(self, cid: int) -> dict[str, Any]:
        comment = self.comments[cid]
        return {
            "id": cid,
            "node_id": f"IC_{cid}",
            "url": self._url(f"/issues/comments/{cid}"),
            "html_url": f"https://github.com/{self.repo}/pull/{comment['issue']}#issuecomment-{cid}",
            "issue_url": self._url(f"/issues/{comment['issue']}"),
            "body": comment["body"],
            "user": {
                "login": comment["user"],
                "id": 41898282 if comment["user"].endswith("[bot]") else 7,
                "type": "Bot" if comment["user"].endswith("[bot]") else "User",
            },
            "created_at": "2024-05-01T10:00:00Z",
            "updated_at": "2024-05-01T10:00:00Z",
            "author_association": "NONE",
        }

    # -- routes --------------------------------------------------------------------------

    def _add_routes(self) -> None:
        r = self._route
        r("GET", r"", lambda m, b, q: (200, self._repo_json(self.repo)))
        r("GET", r"/git/ref/(?P<ref>heads/.+)", self._get_ref)
        r("POST", r"/git/refs", self._create_ref)
        r("PATCH", r"/git/refs/(?P<ref>heads/.+)", self._update_ref)
        r("DELETE", r"/git/refs/(?P<ref>heads/.+)", self._delete_ref)
        r("GET", r"/git/commits/(?P<sha>\w+)", self._get_commit)
        r("POST", r"/git/commits", self._create_commit)
        r("POST", r"/git/blobs", self._create_blob)
        r("GET", r"/git/trees/(?P<sha>\w+)", self._get_tree)
        r("POST", r"/git/trees", self._create_tree)
        r("GET", r"/commits", self._list_commits)
        r("GET", r"/compare/(?P<base>\w+)\.\.\.(?P<head>\w+)", self._compare)
        r("GET", r"/pulls", self._list_pulls)
        r("POST", r"/pulls", self._create_pull)
        r("GET", r"/pulls/(?P<n>\d+)", lambda m, b, q: self._pull_or_404(int(m["n"])))
        r("PATCH", r"/pulls/(?P<n>\d+)", self._edit_pull)
        r("GET", r"/pulls/(?P<n>\d+)/commits", self._pull_commits)
        r("GET", r"/pulls/(?P<n>\d+)/comments", self._pull_review_comments)
        r("GET", r"/contents/(?P<path>.+)", self._contents)
        r("POST", r"/pulls/(?P<n>\d+)/requested_reviewers", self._request_reviewers)
        r("POST", r"/issues/(?P<n>\d+)/labels", self._add_labels)
        r("POST", r"/issues/(?P<n>\d+)/assignees", self._add_assignees)
        r("GET", r"/collaborators/(?P<user>[^/]+)/permission", self._permission)
        r("GET", r"/issues/(?P<n>\d+)/comments", self._list_comments)
        r("POST", r"/issues/(?P<n>\d+)/comments", self._create_comment)
        r("PATCH", r"/issues/comments/(?P<id>\d+)", self._edit_comment)
        r("POST", r"/issues/comments/(?P<id>\d+)/reactions", self._react)
        r("GET", r"/tarball/(?P<sha>\w+)", self._tarball_link)

    def _route(self, method: str, path: str, handler: Handler) -> None:
        self._routes.append((method, re.compile(f"/repos/{re.escape(self.repo)}{path}"), handler))

    def install(self, rsps: responses.RequestsMock) -> None:
        """Answer every request to api.github.com (and the tarball host) from this fake."""
        api = re.compile(r"https://api\.github\.com(:443)?/.*")
        for method in ("GET", "POST", "PATCH", "PUT", "DELETE"):
            rsps.add_callback(method, api, callback=self._dispatch)
        rsps.add_callback("GET", re.compile(rf"{CODELOAD}(:443)?/.*"), callback=self._codeload)

    def _dispatch(self, request: Any) -> tuple[int, dict[str, str], str]:
        url = re.sub(r"^https://api\.github\.com(:443)?", "", request.url)
        path, _, query_text = url.partition("?")
        method = request.method
        self.calls.append((method, path))
        for fault in self.faults:
            if fault.method == method and fault.pattern.search(path):
                self.faults.remove(fault)
                headers = {"Content-Type": "application/json", **fault.headers}
                return fault.status, headers, json.dumps(fault.body)
        query = dict(urllib.parse.parse_qsl(query_text))
        body = json.loads(request.body) if request.body else {}
        for route_method, pattern, handler in self._routes:
            match = pattern.fullmatch(path)
            if route_method == method and match:
                status, data = handler(match, body, query)
                headers = {"Content-Type": "application/json; charset=utf-8"}
                if isinstance(data, tuple):  # (headers, payload)
                    headers.update(data[0])
                    data = data[1]
                return status, headers, "" if data is None else json.dumps(data)
        if method == "GET" and path == "/user":  # GITHUB_TOKEN may not read it (NOTES.md)
            if self.token_user is None:
                status, data = (
                    403,
                    {
                        "message": "Resource not accessible by integration",
                        "documentation_url": "https://docs.github.com/rest/users/users",
                        "status": "403",
                    },
                )
            else:
                status, data = 200, {"login": self.token_user, "id": 9, "type": "User"}
            return status, {"Content-Type": "application/json"}, json.dumps(data)
        status, data = not_found()
        return status, {"Content-Type": "application/json"}, json.dumps(data)

    def _get_ref(self, m: re.Match[str], body: dict[str, Any], q: dict[str, str]):
        return (200, self._ref_json(m["ref"])) if m["ref"] in self.refs else not_found()

    def _create_ref(self, m, body, q):
        ref = body["ref"].removeprefix("refs/")
        if ref in self.refs:
            return 422, {"message": "Reference already exists", "status": "422"}
        if body["sha"] not in self.commits:
            return 422, {"message": "Object does not exist", "status": "422"}
        self.refs[ref] = body["sha"]
        return 201, self._ref_json(ref)

    def _update_ref(self, m, body, q):
        ref = m["ref"]
        if ref not in self.refs:
            return 422, {"message": "Reference does not exist", "status": "422"}
        if not body.get("force") and not self._is_ancestor(self.refs[ref], body["sha"]):
            return 422, {"message": "Update is not a fast forward", "status": "422"}
        self.refs[ref] = body["sha"]
        return 200, self._ref_json(ref)

    def _delete_ref(self, m, body, q):
        if m["ref"] not in self.refs:
            return 422, {"message": "Reference does not exist", "status": "422"}
        del self.refs[m["ref"]]
        return 204, None

    def _get_commit(self, m, body, q):
        return (200, self._commit_json(m["sha"])) if m["sha"] in self.commits else not_found()

    def _create_commit(self, m, body, q):
        data = {"tree": body["tree"], "message": body["message"], "parents": body["parents"]}
        sha = _sha("commit", json.dumps(data, sort_keys=True))
        self.commits[sha] = data
        return 201, self._commit_json(sha)

    def _create_blob(self, m, body, q):
        assert body["encoding"] == "utf-8"
        sha = self._blob(body["content"])
        return 201, {"url": self._url(f"/git/blobs/{sha}"), "sha": sha}

    def _get_tree(self, m, body, q):
        return (200, self._tree_json(m["sha"])) if m["sha"] in self.trees else not_found()

    def _create_tree(self, m, body, q):
        entries = dict(self.trees[body["base_tree"]]) if body.get("base_tree") else {}
        for item in body["tree"]:
            if item.get("sha") is None and "content" not in item:
                entries.pop(item["path"], None)
            else:
                entries[item["path"]] = item.get("sha") or self._blob(item["content"])
        return 201, self._tree_json(self._tree(entries))

    def _list_commits(self, m, body, q):
        sha = self.refs.get(f"heads/{q.get('sha', self.default_branch)}", q.get("sha", ""))
        out = []
        while sha:
            data = self.commits[sha]
            parent = data["parents"][0] if data["parents"] else None
            touched = parent is None or (
                self.trees[data["tree"]].get(q["path"])
                != self.trees[self.commits[parent]["tree"]].get(q["path"])
            )
            if "path" not in q or touched:
                out.append(
                    {
                        "sha": sha,
                        "url": self._url(f"/commits/{sha}"),
                        "commit": self._commit_json(sha),
                    }
                )
            sha = parent
        return 200, out

    def _compare(self, m, body, q):
        if m["base"] not in self.commits or m["head"] not in self.commits:
            return not_found()
        old = self.trees[self.commits[m["base"]]["tree"]]
        new = self.trees[self.commits[m["head"]]["tree"]]
        changed = sorted(p for p in set(old) | set(new) if old.get(p) != new.get(p))
        files = [
            {
                "sha": new.get(p),
                "filename": p,
                "status": "modified",
                "additions": 1,
                "deletions": 1,
                "changes": 2,
            }
            for p in changed
        ]
        return 200, {
            "url": self._url(f"/compare/{m['base']}...{m['head']}"),
            "status": "ahead",
            "ahead_by": 1,
            "behind_by": 0,
            "total_commits": 1,
            "commits": [],
            "files": files,
        }

    def _list_pulls(self, m, body, q):
        found = []
        for number, pull in self.pulls.items():
            label = f"{pull['head']['repo'].split('/')[0]}:{pull['head']['ref']}"
            if q.get("state", "open") not in ("all", pull["state"]):
                continue
            if "head" in q and q["head"] != label:
                continue
            if "base" in q and q["base"] != pull["base"]["ref"]:
                continue
            found.append(self._pull_json(number))
        return 200, found

    def _create_pull(self, m, body, q):
        for pull in self.pulls.values():
            if pull["state"] == "open" and pull["head"]["ref"] == body["head"]:
                return 422, {
                    "message": "Validation Failed",
                    "errors": [
                        {
                            "resource": "PullRequest",
                            "code": "custom",
                            "message": f"A pull request already exists for "
                            f"{self.repo.split('/')[0]}:{body['head']}.",
                        }
                    ],
                    "documentation_url": "https://docs.github.com/rest/pulls/pulls",
                    "status": "422",
                }
        number = max(self.pulls, default=0) + 1
        self.open_pull(number, body["head"], self.refs[f"heads/{body['head']}"])
        self.pulls[number].update(
            title=body["title"], body=body.get("body", ""), draft=bool(body.get("draft", False))
        )
        self.pulls[number]["base"]["ref"] = body["base"]
        return 201, self._pull_json(number)

    def _pull_or_404(self, number: int):
        return (200, self._pull_json(number)) if number in self.pulls else not_found()

    def _edit_pull(self, m, body, q):
        number = int(m["n"])
        if number not in self.pulls:
            return not_found()
        self.pulls[number].update({k: body[k] for k in ("title", "body", "state") if k in body})
        if body.get("state") == "closed":
            self.pulls[number]["closed_at"] = "2024-05-02T10:00:00Z"
        return 200, self._pull_json(number)

    def _pull_commits(self, m, body, q):
        number = int(m["n"])
        if number not in self.pulls:
            return not_found()
        pull = self.pulls[number]
        base = pull["base"]["sha"]
        found, sha = [], pull["head"]["sha"]
        while sha and sha != base and not self._is_ancestor(sha, base):
            found.append(
                {
                    "sha": sha,
                    "url": self._url(f"/commits/{sha}"),
                    "html_url": f"https://github.com/{self.repo}/commit/{sha}",
                    "commit": self._commit_json(sha),
                    "parents": self._commit_json(sha)["parents"],
                }
            )
            parents = self.commits[sha]["parents"]
            sha = parents[0] if parents else None
        return 200, list(reversed(found))

    def _pull_review_comments(self, m, body, q):
        number = int(m["n"])
        if number not in self.pulls:
            return not_found()
        return 200, self.review_comments.get(number, [])

    def _contents(self, m, body, q):
        path = urllib.parse.unquote(m["path"])
        sha = self.refs.get(f"heads/{q.get('ref', self.default_branch)}", q.get("ref", ""))
        if sha not in self.commits:
            return not_found()
        blob = self.trees[self.commits[sha]["tree"]].get(path)
        if blob is None:
            return not_found()
        text = self.blobs[blob]
        return 200, {
            "type": "file",
            "encoding": "base64",
            "size": len(text.encode()),
            "name": path.rsplit("/", 1)[-1],
            "path": path,
            "content": base64.encodebytes(text.encode()).decode(),
            "sha": blob,
            "url": self._url(f"/contents/{path}?ref={sha}"),
            "git_url": self._url(f"/git/blobs/{blob}"),
            "html_url": f"https://github.com/{self.repo}/blob/{sha}/{path}",
            "download_url": f"https://raw.githubusercontent.com/{self.repo}/{sha}/{path}",
            "_links": {
                "self": self._url(f"/contents/{path}?ref={sha}"),
                "git": self._url(f"/git/blobs/{blob}"),
                "html": f"https://github.com/{self.repo}/blob/{sha}/{path}",
            },
        }

    def _request_reviewers(self, m, body, q):
        # documented body: {"reviewers": [logins], "team_reviewers": [team slugs]}
        number = int(m["n"])
        if number not in self.pulls:
            return not_found()
        assert set(body) <= {"reviewers", "team_reviewers"}, body
        users, teams = body.get("reviewers", []), body.get("team_reviewers", [])
        assert all(isinstance(u, str) for u in [*users, *teams]), body
        strangers = [u for u in users if u not in self.roles]
        if strangers:
            return 422, {
                "message": "Reviews may only be requested from collaborators. One or more of the "
                f"users or teams you specified is not a collaborator of the {self.repo} "
                "repository.",
                "documentation_url": "https://docs.github.com/rest/pulls/review-requests",
                "status": "422",
            }
        self.pulls[number]["requested_reviewers"] += users
        self.pulls[number]["requested_teams"] += teams
        return 201, self._pull_json(number)

    def _add_labels(self, m, body, q):
        # documented bodies: {"labels": [names]} or a bare array of names
        labels = body["labels"] if isinstance(body, dict) else body
        assert isinstance(labels, list) and all(isinstance(x, str) for x in labels), body
        pull = self.pulls.get(int(m["n"]))
        if pull is None:
            return not_found()
        pull["labels"] += [x for x in labels if x not in pull["labels"]]
        return 200, [self._label_json(name) for name in pull["labels"]]

    def _add_assignees(self, m, body, q):
        # documented body: {"assignees": [logins]}
        assert isinstance(body.get("assignees"), list), body
        pull = self.pulls.get(int(m["n"]))
        if pull is None:
            return not_found()
        pull["assignees"] += [u for u in body["assignees"] if u not in pull["assignees"]]
        data = self._pull_json(int(m["n"]))
        return 201, {**data, "url": self._url(f"/issues/{m['n']}")}

    def _permission(self, m, body, q):
        user = m["user"]
        role = self.roles.get(user)
        if role is None:  # not a collaborator: GitHub answers 404 for a non-member ...
            role = "read"  # ... on private repos; on public ones, read. Public here.
        legacy = {"maintain": "write", "triage": "read"}.get(role, role)
        return 200, {
            "permission": legacy,
            "role_name": role,
            "user": {"login": user, "id": 7, "type": "User"},
        }

    def _list_comments(self, m, body, q):
        return 200, [
            self._comment_json(c) for c in self.comments if self.comments[c]["issue"] == int(m["n"])
        ]

    def _create_comment(self, m, body, q):
        self._next_id += 1
        self.comments[self._next_id] = {
            "issue": int(m["n"]),
            "body": body["body"],
            "user": self.token_user or "github-actions[bot]",
        }
        return 201, self._comment_json(self._next_id)

    def _edit_comment(self, m, body, q):
        cid = int(m["id"])
        if cid not in self.comments:
            return not_found()
        self.comments[cid]["body"] = body["body"]
        return 200, self._comment_json(cid)

    def _react(self, m, body, q):
        self.reactions.append((int(m["id"]), body["content"]))
        return 201, {
            "id": 1,
            "node_id": "REA_1",
            "content": body["content"],
            "user": {"login": "github-actions[bot]", "id": 41898282, "type": "Bot"},
            "created_at": "2024-05-01T10:00:00Z",
        }

    def _tarball_link(self, m, body, q):
        if m["sha"] not in self.commits:
            return not_found()
        location = f"{CODELOAD}/{self.repo}/legacy.tar.gz/{m['sha']}"
        return 302, ({"Location": location}, None)

    def _codeload(self, request: Any) -> tuple[int, dict[str, str], bytes]:
        sha = request.url.rsplit("/", 1)[-1]
        self.calls.append(("GET", request.url))
        top = f"{self.repo.replace('/', '-')}-{sha[:7]}"
        buffer = io.BytesIO()
        with tarfile.open(fileobj=buffer, mode="w:gz") as archive:
            for path, text in sorted(self.files_at(sha).items()):
                data = text.encode("utf-8")
                info = tarfile.TarInfo(f"{top}/{path}")
                info.size = len(data)
                archive.addfile(info, io.BytesIO(data))
            for path, target in sorted(self.tar_links.items()):  # symlinks a tree may hold
                info = tarfile.TarInfo(f"{top}/{path}")
                info.type, info.linkname = tarfile.SYMTYPE, target
                archive.addfile(info)
        return 200, {"Content-Type": "application/x-gzip"}, buffer.getvalue()


# -- driving `klaro action` as the runner does --------------------------------------------


@dataclass
class ActionRun:
    """What one action run left behind: exit code, outputs, summary and log."""

    code: int
    outputs: dict[str, str]
    summary: str
    log: str


def action_defaults(action_yml: Any) -> dict[str, str]:
    """INPUT_* variables as the runner sets them from action.yml's defaults."""
    env = {}
    for name, spec in action_yml["inputs"].items():
        default = str(spec.get("default", ""))
        if default == "${{ github.token }}":
            default = "ghs_fakeGitHubToken0123456789"
        env[f"INPUT_{name.upper()}"] = default
    return env


def read_outputs(path: Any) -> dict[str, str]:
    """Parse `$GITHUB_OUTPUT` the way the runner does (heredoc blocks)."""
    values: dict[str, str] = {}
    lines = path.read_text(encoding="utf-8").splitlines() if path.exists() else []
    i = 0
    while i < len(lines):
        name, sep, delimiter = lines[i].partition("<<")
        assert sep, f"not a heredoc output line: {lines[i]!r}"
        end = lines.index(delimiter, i + 1)
        values[name] = "\n".join(lines[i + 1 : end])
        i = end + 1
    return values


ROOT = Path(__file__).parent.parent
EVENTS = Path(__file__).parent / "data" / "events"
TOKEN = "ghs_fakeGitHubToken0123456789"
CODE = {
    "pyproject.toml": '[project]\nname = "widgets"\nversion = "1.0"\n',
    "widgets/__init__.py": '"""Widgets."""\n',
    "widgets/core.py": 'def greet(name: str) -> str:\n    """Say hello."""\n    return name\n',
    "README.md": "# Widgets\n",
}


def api_docs(config: Config) -> DocsRun:
    """A deterministic writer for tests: the README lists the public functions it finds."""
    analysis = app.analyze(config)
    rows = sorted(
        f"- `{f.fullname}{f.signature}`" for f in analysis.iter_functions() if f.is_public
    )
    readme = config.root / config.readme_path
    before = readme.read_text() if readme.exists() else None
    after = "# Widgets\n\n## API\n\n" + "\n".join(rows) + "\n"
    return DocsRun([DocChange(config.readme_path, before, after, "list the public API")], "test")


class Counting:
    """Counts how often the (expensive, model-calling) writer is asked for docs."""

    def __init__(self, inner: Callable[[Config], DocsRun]) -> None:
        self.inner = inner
        self.calls = 0

    def __call__(self, config: Config) -> DocsRun:
        self.calls += 1
        return self.inner(config)


def seed(fake: FakeGitHub, files: dict[str, str] | None = None, parent: str | None = None) -> str:
    sha = fake.commit(files or CODE, "Add greet()", parent)
    fake.refs["heads/main"] = sha
    return sha


def drive(
    tmp_path: Path,
    fake: FakeGitHub,
    event: str,
    sha: str,
    *,
    steps: Steps,
    inputs: dict[str, str] | None = None,
    checkout: bool = True,
    ref: str = "refs/heads/main",
    capsys: pytest.CaptureFixture[str] | None = None,
    comment: str | None = None,
    action: str | None = None,
    head_sha: str | None = None,
    env_extra: dict[str, str] | None = None,
) -> ActionRun:
    """Run the action like the runner: env vars, event file, workspace, output files.

    `event` names a file in tests/data/events; its stem before `_pr`/`_issue`/`_fork` is the
    event name. `comment`/`action` rewrite an issue_comment payload's body and action.
    """
    run_dir = tmp_path / f"run-{len(list(tmp_path.glob('run-*')))}"
    workspace = run_dir / "workspace"
    workspace.mkdir(parents=True)
    (run_dir / "home").mkdir()  # the runner mounts HOME at /github/home
    if checkout:
        for path, text in fake.files_at(sha).items():
            (workspace / path).parent.mkdir(parents=True, exist_ok=True)
            (workspace / path).write_text(text)
    event_path = run_dir / "event.json"
    payload = json.loads((EVENTS / f"{event}.json").read_text())
    if comment is not None:
        payload["comment"]["body"] = comment
    if action is not None:
        payload["action"] = action
    if head_sha is not None:  # a pull_request payload: the head commit the event is about
        payload["pull_request"]["head"]["sha"] = head_sha
        stored = fake.pulls.get(payload["number"])
        if stored is not None:  # and the base commit, as the stored pull request has it
            payload["pull_request"]["base"]["sha"] = stored["base"]["sha"]
    event_path.write_text(json.dumps(payload))
    names = ("issue_comment", "pull_request_target", "pull_request")
    name = next((n for n in names if event.startswith(n)), event)
    env = action_defaults(yaml.safe_load((ROOT / "action.yml").read_text()))
    env.update({f"INPUT_{k.upper()}": v for k, v in (inputs or {}).items()})
    env.update(
        GITHUB_ACTIONS="true",
        GITHUB_EVENT_NAME=name,
        GITHUB_EVENT_PATH=str(event_path),
        GITHUB_REPOSITORY=fake.repo,
        GITHUB_WORKSPACE=str(workspace),
        GITHUB_API_URL="https://api.github.com",
        GITHUB_SERVER_URL="https://github.com",
        GITHUB_RUN_ID="4242",
        GITHUB_SHA=sha,
        GITHUB_REF=ref,
        GITHUB_OUTPUT=str(run_dir / "output"),
        GITHUB_STEP_SUMMARY=str(run_dir / "summary.md"),
        HOME=str(run_dir / "home"),
    )
    env.update(env_extra or {})

    def port(repository: str, token: str, api_url: str) -> PyGithubClient:
        return PyGithubClient(repository, token, api_url=api_url, throttle=False)

    code = run_action(env, steps, port)
    log = capsys.readouterr().out if capsys else ""
    summary = run_dir / "summary.md"
    return ActionRun(
        code, read_outputs(run_dir / "output"), summary.read_text() if summary.exists() else "", log
    )


@pytest.fixture
def fake() -> Iterator[FakeGitHub]:
    """GitHub's REST API, faked with `responses`; local HTTP (a model server) passes through."""
    github = FakeGitHub()
    with responses.RequestsMock(assert_all_requests_are_fired=False) as rsps:
        rsps.add_passthru("http://127.0.0.1")
        github.install(rsps)
        yield github
