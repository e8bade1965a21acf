import Foundation
import GitHubEntities
import Testing
@testable import SyntaxHighlighting

/// The Source-highlight adapter: a fixture per language family, the language from the file name, and
/// hostile input (escape sequences, a 10 MB line, invalid UTF-8) in bounded time.
@Suite("Source highlighter")
struct SourceHighlighterTests {
    /// The text of each run of `line`, with its kind.
    private func runs(_ text: HighlightedText, line: Int) -> [String] {
        let utf8 = Array(text.lines[line].utf8)
        return text.runs[line].map { "\($0.kind):" + String(decoding: utf8[$0.bytes], as: UTF8.self) }
    }

    private func highlight(_ source: String, file: String) -> HighlightedText {
        SourceHighlighter.highlight(Data(source.utf8), language: LinguistLanguage.name(forFileName: file))
    }

    @Test("The plugin (Source-highlight is loaded on first use, not linked) is found beside the binary")
    func pluginLoads() {
        #expect(SourceHighlighter.pluginProblem == nil)
        #expect(LanguageDefinitions.isInstalled("ruby.lang"))
        #expect(!LanguageDefinitions.isInstalled("../ruby.lang"))
    }

    @Test func linguistNamesFromFileNames() {
        #expect(LinguistLanguage.name(forFileName: "rails_admin.rb") == "Ruby")
        #expect(LinguistLanguage.name(forFileName: "Gemfile") == "Ruby")
        #expect(LinguistLanguage.name(forFileName: "README.MD") == "Markdown")
        #expect(LinguistLanguage.name(forFileName: "index.html.erb") == "HTML+ERB")
        #expect(LinguistLanguage.name(forFileName: "main.c") == "C")
        #expect(LinguistLanguage.name(forFileName: "x.unknownext") == nil)
        #expect(LinguistLanguage.name(forFileName: "") == nil)
        #expect(LanguageDefinitions.file(forFileName: "a.rb") == "ruby.lang")
        #expect(LanguageDefinitions.file(forFileName: "a.md") == nil)
    }

    @Test func everyDefinitionNamedIsInstalled() {
        for file in Set(LanguageDefinitions.files.values) {
            #expect(LanguageDefinitions.isInstalled(file), "\(file)")
        }
        #expect(!LanguageDefinitions.isInstalled("../../etc/passwd"))
        #expect(!LanguageDefinitions.isInstalled("nope.lang"))
    }

    @Test("Ruby (scripting family): keywords, strings, comments")
    func ruby() {
        let text = highlight("require 'netrc'\ndef new(options={}) # make one\n  nil\nend\n", file: "octokit.rb")
        #expect(text.outcome == .highlighted)
        #expect(text.lines == ["require 'netrc'", "def new(options={}) # make one", "  nil", "end"])
        #expect(runs(text, line: 0).contains("string:'netrc'"))
        #expect(runs(text, line: 1).first == "keyword:def")
        #expect(runs(text, line: 1).contains("comment:# make one"))
        #expect(runs(text, line: 3) == ["keyword:end"])
    }

    @Test("C (C family): preprocessor, types, keywords, a comment over two lines")
    func cFamily() {
        let text = highlight("#include <stdio.h>\nint main(void) {\n  /* a\n  b */ return 0;\n}\n", file: "main.c")
        #expect(runs(text, line: 0).first?.hasPrefix("preprocessor:") == true)
        #expect(runs(text, line: 1).contains("type:int"))
        #expect(runs(text, line: 2).contains("comment:/* a"))
        #expect(runs(text, line: 3).contains("comment:  b */"))
        #expect(runs(text, line: 3).contains("keyword:return"))
        #expect(runs(text, line: 3).contains("number:0"))
    }

    @Test("Python, shell, SQL, XML, Lisp: each gets its keywords or tags")
    func otherFamilies() {
        #expect(runs(highlight("def f():\n    return 1\n", file: "a.py"), line: 0).first == "keyword:def")
        #expect(runs(highlight("if [ -x a ]; then echo hi; fi\n", file: "run.sh"), line: 0).first == "keyword:if")
        #expect(runs(highlight("SELECT name FROM t;\n", file: "q.sql"), line: 0).contains("keyword:SELECT"))
        #expect(!runs(highlight("<a href=\"x\">t</a>\n", file: "a.xml"), line: 0).isEmpty)
        #expect(!runs(highlight("(defun f (x) x) ; c\n", file: "a.lisp"), line: 0).isEmpty)
    }

    @Test("A language without a definition, and Markdown, are plain")
    func plain() {
        let text = highlight("# Title\n", file: "README.md")
        #expect(text.outcome == .plain && text.runs == [[]])
        #expect(SourceHighlighter.highlight(Data("x".utf8), language: nil).outcome == .plain)
    }

