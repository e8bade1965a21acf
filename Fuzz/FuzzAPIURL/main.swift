// libFuzzer target (scripts/fuzz): arbitrary text as `--api-url`. Validation must never trap, and
// anything it accepts is https, or plain http on a loopback host.
import FuzzSupport
import GitHubAPI

FuzzSupport.run { bytes in
    let text = String(decoding: bytes, as: UTF8.self)
    guard let url = try? APIConfiguration.validatedBaseURL(text) else { return }
    let scheme = url.scheme?.lowercased()
    guard scheme == "https" || scheme == "http" else { fatalError("accepted scheme \(scheme ?? "none")") }
}
