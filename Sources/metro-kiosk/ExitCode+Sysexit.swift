import ArgumentParser
import Diagnostics

extension ExitCode {
    /// A command ends with a named status, never a bare number (`SysexitTests` scans the commands for one).
    init(_ status: Sysexit) {
        self.init(status.rawValue)
    }
}
