import CSourceHighlight
import GitHubEntities

/// Which of Source-highlight's language definitions (`ruby.lang`, in its data folder) reads a language
/// as GitHub's Linguist names it. Languages without one are shown plain.
public enum LanguageDefinitions {
    /// The definition file for a Linguist language name, nil when Source-highlight has none.
    public static func file(forLinguistName name: String) -> String? {
        files[name]
    }

    /// The definition file for a file name (Linguist's language first), nil when none fits.
    public static func file(forFileName fileName: String) -> String? {
        LinguistLanguage.name(forFileName: fileName).flatMap(file(forLinguistName:))
    }

    /// Whether the definition is installed (Source-highlight's data folder has it).
    public static func isInstalled(_ file: String) -> Bool {
        tui_highlight_has_language(file) != 0
    }

    static let files: [String: String] = [
        "Ada": "ada.lang", "AppleScript": "applescript.lang", "Assembly": "asm.lang", "Awk": "awk.lang",
        "Batchfile": "bat.lang", "BibTeX": "bib.lang", "Bison": "bison.lang", "C": "c.lang", "C#": "csharp.lang",
        "C++": "cpp.lang", "CSS": "css.lang", "OCaml": "caml.lang", "COBOL": "cobol.lang",
        "CoffeeScript": "coffeescript.lang", "D": "d.lang", "Diff": "diff.lang", "Erlang": "erlang.lang",
        "Gherkin": "feature.lang", "Fortran": "fortran.lang", "Fortran Free Form": "fortran.lang",
        "GLSL": "glsl.lang", "Go": "go.lang", "Groovy": "groovy.lang", "Haskell": "haskell.lang",
        "Literate Haskell": "haskell_literate.lang", "Haxe": "haxe.lang", "HTML": "html.lang",
        "HTML+ERB": "html.lang", "Java": "java.lang", "JavaScript": "javascript.lang", "JSON": "json.lang",
        "JSON with Comments": "json.lang", "TeX": "latex.lang", "LilyPond": "lilypond.lang",
        "Common Lisp": "lisp.lang", "Emacs Lisp": "lisp.lang", "Logtalk": "logtalk.lang", "Lua": "lua.lang",
        "M4": "m4.lang", "Makefile": "makefile.lang", "Opa": "opa.lang", "Oz": "oz.lang", "Pascal": "pascal.lang",
        "Perl": "perl.lang", "PHP": "php.lang", "Gettext Catalog": "po.lang", "PostScript": "postscript.lang",
        "Prolog": "prolog.lang", "Java Properties": "properties.lang", "Protocol Buffer": "proto.lang",
        "Python": "python.lang", "R": "r.lang", "Ruby": "ruby.lang", "Rust": "rust.lang", "Scala": "scala.lang",
        "Scheme": "scheme.lang", "Shell": "sh.lang", "Standard ML": "sml.lang", "RPM Spec": "spec.lang",
        "SQL": "sql.lang", "PLSQL": "sql.lang", "PLpgSQL": "sql.lang", "Tcl": "tcl.lang", "Texinfo": "texinfo.lang",
        "Vala": "vala.lang", "VBScript": "vbscript.lang", "Vim Script": "vim.lang", "XML": "xml.lang",
        "XML Property List": "xml.lang", "SVG": "xml.lang", "Lex": "flex.lang", "Objective-C": "c.lang",
        "TypeScript": "javascript.lang", "TSX": "javascript.lang",
        "YAML": "conf.lang", "TOML": "conf.lang", "INI": "conf.lang", "Dockerfile": "sh.lang",
        "Cuda": "cpp.lang", "Objective-C++": "cpp.lang", "Desktop": "desktop.lang", "Slang": "slang.lang",
    ]
}
