"""Real git repositories for the Spiele-Bibliothek tests, made in the test, and local servers.

- :func:`pack_files`: a pack's files from the app's own template (it passes every check).
- :func:`commit_files`: a commit of exactly the given paths, built from git objects, so a test
  can hold what a checkout could not (symlinks, submodules, a ``.git`` folder in the tree).
- :class:`GitHttpServer`: dulwich's smart-HTTP server (WSGI, wsgiref) on 127.0.0.1 in a thread.
- :class:`StallingServer`: accepts connections and never answers.
"""

from __future__ import annotations

import socket
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from string import Template

from dulwich.objects import Blob, Commit, Tree
from dulwich.repo import Repo

from app.model.paths import resources_root


@dataclass(frozen=True)
class Link:
    target: str


@dataclass(frozen=True)
class Gitlink:
    sha: bytes = b"1" * 40


def pack_files(title: str, author: str = "Anna", version: str = "1",
               summary: str | None = None) -> dict[str, bytes]:
    template = resources_root() / "pack-template"
    values = {"title": f'"{title}"', "author": f'"{author}"' if author else "null"}
    files = {}
    for name in ("game.yaml", "quiz.yaml"):
        text = Template((template / name).read_text(encoding="utf-8")).safe_substitute(values)
        if name == "game.yaml":
            text = text.replace('version: "1"', f'version: "{version}"')
            if summary is not None:
                start = text.index("summary: |")
                end = text.index("\n\n", start)
                text = text[:start] + f"summary: |\n  {summary}" + text[end:]
        files[name] = text.encode()
    return files


def library_files(packs: dict[str, dict[str, bytes]], title: str | None = "Spielerunde",
                  extra: dict | None = None) -> dict:
    files: dict = {}
    if title is not None:
        files["bibliothek.yaml"] = (f'title: "{title}"\ndescription: "Unsere Regeln"\n'
                                    'maintainers: ["Anna", "Ben"]\n').encode()
    for pack_id, pack in packs.items():
        for name, data in pack.items():
            files[f"{pack_id}/{name}"] = data
    files.update(extra or {})
    return files


def reviews_yaml(*reviews: dict) -> bytes:
    lines = ["reviews:"]
    for review in reviews:
        first = True
        for key, value in review.items():
            lines.append(f"  {'- ' if first else '  '}{key}: {value}")
            first = False
    return ("\n".join(lines) + "\n").encode()


def commit_files(path: Path, files: dict, message: str = "Stand", *, when: int | None = None,
                 author: str = "Anna <anna@example.org>", parents: list[bytes] | None = None,
                 branch: bytes = b"refs/heads/master") -> bytes:
    """Commit exactly ``files`` (path → bytes, :class:`Link` or :class:`Gitlink`) on ``branch``
    of the repository at ``path`` (made when missing); return the commit id.

    ``parents`` None: the branch's current commit; [] starts a new history (a force push)."""
    repo = Repo(str(path)) if (path / ".git").exists() or (path / "objects").exists() \
        else Repo.init(str(path), mkdir=not path.exists())
    try:
        store = repo.object_store
        added: set[bytes] = set()

        def add(obj) -> bytes:
            if obj.id not in added:
                added.add(obj.id)
                store.add_object(obj)
            return obj.id

        tree_of: dict = {}
        for name, value in files.items():
            node = tree_of
            *folders, leaf = name.split("/")
            for folder in folders:
                node = node.setdefault(folder, {})
            node[leaf] = value

        memo: dict[int, bytes] = {}

        def build(node: dict) -> bytes:
            key = id(node)
            if key in memo:
                return memo[key]
            tree = Tree()
            for name, value in node.items():
                raw = name.encode()
                if isinstance(value, dict):
                    tree.add(raw, 0o040000, build(value))
                elif isinstance(value, Link):
                    tree.add(raw, 0o120000, add(Blob.from_string(value.target.encode())))
                elif isinstance(value, Gitlink):
                    tree.add(raw, 0o160000, value.sha)
                else:
                    tree.add(raw, 0o100644, add(Blob.from_string(value)))
            memo[key] = add(tree)
            return memo[key]

        commit = Commit()
        commit.tree = build(tree_of)
        if parents is None:
            parents = [repo.refs[branch]] if branch in repo.refs else []
        commit.parents = parents
        commit.author = commit.committer = author.encode()
        commit.author_time = commit.commit_time = when if when is not None else int(time.time())
        commit.author_timezone = commit.commit_timezone = 3600
        commit.message = message.encode()
        add(commit)
        repo.refs[branch] = commit.id
        repo.refs.set_symbolic_ref(b"HEAD", branch)
        return commit.id
    finally:
        repo.close()


class GitHttpServer:
    """Serves repositories over git's smart HTTP on 127.0.0.1 (dulwich.web, wsgiref)."""

    def __init__(self, repos: dict[str, Path]):
        from wsgiref.simple_server import make_server

        from dulwich.server import DictBackend
        from dulwich.web import WSGIRequestHandlerLogger, WSGIServerLogger, make_wsgi_chain

        self.repos = {name: Repo(str(path)) for name, path in repos.items()}
        backend = DictBackend({f"/{name}": repo for name, repo in self.repos.items()})
        self.server = make_server("127.0.0.1", 0, make_wsgi_chain(backend),
                                  server_class=WSGIServerLogger,
                                  handler_class=WSGIRequestHandlerLogger)
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def url(self, name: str) -> str:
        return f"http://127.0.0.1:{self.server.server_port}/{name}"

    def __enter__(self) -> GitHttpServer:
        self.thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self.server.shutdown()
        self.server.server_close()
        for repo in self.repos.values():
            repo.close()


class StallingServer:
    """Accepts every connection and never says a word."""

    def __init__(self):
        self.socket = socket.socket()
        self.socket.bind(("127.0.0.1", 0))
        self.socket.listen(8)
        self.accepted: list[socket.socket] = []
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._accept, daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.socket.getsockname()[1]}/bibliothek"

    def _accept(self) -> None:
        self.socket.settimeout(0.1)
        while not self.stop.is_set():
            try:
                conn, _addr = self.socket.accept()
            except OSError:
                continue
            self.accepted.append(conn)

    def __enter__(self) -> StallingServer:
        self.thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self.stop.set()
        self.thread.join(2)
        for conn in self.accepted:
            conn.close()
        self.socket.close()


def closed_port_url() -> str:
    """An address on this machine where nothing listens."""
    probe = socket.socket()
    probe.bind(("127.0.0.1", 0))
    port = probe.getsockname()[1]
    probe.close()
    return f"http://127.0.0.1:{port}/bibliothek"
