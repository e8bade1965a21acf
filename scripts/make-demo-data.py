#!/usr/bin/env python3
"""Builds Resources/Demo/ (the data `github-tui --demo` serves) from the real recorded GitHub API
responses in ../shared/data/github-api (MIT; attribution in Resources/Demo/SOURCES.md).

Each output file is one HTTP answer: {"path", "status", "headers", "body", "source"}. Recorded
answers are kept as recorded, except that Link headers pointing at pages that were never recorded
are dropped. The owner `demo-unicode` is made up, and says so in every field it has: it exists to
show wide characters and hostile text harmlessly.

Usage: scripts/make-demo-data.py [SHARED_DATA_DIR]
"""
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
DATA = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "..", "shared", "data", "github-api")
OUT = os.path.join(ROOT, "Resources", "Demo")
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


def write(filename, path, status, headers, body, source):
    with open(os.path.join(OUT, filename), "w") as f:
        json.dump({"path": path, "status": status, "headers": headers, "body": body, "source": source},
                  f, indent=1, ensure_ascii=False, sort_keys=True)
        f.write("\n")


def main():
    os.makedirs(OUT, exist_ok=True)
    status, headers, body, source = recorded("get-user-sferik-2013.json")
    write("user-sferik.json", "/users/sferik", status, headers, body, source)
    status, headers, body, source = recorded("user-repos-sferik-2013.json")
    write("repos-sferik.json", "/users/sferik/repos", status, headers, body, source)
    status, headers, body, source = recorded("org-repos-codeforamerica-2014.json")
    write("repos-codeforamerica.json", "/users/codeforamerica/repos", status, headers, body, source)
    org_owner = body[0]["owner"]
    made_up_org = {k: org_owner[k] for k in ("login", "id", "avatar_url", "html_url", "type")}
    made_up_org.update({"name": "Code for America (demo: profile built from the recorded repository list's owner)",
                        "public_repos": len(body)})
    write("user-codeforamerica.json", "/users/codeforamerica", 200, {}, made_up_org,
          {"note": "demo data: the owner object of the recorded codeforamerica repository list"})
    status, headers, body, source = recorded("repo-commits-rails_admin-2013.json")
    write("commits-sferik-rails_admin.json", "/repos/sferik/rails_admin/commits", status, headers, body[:3], source)
    write_made_up_owner()


def write_made_up_owner():
    login = "demo-unicode"
    note = {"note": "made-up demo data (not from GitHub): wide characters and hostile text"}
    user = {"login": login, "id": 1, "type": "User", "name": "Demo data — not a real account",
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
                      "owner": {"login": login, "id": 1, "type": "User"}, "private": False,
                      "html_url": "https://github.com/" + login + "/" + name, "description": description,
                      "fork": False, "language": language, "stargazers_count": stars, "watchers_count": stars,
                      "forks_count": i, "open_issues_count": i, "default_branch": "main",
                      "created_at": "2020-01-0%dT00:00:00Z" % (i + 1), "updated_at": "2024-06-0%dT12:00:00Z" % (i + 1),
                      "pushed_at": "2024-06-0%dT12:00:00Z" % (i + 1)})
    write("repos-demo-unicode.json", "/users/" + login + "/repos", 200, {}, repos, note)


if __name__ == "__main__":
    main()
