import Foundation
import GitHubEntities

/// A bundled repository as the demo's generated depth needs it (read from the bundled lists).
struct DemoRepository: Sendable {
    var owner: String
    var name: String
    var language: String?
    var description: String
    var defaultBranch: String
    /// The generated dates count back from it (the repository's `pushed_at`).
    var pushedAt: Date

    var fullName: String { "\(owner)/\(name)" }
    var key: String { fullName.lowercased() }

    /// The name as a type name in code (`410_in_140` → `Demo410In140`).
    var typeName: String {
        let words = name.split { !$0.isLetter && !$0.isNumber }.map { $0.prefix(1).uppercased() + $0.dropFirst() }
        let joined = words.joined().filter { $0.isASCII }
        return joined.first?.isLetter == true ? joined : "Demo" + joined
    }

    /// The name as a file or package name (`backbone-todo` → `backbone_todo`).
    var fileName: String {
        let cleaned = String(name.lowercased().map { $0.isASCII && ($0.isLetter || $0.isNumber) ? $0 : "_" })
        return cleaned.isEmpty ? "demo" : cleaned
    }

    init?(json: [String: Any]) {
        guard let fullName = json["full_name"] as? String, let slash = fullName.firstIndex(of: "/") else { return nil }
        owner = String(fullName[..<slash])
        name = String(fullName[fullName.index(after: slash)...])
        language = json["language"] as? String
        description = json["description"] as? String ?? ""
        defaultBranch = json["default_branch"] as? String ?? "master"
        pushedAt = (json["pushed_at"] as? String).flatMap(DemoFiles.date) ?? Date(timeIntervalSince1970: 1_370_000_000)
    }
}

/// The generated files of the demo (SOURCES.md, "Generated depth"): a small tree per repository in its
/// language, each file's text made up and saying so in its first line, its README, and the made-up
/// changes that commits and pull requests show. Everything is drawn from the repository's name and the
/// file's path, so the same repository always has the same files.
enum DemoFiles {
    /// The first line every generated file carries (in the file's comment syntax).
    static let marker = "Made up for github-tui --demo: generated, not this repository's real file."

    static func date(_ text: String) -> Date? { GitHubDate.parse(text) }

    static func iso(_ date: Date) -> String { GitHubDate.formatUTC(date) }

    /// A generated object id (40 hex digits, never all zeros), the same for the same text.
    static func sha(_ seed: String) -> String {
        var random = DemoRandom(seed: seed)
        let digits = Array("0123456789abcdef")
        return String((0..<40).map { index in digits[index == 0 ? 1 + random.next(below: 15) : random.next(below: 16)] })
    }

    /// The paths of a repository's generated tree, by its language.
    static func paths(of repository: DemoRepository) -> [String] {
        let name = repository.fileName
        let common = ["README.md", "LICENSE.md", "CHANGELOG.md", ".gitignore"]
        switch repository.language {
        case "Ruby":
            return common + ["Gemfile", "Rakefile", "\(name).gemspec", "lib/\(name).rb", "lib/\(name)/version.rb",
                             "spec/spec_helper.rb", "spec/\(name)_spec.rb", ".travis.yml"]
        case "JavaScript":
            return common + ["package.json", "index.html", "js/app.js", "js/models/item.js", "css/style.css", "test/app_test.js"]
        case "Python": return common + ["setup.py", "\(name)/__init__.py", "tests/test_\(name).py"]
        case "PHP": return common + ["composer.json", "index.php", "src/\(repository.typeName).php"]
        case "Shell": return common + ["install.sh", "bin/\(name).sh", "config/settings.yml"]
        case "Java": return common + ["src/main/java/\(repository.typeName).java"]
        case "C#": return common + ["src/Program.cs"]
        case "Swift": return common + ["Package.swift", "Sources/\(repository.typeName)/\(repository.typeName).swift"]
        case "Rust": return common + ["Cargo.toml", "src/main.rs"]
        case "C": return common + ["Makefile", "src/main.c"]
        case "Go": return common + ["go.mod", "main.go"]
        default: return common + ["Makefile", "data/notes.txt", "config/settings.yml"]
        }
    }

    /// Whether the demo can make up a text for this file name (not a picture or another binary).
    static func isText(_ path: String) -> Bool {
        let ext = (path as NSString).pathExtension.lowercased()
        return !["png", "gif", "ico", "jpg", "jpeg", "woff", "ttf", "eot", "swf", "gz", "zip", "jar", "pdf"].contains(ext)
    }

