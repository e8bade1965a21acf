#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs libFuzzer from a target's main.swift. SwiftPM renames an executable's entry point (so
/// libFuzzer's own `main` cannot be used); this hands the command line to `LLVMFuzzerRunDriver`.
public enum FuzzSupport {
    nonisolated(unsafe) private static var body: (([UInt8]) -> Void)?

    /// Calls `body` with every input libFuzzer generates, then exits with libFuzzer's status.
    /// `body` traps (`fatalError`, a failed precondition, a sanitizer report) to signal a finding.
    public static func run(_ body: @escaping ([UInt8]) -> Void) -> Never {
        Self.body = body
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        let status = LLVMFuzzerRunDriver(&argc, &argv) { data, size in
            FuzzSupport.body?(Array(UnsafeBufferPointer(start: data, count: size)))
            return 0
        }
        exit(status)
    }
}

/// libFuzzer's driver (compiler-rt, linked by -sanitize=fuzzer).
@_silgen_name("LLVMFuzzerRunDriver")
private func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt
