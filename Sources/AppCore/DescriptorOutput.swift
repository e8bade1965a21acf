import Glibc

/// Writing every byte to a file descriptor: short writes continue where they stopped, interrupted
/// calls are retried.
enum DescriptorOutput {
    /// Writes all of `bytes`; false when the descriptor takes no more (a closed pipe with SIGPIPE
    /// ignored, a full disk), with `errno` telling why.
    static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { return false }
            offset += written
        }
        return true
    }
}
