import Foundation
import Testing

/// The release is declared once, in debian/changelog; the binary's copy of it must agree.
@Test func versionFlagReportsTheChangelogVersion() throws {
    let version = try #require(BuiltPackage.changelogVersion, "dpkg-parsechangelog (dpkg-dev) could not read debian/changelog")
    let result = try MetroKioskProcess.run(["--version"])
    #expect(result.status == 0)
    #expect(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == version)
}
