// libFuzzer target (scripts/fuzz): arbitrary text as `--api-url`, as `--hostname`/`GH_HOST`, and as gh's
// hosts.yml. Validation must never trap; an API URL it accepts is https, or plain http on a loopback host;
// a host it accepts has an https API root that validates and a store file name that is one path component.
import FuzzSupport
import GitHubAPI

FuzzSupport.run { bytes in
    let text = String(decoding: bytes, as: UTF8.self)
    for known in GitHubCLIHosts.parse(text) where known.host.name.isEmpty { fatalError("an empty host from hosts.yml") }
    if let host = GitHubHost(text) {
        guard (try? APIConfiguration.validatedBaseURL(host.apiRoot.absoluteString))?.scheme == "https" else {
            fatalError("host \(host.name) has an API root that does not validate")
        }
        let file = host.storeFileName(from: "github-tui.sqlite")
        guard !file.contains("/"), file != ".", file != "..", !file.hasPrefix(".") else { fatalError("store file \(file)") }
    }
    guard let url = try? APIConfiguration.validatedBaseURL(text) else { return }
    let scheme = url.scheme?.lowercased()
    guard scheme == "https" || scheme == "http" else { fatalError("accepted scheme \(scheme ?? "none")") }
}
