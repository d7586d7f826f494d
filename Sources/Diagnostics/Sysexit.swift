/// The statuses the kiosk's commands exit with, named once (sysexits.h), so a script or systemd unit that tells
/// "fix the config" (78) from "the kiosk is not running" (69) reads the same number from every command. (Not
/// `ExitStatus`: Swift Testing has a type of that name.)
public enum Sysexit: Int32, Sendable, CaseIterable {
    /// A check found problems (audit-screen's unreadable labels, a search with no result): not an error of input.
    case findings = 1
    /// EX_USAGE: the command line is wrong.
    case usage = 64
    /// EX_DATAERR: an input file (map, trace, feed) is at fault, not the command line.
    case dataError = 65
    /// EX_NOINPUT: an input file is missing or unreadable.
    case noInput = 66
    /// EX_UNAVAILABLE: a service the command needs is absent (no kiosk answering, no font installed).
    case unavailable = 69
    /// EX_CANTCREAT: an output file cannot be written (every `OutputFile` failure).
    case cannotCreate = 73
    /// EX_PROTOCOL: the other end answered, but not in the protocol (a screenshot that is not a PNG).
    case protocolError = 76
    /// EX_CONFIG: the kiosk's configuration is at fault.
    case configError = 78
}
