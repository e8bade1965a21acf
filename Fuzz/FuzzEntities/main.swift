// libFuzzer target (scripts/fuzz): arbitrary bytes as API JSON, through the entity decoders the client
// uses. Decoding may fail; it must never trap, and what decodes must survive the app's formatting.
import Foundation
import FuzzSupport
import GitHubEntities
import TerminalKit

FuzzSupport.run { bytes in
    let data = Data(bytes)
    let decoder = JSONDecoder()
    if let repositories = try? decoder.decode([Repository].self, from: data) {
        for repository in repositories {
            _ = Sanitizer.line(repository.name).displayWidth
            _ = Sanitizer.line(repository.description ?? "").truncated(toWidth: 40)
        }
    }
    if let owner = try? decoder.decode(Owner.self, from: data) { _ = Sanitizer.line(owner.login) }
    if let commits = try? decoder.decode([Commit].self, from: data) {
        for commit in commits { _ = Sanitizer.line(commit.summary).fitted(toWidth: 30); _ = commit.shortSHA }
    }
    _ = try? decoder.decode(SearchPage<Repository>.self, from: data)
    _ = try? decoder.decode(SearchPage<Issue>.self, from: data)
    if let detail = try? decoder.decode(CommitDetail.self, from: data) {
        _ = Sanitizer.line(detail.summary).fitted(toWidth: 30)
        for file in detail.files { _ = Sanitizer.line(file.filename).displayWidth }
        if let encoded = try? JSONEncoder().encode(detail) { _ = try? decoder.decode(CommitDetail.self, from: encoded) }
    }
    _ = try? decoder.decode([Branch].self, from: data)
    // The one-pass readers give what the decoder gives, or nothing.
    if let tree = GitTree(scanning: data), tree != (try? decoder.decode(GitTree.self, from: data)) {
        fatalError("GitTree(scanning:) disagrees with JSONDecoder")
    }
    if let lifted = CommitDetail(liftingPatchesFrom: data), lifted != (try? decoder.decode(CommitDetail.self, from: data)) {
        fatalError("CommitDetail(liftingPatchesFrom:) disagrees with JSONDecoder")
    }
}
