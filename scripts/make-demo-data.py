#!/usr/bin/env python3
"""Builds Resources/Demo/ (the data `github-tui --demo` serves) from the real recorded GitHub API
responses in ../shared/data/github-api (MIT; attribution in Resources/Demo/SOURCES.md).

Each output file is one HTTP answer: {"path", "status", "headers", "body", "source"}. Recorded
answers are kept as recorded, except that Link headers pointing at pages that were never recorded
are dropped, and the demo owners' `avatar_url` points at a bundled made-up identicon
(AVATAR_URL below; the PNGs are in Resources/Demo/avatars/). The owner `demo-unicode` is made up,
and says so in every field it has: it exists to show wide characters and hostile text harmlessly.

sferik's starred list (/users/sferik/starred) is made up: bundled repositories of the demo owners.

Every demo repository answers /repos/{owner}/{repo}/commits with three commits: the recorded ones
where a recording exists (sferik/rails_admin), otherwise made up here, deterministically from the
repository's name (each such file's `source.note` says so; their SHAs are SHA-1 digests of that
name, never 0000000, and they carry no html_url since no such commit exists on GitHub).

Usage: scripts/make-demo-data.py [SHARED_DATA_DIR]
"""
import base64
import hashlib
import json
import os
import struct
import sys
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
DATA = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "..", "shared", "data", "github-api")
OUT = os.path.join(ROOT, "Resources", "Demo")
# The demo owners' photos: DemoTransport answers this URL's path from Resources/Demo/avatars/<login>.png.
AVATAR_URL = "https://avatars.githubusercontent.com/demo/avatars/%s.png"
DEMO_OWNERS = ("sferik", "codeforamerica", "demo-unicode")
AVATAR_NOTE = "owner avatar_url replaced by a bundled made-up identicon (Resources/Demo/avatars)"
KEEP_HEADERS = {"etag", "last-modified", "x-ratelimit-limit", "x-ratelimit-remaining", "x-ratelimit-reset",
                "content-type", "date"}


def recorded(name):
    with open(os.path.join(DATA, "octokit-rb", name)) as f:
        cassette = json.load(f)
    interaction = cassette["interactions"][0]
    headers = {k.lower(): v for k, v in interaction["response_headers"].items()
               if k.lower() in KEEP_HEADERS and isinstance(v, str)}
    source = dict(cassette["source"])
    source["recorded_at"] = interaction["recorded_at"]
    return interaction["status"], headers, interaction["response_body"], source


def flat(source):
    """A source whose values are all strings (a list of cassette paths joined)."""
    return {k: ", ".join(v) if isinstance(v, list) else v for k, v in source.items()}


def write(filename, path, status, headers, body, source):
    with open(os.path.join(OUT, filename), "w") as f:
        json.dump({"path": path, "status": status, "headers": headers, "body": body, "source": source},
                  f, indent=1, ensure_ascii=False, sort_keys=True)
        f.write("\n")


def with_demo_avatar(owner):
    if isinstance(owner, dict) and owner.get("login") in DEMO_OWNERS:
        owner = dict(owner, avatar_url=AVATAR_URL % owner["login"])
    return owner


def with_demo_avatars(repositories):
    return [dict(r, owner=with_demo_avatar(r["owner"])) for r in repositories]


def edited(source):
    return dict(source, edited=AVATAR_NOTE)


def main():
    os.makedirs(OUT, exist_ok=True)
    status, headers, body, source = recorded("get-user-sferik-2013.json")
    write("user-sferik.json", "/users/sferik", status, headers, with_demo_avatar(body), edited(source))
    status, headers, body, source = recorded("user-repos-sferik-2013.json")
    sferik_repos = with_demo_avatars(body)
    write("repos-sferik.json", "/users/sferik/repos", status, headers, sferik_repos, edited(source))
    status, headers, body, source = recorded("org-repos-codeforamerica-2014.json")
    cfa_repos = with_demo_avatars(body)
    write("repos-codeforamerica.json", "/users/codeforamerica/repos", status, headers, cfa_repos, edited(source))
    org_owner = cfa_repos[0]["owner"]
    made_up_org = {k: org_owner[k] for k in ("login", "id", "avatar_url", "html_url", "type")}
    made_up_org.update({"name": "Code for America (demo: profile built from the recorded repository list's owner)",
                        "public_repos": len(body)})
    write("user-codeforamerica.json", "/users/codeforamerica", 200, {}, made_up_org,
          {"note": "demo data: the owner object of the recorded codeforamerica repository list; " + AVATAR_NOTE})
    status, headers, body, source = recorded("repo-commits-rails_admin-2013.json")
    write("commits-sferik-rails_admin.json", "/repos/sferik/rails_admin/commits", status, headers, body[:3], source)
    recorded_commits = {"sferik/rails_admin"}
    write_rails_admin_history()
    write_rails_admin_files()
    unicode_repos = write_made_up_owner()
    write_made_up_starred(sferik_repos, cfa_repos, unicode_repos)
    for repository in sferik_repos + cfa_repos + unicode_repos:
        if repository["full_name"] not in recorded_commits:
            write_made_up_commits(repository)
    for login in DEMO_OWNERS:
        os.makedirs(os.path.join(OUT, "avatars"), exist_ok=True)
        with open(os.path.join(OUT, "avatars", login + ".png"), "wb") as f:
            f.write(identicon(login))


