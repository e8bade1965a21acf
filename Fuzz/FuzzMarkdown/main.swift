// libFuzzer target (scripts/fuzz): arbitrary bytes through cmark-gfm and the Markdown renderer, at a
// width taken from the first byte. Nothing may trap; no control character reaches a line or a link;
// no line is wider than the width; the output stays within the renderer's line cap.
import FuzzSupport
import MarkdownRendering
import TerminalKit

FuzzSupport.run { bytes in
    let width = 1 + Int(bytes.first ?? 0) % 130
    let markdown = String(decoding: bytes.dropFirst(), as: UTF8.self)
    let rendered = MarkdownDocument.render(markdown: markdown, width: width,
                                           baseURL: "https://github.com/octo/tool/blob/main/")
    if rendered.lines.count > MarkdownDocument.maximumLines + 1 { fatalError("\(rendered.lines.count) lines") }
    for line in rendered.lines {
        if line.width > width { fatalError("line of \(line.width) columns at width \(width): \(line.text)") }
        for span in line.spans where span.text.unicodeScalars.contains(where: { !Sanitizer.isAllowed($0) }) {
            fatalError("control character in a line")
        }
    }
    for link in rendered.links {
        if (link.url + (link.title ?? "")).unicodeScalars.contains(where: { !Sanitizer.isAllowed($0) }) {
            fatalError("control character in a link")
        }
    }
    // What `/` does with the lines (the app's search is the document pane's, in Features): fold and look.
    let needle = String(markdown.prefix(3)).lowercased()
    _ = needle.isEmpty ? [] : rendered.lines.indices.filter { rendered.lines[$0].text.lowercased().contains(needle) }
    var buffer = Buffer(width: width, height: 5)
    MarkdownView.draw(rendered.lines, into: &buffer, in: buffer.bounds, scrollOffset: Int(bytes.last ?? 0))
}
