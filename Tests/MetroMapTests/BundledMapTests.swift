import Foundation
import Testing
@testable import MetroMap

@Test func dataDirectoryVariableComesFirst() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bundled-map-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory.appendingPathComponent("maps"), withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let source = try #require(BundledMap.demoPath)
    let copy = directory.appendingPathComponent("maps/demo-city.toml")
    try FileManager.default.copyItem(atPath: source, toPath: copy.path)

    setenv(BundledMap.dataDirectoryVariable, directory.path, 1)
    defer { unsetenv(BundledMap.dataDirectoryVariable) }
    #expect(BundledMap.searchDirectories.prefix(2) == [directory.path, directory.path + "/maps"])
    #expect(BundledMap.demoPath == copy.path)
    #expect(BundledMap.searchDirectories.contains("/usr/share/metro-kiosk/maps"))
}
