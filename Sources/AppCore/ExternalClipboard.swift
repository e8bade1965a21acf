import GitHubAPI

/// A clipboard program to pipe the copied text into, besides OSC 52: `wl-copy` under Wayland,
/// `xclip` or `xsel` under X11, `pbcopy` on macOS. Pure: the caller spawns the argv it returns
/// (writing the text to its standard input) and decides what an absent tool means.
enum ExternalClipboard {
    /// The argv of the first usable clipboard program, or nil, found as every program is
    /// (`ProgramPath`: absolute `$PATH` entries only). `isExecutable` says whether a path is an
    /// executable file (tests pass a set).
    static func command(environment: [String: String],
                        isExecutable: (String) -> Bool = ProgramPath.isExecutableFile) -> [String]? {
        var candidates: [[String]] = []
        if !(environment["WAYLAND_DISPLAY"] ?? "").isEmpty { candidates.append(["wl-copy"]) }
        if !(environment["DISPLAY"] ?? "").isEmpty {
            candidates.append(["xclip", "-selection", "clipboard"])
            candidates.append(["xsel", "--clipboard", "--input"])
        }
        candidates.append(["pbcopy"])   // macOS: no display variable to look at
        let path = environment["PATH"] ?? ""
        for candidate in candidates {
            if let found = ProgramPath.locate(candidate[0], path: path, isExecutable: isExecutable) {
                return [found] + candidate.dropFirst()
            }
        }
        return nil
    }
}
