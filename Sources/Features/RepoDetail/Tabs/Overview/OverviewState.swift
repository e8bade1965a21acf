import Foundation
import GitHubEntities
import TerminalKit

/// Everything the Overview tab shows, as a value: the repository, what the actions know (badges,
/// the clone), the owner's photo and the latest commits.
struct OverviewState: Equatable {
    var repository: Repository
    var actions = RepoActions.State()
    /// The owner's photo (only where the terminal shows true colours).
    var photo: OwnerPicture?
    var commits: CommitsState = .loading
    /// The languages bar and the last year's commits.
    var pictures = OverviewPictures()
}
