import Foundation
import Testing
import TestSupport

/// Every command that takes `--size WxH` reads it one way (`SizeOption`): the same parse, the same range, the same
/// located message and status 64, refused while the arguments are parsed, before a file is read or a device opened.
struct SizeOptionTests {
    /// Each command with what else it needs to get past its own argument checks.
    static let commands: [[String]] = [
        ["snapshot", "--out", "/nonexistent/x.png"],
        ["audit-map"],
        ["audit-screen"],
        ["run", "--headless"],
        ["velocity", "--trace", "/nonexistent.csv"],
        ["inject", "--trace", "/nonexistent.csv"],
        ["inputs"],
        ["self-test", "/nonexistent.toml"],
    ]

    @Test(arguments: commands)
    func aBadSizeIsRefusedTheSameWayByEveryCommand(command: [String]) throws {
        for (size, reason) in [("800x", "expected WIDTHxHEIGHT in whole pixels, e.g. 1280x800"),
                               ("0x800", "expected WIDTHxHEIGHT in whole pixels, e.g. 1280x800"),
                               ("16385x800", "each side must be 1 to 16384 pixels")] {
            let result = try MetroKioskProcess.run(command + ["--size", size])
            #expect(result.status == 64, "\(command[0]) --size \(size): \(result.stderr)")
            #expect(result.stderr.contains("The value '\(size)' is invalid for '--size <size>': \(reason)"),
                    "\(command[0]) --size \(size): \(result.stderr)")
        }
    }

    /// A touchscreen's axes run 0 to side − 1: a side of 1 pixel is a valid frame but no touchscreen.
    @Test func aTouchscreenNeedsTwoPixelsEachWay() throws {
        for command in [["inject", "--trace", "/nonexistent.csv"], ["inputs", "--seconds", "0"]] {
            let result = try MetroKioskProcess.run(command + ["--size", "1x800"])
            #expect(result.status == 64, "\(command[0]): \(result.stderr)")
            #expect(result.stderr.contains("--size: a touchscreen's axes need at least 2x2 pixels, not 1x800"),
                    "\(command[0]): \(result.stderr)")
        }
    }

    /// The commands that default to the kiosk's screen still say so in `--help` (words joined across its wrapping).
    @Test func theHelpShowsTheKiosksSizeAsTheDefault() throws {
        for command in ["velocity", "inject", "inputs", "run"] {
            let help = try MetroKioskProcess.run([command, "--help"])
            let words = help.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            #expect(words.contains("--size <size>") && words.contains("(default: 1280x800)"), "\(command): \(help.stdout)")
        }
    }
}
