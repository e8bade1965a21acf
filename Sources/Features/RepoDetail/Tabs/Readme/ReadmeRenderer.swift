import Foundation
import MarkdownRendering
import TerminalKit

/// Turns a README into the overlay's lines at a width, with cmark-gfm (GitHub's own parser) through
/// `MarkdownDocument`: headings, emphasis, code in boxes, tables fitted to the width, lists, quotes;
/// links numbered `[3]` and listed at the end, relative ones resolved against the default branch.
enum ReadmeRenderer {
    static func render(markdown: String, width: Int, base: ReadmeBase, textLinks: MarkdownTextLinks? = nil) -> RenderedMarkdown {
        MarkdownDocument.render(markdown: markdown, width: max(1, width), baseURL: base.blobPrefix, textLinks: textLinks)
    }

    static func lines(_ rendered: RenderedMarkdown) -> [DetailLine] {
        rendered.lines.map { .markdown($0) }
    }
}