# The repository of the demo list that shows rails_admin's recorded history (rails_admin itself is not
# in sferik's recorded listing, so no screen of the demo reaches it).
HISTORY_REPOSITORY = "sferik/active_admin"


def write_rails_admin_history():
    """sferik/rails_admin's history, one commit in full and its branches (for the Commits tab: a long
    history paged by Link, a merge, branches to pick), served as HISTORY_REPOSITORY's (the commits as
    recorded: their html_url still names rails_admin).

    The history: the 98 distinct commits of the five recorded history pages (newest first by committer
    date) plus the recorded commit 3cdfabd placed at its date (a real merge of rails_admin's master,
    recorded alone), served page by page (DemoTransport pages it by per_page, with Link headers) for
    the default branch and `master`. 3cdfabd is answered in full at /repos/sferik/rails_admin/commits/SHA.
    The branches answer is derived (not recorded): see the Fixtures' derived/ file it is copied from.
    """
    with open(os.path.join(DATA, "octokit-rb", "wave3", "rails_admin-commits-pages-2013.json")) as f:
        pages = json.load(f)
    with open(os.path.join(DATA, "octokit-rb", "wave3", "rails_admin-commit-3cdfabd-2013.json")) as f:
        single = json.load(f)
    seen, commits = set(), []
    for interaction in pages["interactions"]:
        for commit in interaction["response_body"]:
            if commit["sha"] not in seen:
                seen.add(commit["sha"])
                commits.append(commit)
    detail = single["interactions"][0]["response_body"]
    commits.append({k: v for k, v in detail.items() if k not in ("stats", "files")})
    commits.sort(key=lambda c: c["commit"]["committer"]["date"], reverse=True)
    source = dict(pages["source"])
    source["note"] = ("recorded commits of sferik/rails_admin (five cassettes, see paths), put together for "
                      "the demo and served as the history of " + HISTORY_REPOSITORY + ": not one recorded answer")
    source["edited"] = ("the distinct commits of the five recorded pages, newest first, with the recorded "
                        "commit 3cdfabd (stats and files left out) added at its date; paged by the demo transport")
    write("history-sferik-rails_admin.json", "/repos/%s/commits" % HISTORY_REPOSITORY, 200,
          {"content-type": "application/json; charset=utf-8"}, commits, flat(source))
    headers = {k.lower(): v for k, v in single["interactions"][0]["response_headers"].items()
               if k.lower() in KEEP_HEADERS and isinstance(v, str)}
    write("commit-sferik-rails_admin-3cdfabd.json", "/repos/%s/commits/%s" % (HISTORY_REPOSITORY, detail["sha"]), 200,
          headers, detail, flat(dict(single["source"], path=single["source"]["paths"][0],
                                     recorded_at=single["interactions"][0]["recorded_at"],
                                     edited="served as a commit of " + HISTORY_REPOSITORY)))
    branches = os.path.join(ROOT, "Sources", "TestSupport", "Fixtures", "derived", "rails_admin-branches-2013.json")
    with open(branches) as f:
        derived = json.load(f)
    write("branches-sferik-rails_admin.json", "/repos/%s/branches" % HISTORY_REPOSITORY, 200,
          {"content-type": "application/json; charset=utf-8"}, derived["interactions"][0]["response_body"],
          flat(derived["source"]))


