import Foundation
import TestSupport
import Testing

/// The .deb `scripts/package` built: `METRO_KIOSK_DEB`, else `out/package/metro-kiosk_<changelog version>_<arch>.deb`.
/// Building one needs a release build, so `swift test` alone finds none and skips these tests; `scripts/test`
/// packages the VM test's release binary and then runs this suite with `METRO_KIOSK_DEB` set.
enum BuiltPackage {
    static let changelog = RepositoryPaths.file("debian/changelog").path

    static var changelogVersion: String? {
        let result = Tool.run("/usr/bin/dpkg-parsechangelog", ["-l", changelog, "-S", "Version"])
        return result.status == 0 ? result.stdout.trimmingCharacters(in: .whitespacesAndNewlines) : nil
    }

    static let path: String? = {
        if let named = ProcessInfo.processInfo.environment["METRO_KIOSK_DEB"], !named.isEmpty { return named }
        let arch = Tool.run("/usr/bin/dpkg", ["--print-architecture"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let version = changelogVersion, !arch.isEmpty else { return nil }
        let candidate = RepositoryPaths.file("out/package/metro-kiosk_\(version)_\(arch).deb").path
        return FileManager.default.fileExists(atPath: candidate) ? candidate : nil
    }()

    static let missing = "no package built: run scripts/package (scripts/test does, after the VM test)"

    /// The package's files and its control files (in `DEBIAN/`), unpacked into a temporary folder the caller removes.
    static func unpack() throws -> URL {
        let dir = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("metro-kiosk-deb-\(UUID().uuidString)")
        for (option, target) in [("--extract", dir), ("--control", dir.appendingPathComponent("DEBIAN"))] {
            let result = Tool.run("/usr/bin/dpkg-deb", [option, path ?? "", target.path])
            try #require(result.status == 0, "dpkg-deb \(option): \(result.stderr)")
        }
        return dir
    }

    static func field(_ name: String) -> String {
        Tool.run("/usr/bin/dpkg-deb", ["--field", path ?? "", name]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Package names of a Depends field, alternatives included, without versions or architecture qualifiers.
    static func packageNames(_ relation: String) -> Set<String> {
        Set(relation.split(whereSeparator: { $0 == "," || $0 == "|" }).compactMap { entry in
            entry.split(separator: " ").first.map { String($0.split(separator: ":")[0]) }
        })
    }
}

/// Runs a system tool and captures what it printed.
enum Tool {
    static func run(_ path: String, _ arguments: [String]) -> (status: Int32, stdout: String, stderr: String) {
        guard FileManager.default.isExecutableFile(atPath: path) else { return (127, "", "\(path) is not installed") }
        do {
            let result = try MetroKioskProcess.run(arguments, executable: URL(fileURLWithPath: path))
            return (result.status, result.stdout, result.stderr)
        } catch {
            return (127, "", "\(error)")
        }
    }
}

@Suite(.enabled(if: BuiltPackage.path != nil, Comment(rawValue: BuiltPackage.missing)))
struct DebianPackageTests {
    let deb = BuiltPackage.path ?? ""

    @Test func listsBinaryUnitConffileSysusersFileMapAndManual() throws {
        let listing = Tool.run("/usr/bin/dpkg-deb", ["--contents", deb])
        #expect(listing.status == 0, "\(listing.stderr)")
        // "-rwxr-xr-x root/root 51234 2026-11-23 14:00 ./usr/bin/metro-kiosk": the path is the sixth column.
        let paths = Set(listing.stdout.split(separator: "\n").compactMap { line in
            line.split(separator: " ", omittingEmptySubsequences: true).dropFirst(5).first.map { String($0.dropFirst()) }
        })
        for expected in ["/usr/bin/metro-kiosk", "/lib/systemd/system/metro-kiosk.service", "/etc/metro-kiosk/kiosk.toml",
                         "/lib/udev/rules.d/70-metro-kiosk.rules",
                         "/usr/lib/sysusers.d/metro-kiosk.conf", "/usr/share/metro-kiosk/maps/demo-city.toml",
                         "/usr/share/man/man1/metro-kiosk.1.gz", "/usr/share/doc/metro-kiosk/copyright",
                         "/usr/share/metro-kiosk/configs/demo.toml", "/usr/share/metro-kiosk/demo/links.toml",
                         "/usr/share/metro-kiosk/demo/gtfs/stop_times.txt", "/usr/share/metro-kiosk/demo/realtime/alerts.pb",
                         "/usr/share/metro-kiosk/traces/demo-tour.csv"] {
            #expect(paths.contains(expected), "\(expected) missing from \(deb)")
        }
        // The fonts come from fonts-noto-core, not from a copy of the build machine's.
        #expect(!paths.contains { $0.hasPrefix("/usr/share/metro-kiosk/fonts") || $0.hasPrefix("/etc/fonts") })
        #expect(!paths.contains { $0.hasPrefix("/usr/local") || $0.hasPrefix("/etc/systemd") || $0.hasPrefix("/etc/udev") })
    }

    @Test func configIsAConffileAndTheShippedFilesAreTheRepositorys() throws {
        let unpacked = try BuiltPackage.unpack()
        defer { try? FileManager.default.removeItem(at: unpacked) }
        let conffiles = try String(contentsOf: unpacked.appendingPathComponent("DEBIAN/conffiles"), encoding: .utf8)
        #expect(conffiles.split(separator: "\n") == ["/etc/metro-kiosk/kiosk.toml"])
        let root = RepositoryPaths.root
        for (shipped, source) in [("etc/metro-kiosk/kiosk.toml", "configs/kiosk.toml"),
                                  ("usr/share/metro-kiosk/maps/demo-city.toml", "maps/demo-city.toml"),
                                  ("usr/lib/sysusers.d/metro-kiosk.conf", "debian/metro-kiosk.sysusers"),
                                  ("lib/udev/rules.d/70-metro-kiosk.rules", "systemd/70-metro-kiosk.rules")] {
            let packaged = try Data(contentsOf: unpacked.appendingPathComponent(shipped))
            #expect(packaged == (try Data(contentsOf: root.appendingPathComponent(source))), "\(shipped) differs from \(source)")
        }
    }

    /// The README's demo runs from the installed package: configs/demo.toml, Novograd's timetable, links and alert
    /// (demo/), and the tour it replays headless, shipped as the repository has them and laid out as there, so the
    /// config's relative paths ("../demo/gtfs") hold. check-config accepts the shipped config where it lies,
    /// timetable and links included.
    @Test func shipsTheDemoWithItsTimetableAndItsConfigChecks() throws {
        let unpacked = try BuiltPackage.unpack()
        defer { try? FileManager.default.removeItem(at: unpacked) }
        let root = RepositoryPaths.root
        let files = FileManager.default
        let feed = try files.contentsOfDirectory(atPath: root.appendingPathComponent("demo/gtfs").path)
            .filter { $0.hasSuffix(".txt") }.sorted()
        #expect(feed.contains("stop_times.txt") && feed.contains("frequencies.txt"), "demo/gtfs: \(feed)")
        let shipped = ["configs/demo.toml", "demo/links.toml", "demo/README.md", "demo/realtime/alerts.pb", "traces/demo-tour.csv"]
            + feed.map { "demo/gtfs/" + $0 }
        for source in shipped {
            let packaged = unpacked.appendingPathComponent("usr/share/metro-kiosk/" + source)
            #expect((try? Data(contentsOf: packaged)) == (try Data(contentsOf: root.appendingPathComponent(source))),
                    "/usr/share/metro-kiosk/\(source) missing or differs from \(source)")
        }
        let config = unpacked.appendingPathComponent("usr/share/metro-kiosk/configs/demo.toml").path
        let checked = try MetroKioskProcess.run(["check-config", config])
        #expect(checked.status == 0, "check-config \(config): \(checked.stdout)\(checked.stderr)")
    }

    @Test func unitRunsTheInstalledBinaryAndIsEnabledAfterTheUserExists() throws {
        let unpacked = try BuiltPackage.unpack()
        defer { try? FileManager.default.removeItem(at: unpacked) }
        let unit = try String(contentsOf: unpacked.appendingPathComponent("lib/systemd/system/metro-kiosk.service"),
                              encoding: .utf8)
        #expect(unit.contains("\nExecStart=/usr/bin/metro-kiosk run --config /etc/metro-kiosk/kiosk.toml\n"))
        let sysusers = try String(contentsOf: unpacked.appendingPathComponent("usr/lib/sysusers.d/metro-kiosk.conf"),
                                  encoding: .utf8)
        let entries = sysusers.split(separator: "\n").filter { !$0.hasPrefix("#") }
            .map { $0.split(separator: " ").prefix(3).joined(separator: " ") }
        #expect(entries == ["u metro-kiosk -", "m metro-kiosk video", "m metro-kiosk input", "m metro-kiosk render"])
        // The unit runs as metro-kiosk: the user is made before debhelper's snippet enables and starts it.
        let postinst = try String(contentsOf: unpacked.appendingPathComponent("DEBIAN/postinst"), encoding: .utf8)
        let sysusersCall = try #require(postinst.range(of: "systemd-sysusers"))
        let enable = try #require(postinst.range(of: "deb-systemd-helper enable 'metro-kiosk.service'"))
        #expect(sysusersCall.lowerBound < enable.lowerBound)
        #expect(postinst.contains("deb-systemd-invoke $_dh_action 'metro-kiosk.service'"))
        // The cards already there get the rule's tag before the unit, which waits for one, is started.
        let trigger = try #require(postinst.range(of: "udevadm trigger --settle --subsystem-match=drm --action=change"))
        let start = try #require(postinst.range(of: "deb-systemd-invoke"))
        #expect(trigger.lowerBound < start.lowerBound)
        let postrm = try String(contentsOf: unpacked.appendingPathComponent("DEBIAN/postrm"), encoding: .utf8)
        #expect(postrm.contains("deb-systemd-helper purge 'metro-kiosk.service'"))
    }

    @Test func dependsNamesThePackageOfEveryLinkedLibraryAndNoOther() throws {
        let unpacked = try BuiltPackage.unpack()
        defer { try? FileManager.default.removeItem(at: unpacked) }
        let binary = unpacked.appendingPathComponent("usr/bin/metro-kiosk").path
        let headers = Tool.run("/usr/bin/objdump", ["-p", binary])
        #expect(headers.status == 0, "\(headers.stderr)")
        let needed = headers.stdout.split(separator: "\n").compactMap { line -> String? in
            let words = line.split(separator: " ")
            return words.first == "NEEDED" ? words.last.map(String.init) : nil
        }
        #expect(needed.contains("libinput.so.10") && needed.contains("libdrm.so.2"), "NEEDED: \(needed)")
        // The Swift runtime and Foundation are linked in: a kiosk needs no Swift toolchain.
        #expect(!needed.contains { $0.hasPrefix("libswift") || $0.hasPrefix("libFoundation") || $0.hasPrefix("libdispatch") },
                "NEEDED: \(needed)")

        // Each NEEDED library as the dynamic linker finds it here, and the Debian package that ships it.
        let resolved = Tool.run("/usr/bin/ldd", [binary]).stdout.split(separator: "\n").reduce(into: [String: String]()) { map, line in
            // "\tlibdrm.so.2 => /lib/x86_64-linux-gnu/libdrm.so.2 (0x…)", or for the loader "\t/lib64/ld-linux-x86-64.so.2 (0x…)"
            let parts = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
            if parts.count >= 3, parts[1] == "=>" {
                map[parts[0]] = parts[2]
            } else if let path = parts.first, path.hasPrefix("/") {
                map[URL(fileURLWithPath: path).lastPathComponent] = path
            }
        }
        var linkedPackages = Set<String>()
        for soname in needed {
            let path = try #require(resolved[soname], "ldd does not resolve \(soname)")
            let owner = try #require(owningPackage(path), "no Debian package ships \(path)")
            linkedPackages.insert(owner)
        }
        let depends = BuiltPackage.packageNames(BuiltPackage.field("Depends"))
        #expect(linkedPackages.isSubset(of: depends), "Depends \(depends) lacks \(linkedPackages.subtracting(depends))")
        // Library packages are named lib…, but not all: zlib1g (libz, which ZIPFoundation links for the timetable
        // import) is one that is not.
        let libraryDepends = depends.filter { $0.hasPrefix("lib") || linkedPackages.contains($0) }
        #expect(libraryDepends == linkedPackages, "Depends names libraries the binary does not link: \(libraryDepends.subtracting(linkedPackages))")
        #expect(depends.isSuperset(of: ["fonts-noto-core", "procps", "systemd", "udev"]), "Depends: \(depends)")
        #expect(BuiltPackage.packageNames(BuiltPackage.field("Recommends")) == ["fontconfig", "fonts-noto-cjk"])
    }

    @Test(.enabled(if: HostTools.executable("/usr/bin/lintian") != nil,
                   "lintian is not installed (scripts/package installs it)"))
    func lintianFindsNoErrorsAndNoUnexplainedWarnings() throws {
        let result = Tool.run("/usr/bin/lintian", ["--fail-on", "error,warning", deb])
        #expect(result.status == 0, "lintian: \(result.stdout)\(result.stderr)")
    }

    /// dpkg records files by the path the package ships; on a merged-/usr system the linker's path may be the alias.
    private func owningPackage(_ path: String) -> String? {
        let real = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        var candidates = [path, real]
        for candidate in [path, real] {
            candidates.append(candidate.hasPrefix("/usr/") ? String(candidate.dropFirst(4)) : "/usr" + candidate)
        }
        for candidate in candidates {
            let result = Tool.run("/usr/bin/dpkg-query", ["--search", candidate])
            if result.status == 0, let line = result.stdout.split(separator: "\n").first,
               let package = line.split(separator: ":").first {
                return String(package)
            }
        }
        return nil
    }
}
