import Foundation
import Diagnostics
import FuzzHarness

#if FUZZING
/// libFuzzer's entry point (libFuzzer provides `main`); the target comes from METRO_FUZZ_TARGET, so one binary holds
/// all of them and the instrumented build happens once. scripts/fuzz sets it.
let fuzzTarget: FuzzTarget = {
    guard let name = ProcessInfo.processInfo.environment["METRO_FUZZ_TARGET"], let target = FuzzTarget(rawValue: name) else {
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

@_silgen_name("LLVMFuzzerRunDriver")
func runFuzzerDriver(_ argc: UnsafeMutablePointer<CInt>,
                     _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
                     _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> CInt

/// SwiftPM links an executable with `main` aliased to `<module>_main`, so libFuzzer's own `main` is never used;
/// this is that entry point, handing the command line to libFuzzer's driver.
@_cdecl("metro_fuzz_main")
public func metroFuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var count = argc
    var arguments = argv
    return runFuzzerDriver(&count, &arguments, fuzzOneInput)
}
#else
/// Without libFuzzer: `metro-fuzz TARGET FILE...` replays inputs through a harness, so a finding reproduces without
/// the sanitizer build.
@main
struct MetroFuzz {
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        guard let name = arguments.first, let target = FuzzTarget(rawValue: name) else {
            let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: " ")
            FileHandle.standardError.write(Data("usage: metro-fuzz TARGET FILE...\ntargets: \(names)\n".utf8))
            exit(Sysexit.usage.rawValue)
        }
        for path in arguments.dropFirst() {
            guard let data = FileManager.default.contents(atPath: path) else {
                FileHandle.standardError.write(Data("\(path): cannot read\n".utf8))
                exit(Sysexit.noInput.rawValue)
            }
            target.run(Array(data.prefix(FuzzTarget.maximumInputBytes)))
            print("\(path): ok")
        }
    }
}
#endif
