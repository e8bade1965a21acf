import Foundation

extension RepoListScreenState {
    /// What an action does to the screen state alone (moving, sorting, filtering, help).
    mutating func apply(_ action: RepoListAction) {
        let selection = viewport.selection, page = viewport.height
        switch action {
        case .moveUp:
            if focus == .list, selection == 0 { focusCarousel() } else if focus == .list { select(selection - 1) }
        case .moveDown:
            if focus == .carousel { focus = .list; select(0) } else { select(selection + 1) }
        case .pageUp: if focus == .list { select(selection - page) }
        case .pageDown:
            if focus == .list { select(selection + page) } else { focus = .list; select(0) }
        case .home: select(0); focusCarousel()
        case .end: focus = .list; select(model.displayed.count - 1)
        case .moveLeft: moveCarousel(by: -1)
        case .moveRight: moveCarousel(by: 1)
        case .toggleChangedOnly: toggleChangedOnly()
        case .toggleFavouritesOnly: changeModel(keepingSelection: true) { $0.toggleFavouritesOnly() }
        case .cycleSort: changeModel(keepingSelection: true) { $0.cycleSort() }
        case .startFilter: model.isEditingFilter = true
        case .toggleHelp: modal.showsHelp = true
        default: break
        }
    }
}
