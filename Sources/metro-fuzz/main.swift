import FuzzHarness

#if FUZZING
/// libFuzzer's entry point; the target comes from METRO_FUZZ_TARGET (one binary holds all of them, so the
/// instrumented build happens once). scripts/fuzz sets it.
nonisolated(unsafe) let fuzzTarget: FuzzTarget = {
    guard let name = getenv("METRO_FUZZ_TARGET").map({ String(cString: $0) }), let target = FuzzTarget(rawValue: name) else {
        fatalError("METRO_FUZZ_TARGET must be one of: \(FuzzTarget.allCases.map(\.rawValue).joined(separator: ", "))")
    }
    return target
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let count = min(size, FuzzTarget.maximumInputBytes)
    fuzzTarget.run(data.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? [])
    return 0
}
#else
import Foundation

/// Without libFuzzer: `metro-fuzz TARGET FILE...` replays inputs through a harness (a finding reproduces here
/// without the sanitizer build).
let arguments = Array(CommandLine.arguments.dropFirst())
guard let name = arguments.first, let target = FuzzTarget(rawValue: name) else {
    FileHandle.standardError.write(Data("usage: metro-fuzz TARGET FILE...\ntargets: \(FuzzTarget.allCases.map(\.rawValue).joined(separator: " "))\n".utf8))
    exit(64)
}
for path in arguments.dropFirst() {
    guard let data = FileManager.default.contents(atPath: path) else {
        FileHandle.standardError.write(Data("\(path): cannot read\n".utf8))
        exit(66)
    }
    target.run(Array(data.prefix(FuzzTarget.maximumInputBytes)))
    print("\(path): ok")
}
#endif