def write_rails_admin_files():
    """sferik/rails_admin's recorded tree at 3cdfabd (recursive) and its README.mkd blob (for the Files
    tab: folders to walk and files to open), served as HISTORY_REPOSITORY's tree of `master` (its default
    branch) like the history.
    Only the README's bytes were recorded: a few files get made-up contents (write_made_up_blobs); the
    demo transport answers the others (and other repositories' trees) as not in the demo data."""
    with open(os.path.join(DATA, "octokit-rb", "wave3", "rails_admin-tree-3cdfabd-2013.json")) as f:
        tree = json.load(f)
    with open(os.path.join(DATA, "octokit-rb", "wave3", "rails_admin-blob-2013.json")) as f:
        blob = json.load(f)
    recursive = tree["interactions"][1]
    write("tree-sferik-rails_admin.json", "/repos/%s/git/trees/master" % HISTORY_REPOSITORY, 200,
          {"content-type": "application/json; charset=utf-8"}, recursive["response_body"],
          flat(dict(tree["source"], path=tree["source"]["paths"][1], recorded_at=recursive["recorded_at"],
                    edited="served as the tree of " + HISTORY_REPOSITORY + "'s master")))
    with open(os.path.join(DATA, "octokit-rb", "wave3", "releases-2013-2015.json")) as f:
        releases = json.load(f)
    listed = releases["interactions"]
    # The latest (v3.7.1) and one by tag (v3.7.0), then the four listed (three drafts): octokit.rb's and a
    # test repository's recorded releases, served as one list of HISTORY_REPOSITORY's.
    body = [listed[2]["response_body"], listed[3]["response_body"]] + listed[0]["response_body"]
    write("releases-sferik-active_admin.json", "/repos/%s/releases" % HISTORY_REPOSITORY, 200,
          {"content-type": "application/json; charset=utf-8"}, body,
          flat(dict(releases["source"], path=releases["source"]["paths"][0],
                    note="recorded releases of octokit/octokit.rb and a test repository, put together and served as "
                         + HISTORY_REPOSITORY + "'s: not one recorded answer")))
    answer = blob["interactions"][0]
    write("blob-sferik-rails_admin-readme.json",
          "/repos/%s/git/blobs/%s" % (HISTORY_REPOSITORY, answer["response_body"]["sha"]), 200,
          {"content-type": "application/json; charset=utf-8"}, answer["response_body"],
          flat(dict(blob["source"], path=blob["source"]["paths"][0], recorded_at=answer["recorded_at"],
                    edited="served as a blob of " + HISTORY_REPOSITORY)))
    write_made_up_blobs(recursive["response_body"]["tree"])


# Made-up contents of a few of the tree's files (scripts/demo-files/PATH), so the demo's Files tab shows
# highlighted Ruby, ERB, JavaScript, CSS and YAML: served under the tree's recorded blob sha of PATH.
DEMO_FILES = os.path.join(HERE, "demo-files")
# Git's empty blob: its contents are known from its sha (.gitkeep, favicon.ico, an empty view).
EMPTY_BLOB = "e69de29bb2d1d6434b8b29ae775ad8c2e48c5391"


def blob_body(sha, data):
    """A blob as GitHub answers GET git/blobs/SHA: base64 in lines of 60 characters, with the size."""
    encoded = base64.b64encode(data).decode()
    lines = [encoded[i:i + 60] for i in range(0, len(encoded), 60)]
    return {"sha": sha, "size": len(data), "encoding": "base64", "content": "".join(line + "\n" for line in lines),
            "url": "https://api.github.com/repos/%s/git/blobs/%s" % (HISTORY_REPOSITORY, sha)}


def write_made_up_blobs(tree):
    """One answer per made-up file. The tree's `size` stays the real file's; the blob's is these bytes'."""
    sha_of = {entry["path"]: entry["sha"] for entry in tree if entry["type"] == "blob"}
    headers = {"content-type": "application/json; charset=utf-8"}
    for folder, _, names in sorted(os.walk(DEMO_FILES)):
        for name in sorted(names):
            full = os.path.join(folder, name)
            path = os.path.relpath(full, DEMO_FILES)
            sha = sha_of[path]  # a file the recorded tree does not name is a mistake here
            with open(full, "rb") as f:
                data = f.read()
            paths = sorted(p for p, s in sha_of.items() if s == sha)
            write("blob-sferik-rails_admin-%s.json" % path.replace("/", "-"),
                  "/repos/%s/git/blobs/%s" % (HISTORY_REPOSITORY, sha), 200, headers, blob_body(sha, data),
                  {"note": "made-up demo data (not from GitHub): contents written for github-tui --demo "
                           "(scripts/demo-files/%s), served under the recorded tree's blob sha of %s"
                           % (path, ", ".join(paths))})
    empty = sorted(p for p, s in sha_of.items() if s == EMPTY_BLOB)
    if empty:
        write("blob-sferik-rails_admin-empty.json", "/repos/%s/git/blobs/%s" % (HISTORY_REPOSITORY, EMPTY_BLOB),
              200, headers, blob_body(EMPTY_BLOB, b""),
              {"note": "derived, not recorded: git's empty blob (its sha is that of no bytes), named in the "
                       "recorded tree by " + ", ".join(empty)})


