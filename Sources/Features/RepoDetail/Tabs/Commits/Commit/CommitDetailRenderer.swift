import Foundation
import GitHubEntities
import MarkdownRendering
import TerminalKit

/// A commit rendered for one width: styled lines for the cell buffer (drawn like a README, with
/// `MarkdownView.draw`), and where each file's section starts.
struct RenderedCommit: Equatable, Sendable {
    var lines: [StyledLine]
    /// The index in `lines` of each file's header, in the order of the files.
    var fileStarts: [Int]
    /// Whether lines were left out to stay within `CommitDetailRenderer.maximumLines`.
    var isTruncated: Bool
    /// The message's links (`#123`, `o/r#123`, addresses) and the `DiffNotes`' links, link `n` at index `n - 1`.
    var links: [String] = []
    /// Where the files' patches stand when not all are rendered yet (`CommitDetailRenderer.renderFiles`); nil: all are.
    var progress: FilesProgress?
    /// The index in `lines` of each block of `DiffNotes` drawn, in order, and each block's id.
    var noteStarts: [Int] = []
    var noteIDs: [Int64?] = []
    /// Where each drawn line of a patch is in its file, by its index in `lines` (only when asked for).
    var diffLines: [Int: DiffLineRef] = [:]
}

/// A line of a file's patch as drawn: the file's index, and its line in the base (`oldLine`: removed or
/// unchanged) and in the head (`newLine`: added or unchanged).
struct DiffLineRef: Equatable, Sendable {
    var file: Int
    var oldLine: Int?
    var newLine: Int?
}

/// Lines drawn in a file's diff that are not its patch (a pull request's review threads): blocks under a
/// line of the patch (by its index in `PatchParser.parse(patch).lines`), and blocks after the patch (or
/// after the note that there is none). A block under a line the patch's bound cut off goes after it.
struct DiffNotes: Equatable, Sendable {
    var underLine: [Int: [DiffNote]] = [:]
    var after: [DiffNote] = []
}

/// A block of lines drawn in a diff, with what it is the drawing of (a review thread's first comment), and
/// its links, numbered from 1 in its lines: the diff numbers them again after the links drawn before.
struct DiffNote: Equatable, Sendable {
    var id: Int64?
    var lines: [StyledLine]
    var links: [MarkdownLink] = []
}

/// How far a commit's files are rendered: the next file whose patch comes, and the patch lines the
/// budget still allows (`CommitDetailRenderer.maximumLines` over the whole commit).
struct FilesProgress: Equatable, Sendable {
    var nextFile = 0
    var budget = CommitDetailRenderer.maximumLines
}

/// Renders a whole `CommitDetail` (pure): the header (sha, author, committer, dates, parents), the
/// whole message, the stats, the file list with +/− counts, then each file's header and its coloured
/// patch. What GitHub leaves out is said: a file without a patch, more files than GitHub lists.
/// Every string is untrusted and sanitized here; widths are measured with `DisplayWidth`.
enum CommitDetailRenderer {
    /// Lines of patches rendered at most over the whole commit.
    static let maximumLines = 50_000

    /// The styles; attributes carry the distinctions too, so the `mono` theme reads as well.
    enum Styles {
        static let sha = Style(foreground: .yellow, attributes: .bold)
        static let label = Style.dim
        static let added = Style(foreground: .green)
        static let removed = Style(foreground: .red)
        static let hunk = Style(foreground: .cyan, attributes: .dim)
        static let fileHeader = Style(attributes: [.bold, .underline])
        static let note = Style(attributes: [.dim, .italic])
    }

    /// The whole commit.
    static func render(_ detail: CommitDetail, width: Int, now: Date, links context: CommitMessageLinks.Context? = nil) -> RenderedCommit {
        render(detail, width: width, now: now, links: context, linesAtMost: .max)
    }