    @Test("Escape sequences and controls never survive; tabs expand; CRLF ends lines")
    func hostileCharacters() {
        let text = highlight("puts \"\u{1B}[2J\u{1B}]52;c;aGk=\u{07}\"\r\n\tx = 1\u{9B}\u{202E}\r\n", file: "a.rb")
        #expect(text.lines == ["puts \"?[2J?]52;c;aGk=?\"", "        x = 1??"])
        for line in text.lines {
            #expect(line.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value != 0x7F && !(0x80..<0xA0).contains($0.value) })
        }
        #expect(runs(text, line: 0).contains("string:\"?[2J?]52;c;aGk=?\""))
    }

    @Test("Invalid UTF-8 becomes U+FFFD and runs stay on character boundaries")
    func invalidUTF8() {
        var bytes = Data("x = \"".utf8)
        bytes.append(contentsOf: [0xFF, 0xC3, 0x28, 0xE2, 0x82])
        bytes.append(contentsOf: Data("\" # é\n".utf8))
        let text = SourceHighlighter.highlight(bytes, language: "Ruby")
        #expect(text.lines[0].contains("\u{FFFD}"))
        for run in text.runs[0] {
            let utf8 = text.lines[0].utf8
            #expect(String(utf8[utf8.index(utf8.startIndex, offsetBy: run.bytes.lowerBound)..<utf8.index(utf8.startIndex, offsetBy: run.bytes.upperBound)]) != nil)
        }
        #expect(runs(text, line: 0).contains("comment:# é"))
    }

    @Test("A 10 MB single line is not highlighted (over the byte bound) and returns quickly")
    func tenMegabyteLine() {
        let data = Data(repeating: UInt8(ascii: "a"), count: 10 << 20)
        let clock = ContinuousClock()
        let elapsed = clock.measure {
            let text = SourceHighlighter.highlight(data, language: "Ruby")
            #expect(text.outcome == .plain && text.lines.count == 1)
        }
        #expect(elapsed < .seconds(5))
    }

    @Test("A 1 MB line of code is highlighted in its first lineBytes only, in bounded time")
    func oneMegabyteLine() {
        let data = Data(String(repeating: "def x; \"s\"; end; ", count: (1 << 20) / 18).utf8)
        let clock = ContinuousClock()
        let elapsed = clock.measure {
            let text = SourceHighlighter.highlight(data, language: "Ruby")
            #expect(text.outcome == .highlighted)
            #expect(text.runs[0].allSatisfy { $0.bytes.upperBound <= SourceHighlighter.Limits().lineBytes })
            #expect(!text.runs[0].isEmpty)
        }
        #expect(elapsed < .seconds(5))
    }

    @Test("The time budget stops highlighting between lines; the rest stays plain")
    func timeBudget() {
        let data = Data(String(repeating: "def x; 1; end\n", count: 50_000).utf8)
        let text = SourceHighlighter.highlight(data, language: "Ruby", limits: .init(milliseconds: 0))
        guard case .timedOut(let lines) = text.outcome else {
            Issue.record("expected a timeout, got \(text.outcome)")
            return
        }
        #expect(lines >= 1 && lines < 50_000)
        #expect(text.runs[lines].isEmpty && text.lines.count == 50_000)
    }

    @Test("Plain first: the lines at once, pending when colours can follow; a stretch's runs are the whole file's")
    func stretches() {
        var source = "=begin\nnot code\n=end\n"
        for index in 0..<600 { source += "def m\(index)(a) # note \(index)\n  'text'\nend\n" }
        let data = Data(source.utf8)
        let whole = SourceHighlighter.highlight(data, language: "Ruby")
        let plain = SourceHighlighter.plain(data, language: "Ruby")
        #expect(plain.lines == whole.lines && plain.outcome == .pending && plain.runs.allSatisfy(\.isEmpty))
        #expect(SourceHighlighter.plain(data, language: nil).outcome == .plain)
        #expect(SourceHighlighter.plain(Data("# x\n".utf8), language: "Markdown").outcome == .plain)
        // From the top (within the lead-in): exact, the block comment included.
        let top = SourceHighlighter.runs(of: whole.lines, in: 0..<40, language: "Ruby")
        #expect(top.outcome == .highlighted && top.runs == Array(whole.runs[0..<40]))
        #expect(top.runs[1].first?.kind == .comment)
        // Far down: highlighted from the lead-in before it, the same runs.
        let far = SourceHighlighter.runs(of: whole.lines, in: 1_500..<1_530, language: "Ruby")
        #expect(far.runs.count == 30 && far.runs == Array(whole.runs[1_500..<1_530]))
        #expect(SourceHighlighter.runs(of: whole.lines, in: 1_790..<5_000, language: "Ruby").runs.count == whole.lines.count - 1_790)
        #expect(SourceHighlighter.runs(of: whole.lines, in: 0..<10, language: nil).outcome == .plain)
    }
}