    /// The comment syntax of a file: the text before and after a comment.
    static func comment(_ text: String, path: String) -> String {
        let file = (path as NSString).lastPathComponent
        let ext = (file as NSString).pathExtension.lowercased()
        switch ext {
        case "js", "java", "cs", "swift", "rs", "c", "h", "go", "php", "scss": return "// \(text)"
        case "css": return "/* \(text) */"
        case "html", "erb", "xml", "haml": return "<!-- \(text) -->"
        case "md", "mkd", "markdown": return "_\(text)_"
        case "json": return "\"_comment\": \"\(text)\""
        case "txt", "lock", "": return ["Gemfile", "Rakefile", "Makefile", "Guardfile", "Procfile"].contains(file) || file.hasPrefix(".")
            ? "# \(text)" : text
        default: return "# \(text)"
        }
    }

    /// A generated file's text: the marker, then a few plausible lines in the file's language.
    static func text(path: String, of repository: DemoRepository, readme: String?) -> String {
        let file = (path as NSString).lastPathComponent
        let ext = (file as NSString).pathExtension.lowercased()
        let type = (file as NSString).deletingPathExtension.split { !$0.isLetter && !$0.isNumber }
            .map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        let module = repository.typeName, name = repository.fileName
        let mark = comment(marker, path: path)
        let summary = repository.description.isEmpty ? "The \(repository.name) demo project" : repository.description
        let body: String
        switch (file, ext) {
        case ("README.md", _): return readme ?? DemoFiles.readme(of: repository)
        case ("LICENSE.md", _), ("LICENSE", _):
            body = "The MIT License (MIT)\n\nCopyright (c) 2013 \(repository.owner) (an example for the demo)\n\n"
                + "Permission is hereby granted, free of charge, to any person obtaining a copy of this software,\n"
                + "to deal in the Software without restriction.\n\nTHE SOFTWARE IS PROVIDED \"AS IS\", WITHOUT WARRANTY OF ANY KIND."
        case ("CHANGELOG.md", _):
            body = "# Changelog\n\n## 1.2.0\n\n- Timeouts are retried up to three times\n- Words split by two spaces are counted once\n\n"
                + "## 1.1.0\n\n- A changelog\n- Support for Ruby 2.0"
        case (".gitignore", _): body = "*.gem\n.bundle\ncoverage/\nnode_modules/\npkg/\ntmp/"
        case ("Gemfile", _):
            body = "source \"https://rubygems.org\"\n\ngemspec\n\ngroup :development, :test do\n  gem \"rake\", \"~> 10.0\"\n  gem \"rspec\", \"~> 2.14\"\n  gem \"simplecov\", require: false\nend"
        case ("Rakefile", _), (_, "rake"):
            body = "require \"bundler/gem_tasks\"\nrequire \"rspec/core/rake_task\"\n\nRSpec::Core::RakeTask.new(:spec)\n\n# Run the specs by default.\ntask default: :spec\ntask test: :spec"
        case (_, "gemspec"):
            body = "require File.expand_path(\"../lib/\(name)/version\", __FILE__)\n\nGem::Specification.new do |spec|\n"
                + "  spec.name        = \"\(name)\"\n  spec.version     = \(module)::VERSION\n  spec.summary     = \"\(summary.replacingOccurrences(of: "\"", with: "'"))\"\n"
                + "  spec.authors     = [\"Alex Example\"]\n  spec.files       = Dir[\"lib/**/*.rb\"]\n  spec.license     = \"MIT\"\n\n"
                + "  spec.add_development_dependency \"rspec\", \"~> 2.14\"\nend"
        case (_, "rb") where path.hasSuffix("version.rb"): body = "module \(module)\n  VERSION = \"1.2.0\"\nend"
        case (_, "rb") where path.hasSuffix("_spec.rb"):
            body = "require \"spec_helper\"\n\ndescribe \(module) do\n  it \"has a version number\" do\n    expect(\(module)::VERSION).not_to be_nil\n  end\n\n"
                + "  it \"greets by name\" do\n    expect(\(module).greet(\"Ada\")).to eq(\"Hello, Ada!\")\n  end\n\n  it \"counts words\" do\n"
                + "    expect(\(module).count_words(\"one two  three\")).to eq(3)\n  end\nend"
        case (_, "rb"), (_, "ru"):
            let owner = path.hasPrefix("lib/\(name).rb") ? module : (type.isEmpty ? module : type)
            body = "require \"json\"\n\nmodule \(owner)\n  # Says hello to +name+.\n  def self.greet(name)\n    \"Hello, #{name}!\"\n  end\n\n"
                + "  # How many words +text+ has.\n  def self.count_words(text)\n    text.split(/\\s+/).reject(&:empty?).size\n  end\n\n"
                + "  class Error < StandardError; end\n\n  DEFAULTS = { retries: 3, timeout: 10 }.freeze\nend"
        case (_, "js"):
            body = "(function (exports) {\n  'use strict';\n\n  var DEFAULTS = { retries: 3, timeout: 10 };\n\n"
                + "  function \(type.isEmpty ? "app" : type.prefix(1).lowercased() + type.dropFirst())(options) {\n"
                + "    this.options = Object.assign({}, DEFAULTS, options);\n    this.items = [];\n  }\n\n"
                + "  // Adds an item and returns how many there are.\n  exports.add = function (items, title) {\n"
                + "    items.push({ title: title, done: false });\n    return items.length;\n  };\n\n"
                + "  exports.remaining = function (items) {\n    return items.filter(function (item) { return !item.done; }).length;\n  };\n"
                + "})(typeof module === 'undefined' ? this : module.exports);"
        case (_, "css"), (_, "scss"):
            body = "body {\n  font-family: \"Helvetica Neue\", Arial, sans-serif;\n  color: #333;\n  margin: 0 auto;\n  max-width: 40em;\n}\n\n"
                + ".item.done {\n  color: #999;\n  text-decoration: line-through;\n}\n\n#header h1 {\n  font-size: 2em;\n}"
        case (_, "html"), (_, "erb"), (_, "haml"):
            body = "<!DOCTYPE html>\n<html>\n  <head>\n    <title>\(repository.name)</title>\n    <link rel=\"stylesheet\" href=\"css/style.css\">\n"
                + "  </head>\n  <body>\n    <div id=\"header\"><h1>\(repository.name)</h1></div>\n    <ul id=\"items\"></ul>\n"
                + "    <script src=\"js/app.js\"></script>\n  </body>\n</html>"
        case ("package.json", _), ("composer.json", _):
            return "{\n  \(mark),\n  \"name\": \"\(name)\",\n  \"version\": \"1.2.0\",\n  \"description\": \"\(summary.replacingOccurrences(of: "\"", with: "'"))\",\n"
                + "  \"main\": \"js/app.js\",\n  \"scripts\": { \"test\": \"mocha test\" },\n  \"license\": \"MIT\"\n}\n"
        case (_, "json"):
            return "{\n  \(mark),\n  \"name\": \"\(name)\",\n  \"version\": \"1.2.0\"\n}\n"
        case (_, "yml"), (_, "yaml"):
            body = "language: ruby\nrvm:\n  - 1.9.3\n  - 2.0.0\nscript: bundle exec rake\nnotifications:\n  email: false"
        case (_, "py"):
            body = "\"\"\"\(summary.replacingOccurrences(of: "\"", with: "'"))\"\"\"\n\nDEFAULTS = {\"retries\": 3, \"timeout\": 10}\n\n\n"
                + "def greet(name):\n    return \"Hello, %s!\" % name\n\n\ndef count_words(text):\n    return len(text.split())"
        case (_, "php"):
            return "<?php\n\(mark)\n\nclass \(module)\n{\n    const VERSION = '1.2.0';\n\n    public function greet($name)\n    {\n"
                + "        return \"Hello, $name!\";\n    }\n}\n"
        case (_, "sh"):
            return "#!/bin/sh\n\(mark)\nset -e\n\nfor file in $(ls -A files); do\n  ln -sf \"$PWD/files/$file\" \"$HOME/$file\"\n  echo \"linked $file\"\ndone\n"
        case (_, "java"):
            body = "public class \(module) {\n    public static void main(String[] args) {\n        System.out.println(\"Hello, \" + (args.length > 0 ? args[0] : \"world\"));\n    }\n}"
        case (_, "cs"):
            body = "using System;\n\nclass Program\n{\n    static void Main(string[] args)\n    {\n        Console.WriteLine(\"Hello from \(repository.name)\");\n    }\n}"
        case (_, "swift"):
            body = "public enum \(module) {\n    /// Says hello to `name`.\n    public static func greet(_ name: String) -> String {\n        \"Hello, \\(name)!\"\n    }\n}"
        case (_, "rs"): body = "fn main() {\n    let name = std::env::args().nth(1).unwrap_or_else(|| \"world\".to_string());\n    println!(\"Hello, {}!\", name);\n}"
        case (_, "c"): body = "#include <stdio.h>\n\nint main(int argc, char **argv) {\n    printf(\"Hello, %s!\\n\", argc > 1 ? argv[1] : \"world\");\n    return 0;\n}"
        case (_, "go"): body = "package main\n\nimport \"fmt\"\n\nfunc main() {\n\tfmt.Println(\"Hello from \(repository.name)\")\n}"
        case (_, "toml"), ("go.mod", _): body = "[package]\nname = \"\(name)\"\nversion = \"1.2.0\""
        case ("Makefile", _): body = "all: test\n\ntest:\n\t./run-tests.sh\n\nclean:\n\trm -rf build\n\n.PHONY: all test clean"
        default:
            body = "\(repository.name): \(summary)\n\nThis file is part of the github-tui demo's generated data.\nLine four.\nLine five."
        }
        return "\(mark)\n\(body)\n"
    }

    /// A repository's generated README (Markdown): what it is, how it would be used, and that it is made up.
    static func readme(of repository: DemoRepository) -> String {
        let language = repository.language ?? "text"
        let fence = ["Ruby": "ruby", "JavaScript": "javascript", "Python": "python", "Shell": "sh"][language] ?? ""
        let usage: String
        switch repository.language {
        case "Ruby": usage = "require \"\(repository.fileName)\"\n\n\(repository.typeName).greet(\"Ada\")  # => \"Hello, Ada!\""
        case "JavaScript": usage = "var items = [];\nadd(items, 'Write the README');  // => 1\nremaining(items);                // => 1"
        default: usage = "make test"
        }
        let summary = repository.description.isEmpty ? "A small \(language) project." : repository.description
        return """
        # \(repository.name)

        > \(summary)

        *Made up for github-tui --demo: this README is generated, not \(repository.fullName)'s real one (its README was not recorded).*

        ## Installation

        ```sh
        git clone https://github.com/\(repository.fullName).git
        ```

        ## Usage

        ```\(fence)
        \(usage)
        ```

        ## Features

        - [x] Works offline, like the rest of the demo
        - [x] Written in **\(language)**
        - [ ] Real data (the demo has none for this repository)

        | file | what |
        |---|---|
        | `README.md` | this page |
        | `LICENSE.md` | MIT |

        See also [active_admin](https://github.com/sferik/active_admin) and the owner, [\(repository.owner)](https://github.com/\(repository.owner)).

        """
    }

    /// A made-up change to `text` (a generated file): a one-hunk unified diff that changes one line and
    /// adds a line saying the change is made up. `seed` picks the line.
    static func patch(of text: String, path: String, seed: String) -> (patch: String, additions: Int, deletions: Int) {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        var random = DemoRandom(seed: seed)
        let note = comment("Made-up change (github-tui --demo): generated, not this commit's real diff.", path: path)
        guard lines.count > 2 else {
            return ("@@ -0,0 +1,1 @@\n+\(note)", 1, 0)
        }
        let changed = 1 + random.next(below: lines.count - 1)
        let before = max(0, changed - 3), after = min(lines.count, changed + 4)
        var hunk: [String] = []
        for index in before..<after {
            if index == changed {
                let line = lines[index]
                // The line before: its numbers one less (a version, a count); a line without numbers is added.
                let old = String(line.map { $0.isASCII && $0.isNumber ? Character(String((($0.wholeNumberValue ?? 0) + 9) % 10)) : $0 })
                if old == line {
                    hunk.append("+" + note)
                    hunk.append(" " + line)
                    let header = "@@ -\(before + 1),\(after - before) +\(before + 1),\(after - before + 1) @@"
                    return ([header] + hunk + lines[(index + 1)..<after].map { " " + $0 }).joined(separator: "\n")
                        .withCounts(additions: 1, deletions: 0)
                }
                hunk.append("-" + old)
                hunk.append("+" + line)
                hunk.append("+" + note)
            } else {
                hunk.append(" " + lines[index])
            }
        }
        let header = "@@ -\(before + 1),\(after - before) +\(before + 1),\(after - before + 1) @@"
        return ([header] + hunk).joined(separator: "\n").withCounts(additions: 2, deletions: 1)
    }
}

private extension String {
    func withCounts(additions: Int, deletions: Int) -> (patch: String, additions: Int, deletions: Int) {
        (self, additions, deletions)
    }
}