    /// The commit as far as `linesAtMost` lines (the files' patches a file at a time, so it may go past
    /// them by one file): `progress` says where the rest (`renderFiles`) starts, nil when it is all there.
    static func render(_ detail: CommitDetail, width: Int, now: Date, links context: CommitMessageLinks.Context?,
                       linesAtMost: Int) -> RenderedCommit {
        let width = max(width, 20)
        var lines: [StyledLine] = []
        func line(_ spans: Span...) { lines.append(fitted(StyledLine(spans), width: width)) }
        func blank() { lines.append(StyledLine()) }

        line(Span("commit ", style: Styles.label), Span(Sanitizer.line(detail.sha), style: Styles.sha))
        let labels = [tr("commitDetail.author"), tr("commitDetail.committer"), tr("commitDetail.parents")]
        let labelWidth = labels.map(\.displayWidth).max() ?? 0
        func label(_ text: String) -> Span { Span(text.fitted(toWidth: labelWidth + 1), style: Styles.label) }
        line(label(labels[0]), Span(person(detail.author, now: now)))
        line(label(labels[1]), Span(person(detail.committer, now: now)))
        let parents = detail.parentSHAs.map { Sanitizer.line(String($0.prefix(7))) }
        line(label(labels[2]), parents.isEmpty ? Span(tr("commitDetail.noParents"), style: Styles.label)
                                               : Span(parents.joined(separator: " "), style: Style(foreground: .yellow)))
        blank()
        // The whole message; its first line (the summary) bold; its links numbered.
        var links: [String] = []
        let paragraphs = Sanitizer.text(detail.message).split(separator: "\n", omittingEmptySubsequences: false)
        for (index, paragraph) in paragraphs.enumerated() {
            let wrapped = CommitMessageLinks.lines(String(paragraph), width: width, style: index == 0 ? .bold : .plain,
                                                   context: context, links: &links)
            if wrapped.isEmpty { blank() }
            for styled in wrapped { lines.append(fitted(styled, width: width)) }
        }
        while lines.last == StyledLine() { lines.removeLast() }
        blank()
        if !links.isEmpty {
            for (index, url) in links.enumerated() {
                // "[n] address", the address wrapped under itself (as a README's links are listed).
                let mark = Span("[\(index + 1)]", style: MarkdownTheme.standard.linkNumber, link: index + 1)
                let indent = mark.width + 1
                for (row, part) in url.wrapped(toWidth: max(1, width - indent)).enumerated() {
                    let head = row == 0 ? [mark, Span(" ")] : [Span(String(repeating: " ", count: indent))]
                    lines.append(fitted(StyledLine(head + [Span(part, style: MarkdownTheme.standard.link, link: index + 1)]), width: width))
                }
            }
            blank()
        }

        lines.append(fitted(StyledLine(statsSpans(detail)), width: width))
        if detail.mayHaveMoreFiles {
            line(Span(tr("commitDetail.moreFiles", CommitDetail.maximumFilesPerAnswer), style: Styles.note))
        }
        for file in detail.files { lines.append(fileListLine(file, width: width)) }
        var rendered = RenderedCommit(lines: lines, fileStarts: [], isTruncated: false, links: links, progress: FilesProgress())
        renderFiles(detail.files, into: &rendered, width: width, linesAtMost: linesAtMost)
        return rendered
    }

    /// Changed files as the commit view shows them (a commit's, or a pull request's: the same shape):
    /// one line per file with its counts, then each file's header and its coloured patch.
    /// `fileStarts` count from `startingAt` (the lines that come before these).
    /// `notes`: lines drawn in a file's diff besides its patch, by the file's index (`noteStarts` count
    /// from `startingAt` too).
    /// `recordsLines`: `diffLines` says where each patch line drawn is in its file.
    static func files(_ files: [CommitDetail.File], width: Int, startingAt offset: Int = 0,
                      notes: [Int: DiffNotes] = [:], recordsLines: Bool = false) -> RenderedCommit {
        let width = max(width, 20)
        var rendered = RenderedCommit(lines: files.map { fileListLine($0, width: width) }, fileStarts: [], isTruncated: false,
                                      progress: FilesProgress())
        renderFiles(files, into: &rendered, width: width, startingAt: offset, linesAtMost: .max, notes: notes,
                    recordsLines: recordsLines)
        return rendered
    }