def write_made_up_owner():
    login = "demo-unicode"
    note = {"note": "made-up demo data (not from GitHub): wide characters and hostile text"}
    user = {"login": login, "id": 1, "type": "User", "name": "Demo data — not a real account",
            "avatar_url": AVATAR_URL % login,
            "bio": "Made up for github-tui --demo", "public_repos": 6, "html_url": "https://github.com/" + login}
    write("user-demo-unicode.json", "/users/" + login, 200, {}, user, note)
    samples = [
        ("nihongo", "デモデータ: 全角文字の表示を確認するための説明文です (demo data)", "Swift", 1234),
        ("emoji-party", "Demo data: emoji 🎉🚀✨ and a family 👨‍👩‍👧 and a flag 🇯🇵", "Rust", 98765),
        ("hostile-text", "Demo data: \u001b]0;pwned\u0007 escape sequences \u001b[31mred\u001b[0m \u001b[2J must be harmless\r\nsecond line", "C", 7),
        ("combining-marks", "Demo data: combining marks cafe\u0301 and zero\u200bwidth and bidi \u202eevil\u202c", None, 0),
        ("hangul", "Demo data: 한국어 설명과 中文说明 mixed with ASCII", "Go", 42),
        ("a-very-long-repository-name-that-keeps-going-and-going", "Demo data: a long name and a long description " * 4, "Python", 5),
    ]
    repos = []
    for i, (name, description, language, stars) in enumerate(samples):
        repos.append({"id": 900001 + i, "name": name, "full_name": login + "/" + name,
                      "owner": {"login": login, "id": 1, "type": "User", "avatar_url": AVATAR_URL % login},
                      "private": False,
                      "html_url": "https://github.com/" + login + "/" + name, "description": description,
                      "fork": False, "language": language, "stargazers_count": stars, "watchers_count": stars,
                      "forks_count": i, "open_issues_count": i, "default_branch": "main",
                      "created_at": "2020-01-0%dT00:00:00Z" % (i + 1), "updated_at": "2024-06-0%dT12:00:00Z" % (i + 1),
                      "pushed_at": "2024-06-0%dT12:00:00Z" % (i + 1)})
    write("repos-demo-unicode.json", "/users/" + login + "/repos", 200, {}, repos, note)
    return repos


# sferik's starred list (GET /users/sferik/starred): made up, since no recording of it exists. It
# holds bundled repositories only (so their commits, READMEs and /repos answers stay in the demo):
# five of codeforamerica's, two of demo-unicode's and one of sferik's own, in this order (GitHub
# lists the most recently starred first).
STARRED = ["codeforamerica/adopt-a-hydrant", "demo-unicode/nihongo", "codeforamerica/open311",
           "sferik/active_admin", "codeforamerica/councilmatic", "demo-unicode/emoji-party",
           "codeforamerica/wheresmyschoolbus", "codeforamerica/lunch_roulette"]


def write_made_up_starred(*lists):
    by_name = {r["full_name"]: r for repositories in lists for r in repositories}
    starred = [by_name[name] for name in STARRED]
    write("starred-sferik.json", "/users/sferik/starred", 200, {}, starred,
          {"note": "made-up demo data (no recording of sferik's starred repositories exists): "
                   "bundled repositories of the demo owners, as listed in scripts/make-demo-data.py"})


