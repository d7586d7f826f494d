/// The release this binary is. A release is declared in debian/changelog (the package version); this copy
/// lets `metro-kiosk --version` answer without the package, and `scripts/package` and a test refuse a
/// binary whose answer differs from the changelog.
enum MetroKioskVersion {
    static let string = "0.1.0"
}