    /// Adds each file's header and coloured patch to `rendered` from where its `progress` stands, until it
    /// holds `linesAtMost` lines (checked before each file) or the files end (`progress` then nil). File
    /// starts count from `startingAt`.
    static func renderFiles(_ files: [CommitDetail.File], into rendered: inout RenderedCommit, width: Int, startingAt offset: Int = 0,
                            linesAtMost: Int, notes: [Int: DiffNotes] = [:], recordsLines: Bool = false) {
        guard var progress = rendered.progress else { return }
        let width = max(width, 20)
        func line(_ spans: Span...) { rendered.lines.append(fitted(StyledLine(spans), width: width)) }
        func draw(_ blocks: [DiffNote]) {
            for block in blocks {
                rendered.noteStarts.append(offset + rendered.lines.count)
                rendered.noteIDs.append(block.id)
                let shift = rendered.links.count
                rendered.links += block.links.map(\.url)
                guard shift > 0, !block.links.isEmpty else {
                    rendered.lines += block.lines
                    continue
                }
                rendered.lines += block.lines.map { movingLinks($0, by: shift, width: width) }
            }
        }
        while progress.nextFile < files.count, rendered.lines.count < linesAtMost {
            let fileNotes = notes[progress.nextFile] ?? DiffNotes()
            let file = files[progress.nextFile]
            progress.nextFile += 1
            rendered.lines.append(StyledLine())
            rendered.fileStarts.append(offset + rendered.lines.count)
            rendered.lines.append(fileHeader(file, width: width))
            // Blocks under lines not drawn go after the file's lines.
            let allUnder = fileNotes.underLine.keys.sorted().flatMap { fileNotes.underLine[$0] ?? [] }
            guard let patch = file.patch else {
                line(Span("  " + tr("commitDetail.noPatch"), style: Styles.note))
                draw(allUnder + fileNotes.after)
                continue
            }
            guard progress.budget > 0 else {
                rendered.isTruncated = true
                line(Span("  " + tr("commitDetail.patchCut", 0), style: Styles.note))
                draw(allUnder + fileNotes.after)
                continue
            }
            let parsed = PatchParser.parse(patch, maximumLines: min(PatchParser.maximumLines, progress.budget))
            progress.budget -= parsed.lines.count
            for (index, patchLine) in parsed.lines.enumerated() {
                if recordsLines {
                    let fileIndex = progress.nextFile - 1
                    let ref: DiffLineRef? = switch patchLine {
                    case .added(_, let new): DiffLineRef(file: fileIndex, newLine: new)
                    case .removed(_, let old): DiffLineRef(file: fileIndex, oldLine: old)
                    case .context(_, let old, let new): DiffLineRef(file: fileIndex, oldLine: old, newLine: new)
                    default: nil
                    }
                    if let ref { rendered.diffLines[offset + rendered.lines.count] = ref }
                }
                rendered.lines.append(fitted(styled(patchLine), width: width))
                if let blocks = fileNotes.underLine[index] { draw(blocks) }
            }
            if parsed.isTruncated {
                rendered.isTruncated = true
                line(Span("  " + tr("commitDetail.patchCut", parsed.lines.count), style: Styles.note))
            }
            let cutOff = fileNotes.underLine.keys.filter { $0 >= parsed.lines.count }.sorted().flatMap { fileNotes.underLine[$0] ?? [] }
            draw(cutOff + fileNotes.after)
        }
        rendered.progress = progress.nextFile < files.count ? progress : nil
    }

    /// "Ada Lovelace <ada@example.com> · 2011-01-21 19:23 UTC (14 y ago)".
    static func person(_ person: CommitDetail.Person, now: Date) -> String {
        var text = Sanitizer.line(person.name)
        if let email = person.email, !email.isEmpty { text += " <\(Sanitizer.line(email))>" }
        if let date = person.date {
            text += " · " + absolute(date) + " (" + Formatting.relative(date, now: now) + ")"
        }
        return text
    }

    /// "2011-01-21 19:23 UTC": the same on every machine (no time zone or locale looked up).
    static func absolute(_ date: Date) -> String {
        let iso = GitHubDate.formatUTC(date) // 2011-01-21T19:23:58Z
        return String(iso.prefix(10)) + " " + String(iso.dropFirst(11).prefix(5)) + " UTC"
    }

    /// "15 files changed, +329 −319".
    private static func statsSpans(_ detail: CommitDetail) -> [Span] {
        let count = detail.files.count
        var spans = [Span(count == 1 ? tr("commitDetail.files.one") : tr("commitDetail.files.other", count))]
        let additions = detail.stats?.additions ?? detail.files.reduce(0) { $0 + $1.additions }
        let deletions = detail.stats?.deletions ?? detail.files.reduce(0) { $0 + $1.deletions }
        spans += [Span(", "), Span("+\(Formatting.grouped(additions))", style: Styles.added), Span(" "),
                  Span("−\(Formatting.grouped(deletions))", style: Styles.removed)]
        return spans
    }

    /// git's letter for a file's status.
    static func statusLetter(_ file: CommitDetail.File) -> String {
        switch file.status {
        case .added: "A"
        case .removed: "D"
        case .modified: "M"
        case .renamed: "R"
        case .copied: "C"
        case .changed: "T"
        case .unchanged: "="
        case nil: "?"
        }
    }