# Made-up commits: plausible everyday messages, picked deterministically per repository.
MESSAGES = [
    "Fix typo in README", "Update dependencies", "Add tests for the edge cases in the parser",
    "Refactor configuration loading", "Handle empty responses gracefully", "Bump version",
    "Merge pull request #%d from contributor/patch-1", "Improve error messages", "Remove unused code",
    "Document the public API", "Speed up the build on CI", "Fix off-by-one in pagination",
    "Add a usage example", "Clean up whitespace", "Support newer runtime versions",
    "Fix deprecation warnings", "Extract helper for date formatting", "Add licence file",
]
# The made-up owner's repositories get messages in the spirit of their descriptions.
UNICODE_MESSAGES = {
    "nihongo": ["説明文を更新 (demo data)", "全角文字の幅を修正", "READMEに日本語の例を追加"],
    "emoji-party": ["Add 🎉 to the changelog", "Fix 👨‍👩‍👧 family rendering", "Ship it 🚀✨"],
    "hostile-text": ["Demo: \u001b[31mred\u001b[0m in a commit message", "Demo: \u001b]0;pwned\u0007 title escape",
                     "Demo: bidi \u202eevil\u202c and a\r\ncarriage return"],
    "combining-marks": ["Cafe\u0301 menu update", "zero\u200bwidth joiner fix", "Normalize combining marks"],
    "hangul": ["한국어 설명 추가", "中文说明更新", "Mixed 한국어 and ASCII message"],
}
AUTHORS = ["Alex Example", "Sam Example", "Robin Example", "Kim Example", "Jo Example"]


def iso(seconds):
    import time
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(seconds))


def parse_iso(text):
    import calendar
    import time
    return calendar.timegm(time.strptime(text, "%Y-%m-%dT%H:%M:%SZ"))


def write_made_up_commits(repository):
    full_name = repository["full_name"]
    owner, name = full_name.split("/")
    seed = hashlib.sha256(full_name.encode()).digest()
    latest = parse_iso(repository.get("pushed_at") or repository.get("updated_at") or repository["created_at"])
    messages = UNICODE_MESSAGES.get(name) if owner == "demo-unicode" else None
    commits, when = [], latest
    for i in range(3):
        sha = hashlib.sha1(("github-tui demo commit %d of %s" % (i, full_name)).encode()).hexdigest()
        if messages:
            message = messages[i]
        else:
            message = MESSAGES[seed[i] % len(MESSAGES)]
            if "%d" in message:
                message = message % (1 + seed[i + 3] % 120)
        author = AUTHORS[seed[i + 6] % len(AUTHORS)]
        person = {"name": author, "email": author.split()[0].lower() + "@example.com", "date": iso(when)}
        commits.append({"sha": sha, "commit": {"author": person, "committer": person,
                                               "message": message + "\n\n(Made-up demo commit: github-tui --demo.)"},
                        "author": None, "committer": None, "parents": []})
        # The previous commit: 2 to 50 hours earlier.
        when -= 3600 * (2 + seed[i + 9] % 49)
    for newer, older in zip(commits, commits[1:]):
        newer["parents"] = [{"sha": older["sha"]}]
    note = {"note": "made-up demo data (not from GitHub): commits generated by scripts/make-demo-data.py, "
                    "deterministically from the repository's name"}
    write("commits-%s-%s.json" % (owner, name), "/repos/%s/commits" % full_name, 200,
          {"content-type": "application/json; charset=utf-8"}, commits, note)


def png_rgb(width, height, rows):
    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    idat = zlib.compress(b"".join(b"\x00" + bytes(row) for row in rows), 9)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", idat) + chunk(b"IEND", b"")


def identicon(login, size=64, grid=5):
    """A made-up 64x64 identicon: a 5x5 grid mirrored left to right, coloured from the MD5 of the login."""
    digest = hashlib.md5(login.encode()).digest()
    hue = (digest[0] * 256 + digest[1]) % 360 / 360.0
    import colorsys
    red, green, blue = (round(c * 255) for c in colorsys.hls_to_rgb(hue, 0.55, 0.6))
    background = (240, 240, 240)
    cells = [[False] * grid for _ in range(grid)]
    for index in range(grid * ((grid + 1) // 2)):
        column, row = divmod(index, grid)
        on = (digest[2 + index // 2] >> (4 * (index % 2))) & 1 == 0
        cells[row][column] = cells[row][grid - 1 - column] = on
    cell = (size - 4) // grid          # 12 px cells inside a 2 px margin
    margin = (size - cell * grid) // 2
    rows = []
    for y in range(size):
        row = []
        for x in range(size):
            gx, gy = (x - margin) // cell, (y - margin) // cell
            inside = 0 <= x - margin < cell * grid and 0 <= y - margin < cell * grid
            row += (red, green, blue) if inside and cells[gy][gx] else background
        rows.append(row)
    return png_rgb(size, size, rows)


if __name__ == "__main__":
    main()