    /// The file's name, `old → new` when renamed or copied with the old name known.
    static func name(_ file: CommitDetail.File) -> String {
        let name = Sanitizer.line(file.filename)
        guard let previous = file.previousFilename, !previous.isEmpty, previous != file.filename else { return name }
        return Sanitizer.line(previous) + " → " + name
    }

    /// " M app/models/user.rb ……… +18 −0": the counts flush right, the name cut from its start.
    private static func fileListLine(_ file: CommitDetail.File, width: Int) -> StyledLine {
        let counts = [Span("+\(Formatting.grouped(file.additions))", style: Styles.added), Span(" "),
                      Span("−\(Formatting.grouped(file.deletions))", style: Styles.removed)]
        let countsWidth = counts.reduce(0) { $0 + $1.width }
        let nameWidth = max(0, width - 3 - 1 - countsWidth)
        let letter = statusLetter(file)
        let letterStyle: Style = switch file.status {
        case .added: Styles.added
        case .removed: Styles.removed
        default: .bold
        }
        return StyledLine([Span(" "), Span(letter, style: letterStyle), Span(" "),
                           Span(leftCut(name(file), toWidth: nameWidth).fitted(toWidth: nameWidth)), Span(" ")] + counts)
    }

    private static func fileHeader(_ file: CommitDetail.File, width: Int) -> StyledLine {
        let counts = "+\(Formatting.grouped(file.additions)) −\(Formatting.grouped(file.deletions))"
        let nameWidth = max(0, width - 2 - 1 - counts.displayWidth)
        return StyledLine([Span(statusLetter(file) + " ", style: .bold),
                           Span(leftCut(name(file), toWidth: nameWidth), style: Styles.fileHeader),
                           Span(" " + counts, style: Styles.label)])
    }

    /// A path too long for `width` keeps its end (the file's own name): "…/rails_admin/history.rb".
    static func leftCut(_ text: String, toWidth width: Int) -> String {
        guard text.displayWidth > width else { return text }
        guard width > 1 else { return String(repeating: "…", count: max(0, width)) }
        var kept: [Character] = []
        var used = 0
        for character in text.reversed() {
            let characterWidth = DisplayWidth.of(character)
            if used + characterWidth > width - 1 { break }
            kept.append(character)
            used += characterWidth
        }
        return "…" + String(kept.reversed())
    }

    static func styled(_ line: PatchLine) -> StyledLine {
        switch line {
        case .hunk(let oldStart, let oldCount, let newStart, let newCount, let section):
            var spans = [Span("@@ -\(oldStart),\(oldCount) +\(newStart),\(newCount) @@", style: Styles.hunk)]
            if !section.isEmpty { spans.append(Span(" " + section, style: Styles.label)) }
            return StyledLine(spans)
        case .added(let text, _): return StyledLine([Span("+" + text, style: Styles.added)])
        case .removed(let text, _): return StyledLine([Span("-" + text, style: Styles.removed)])
        case .context(let text, _, _): return StyledLine([Span(" " + text)])
        case .noNewline: return StyledLine([Span("\\ " + tr("commitDetail.noNewline"), style: Styles.note)])
        case .other(let text): return StyledLine([Span(text, style: Styles.label)])
        }
    }

    /// The line cut to `width` columns (the last span kept ends with "…").
    /// `line` with each link number moved up by `offset` (its `[n]` marks too), fitted to `width` again (a
    /// mark may have grown by a digit); a line without links as it is.
    static func movingLinks(_ line: StyledLine, by offset: Int, width: Int) -> StyledLine {
        guard offset != 0, line.spans.contains(where: { $0.link != nil }) else { return line }
        var moved = line
        for index in moved.spans.indices {
            guard let number = moved.spans[index].link else { continue }
            if moved.spans[index].text == "[\(number)]" { moved.spans[index].text = "[\(number + offset)]" }
            moved.spans[index].link = number + offset
        }
        return fitted(moved, width: width)
    }

    static func fitted(_ line: StyledLine, width: Int) -> StyledLine {
        guard line.width > width else { return line }
        var spans: [Span] = []
        var used = 0
        for span in line.spans {
            let spanWidth = span.width
            if used + spanWidth <= width {
                spans.append(span)
                used += spanWidth
                continue
            }
            let cut = span.text.truncated(toWidth: width - used)
            if !cut.isEmpty { spans.append(Span(cut, style: span.style)) }
            break
        }
        return StyledLine(spans)
    }
}
