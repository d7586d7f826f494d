// swift-tools-version:6.0
import PackageDescription

// Layers as DESIGN.md draws them: each is a target, and a target imports only the layers below it.
let package = Package(
    name: "metro-kiosk",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "metro-kiosk", targets: ["metro-kiosk"]),
        .executable(name: "metro-bench", targets: ["metro-bench"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "5.0.1"),
        .package(url: "https://github.com/apple/swift-protobuf", from: "1.39.0"),
        .package(url: "https://github.com/weichsel/ZIPFoundation", exact: "0.9.20"),
    ],
    targets: [
        // C libraries from Debian's -dev packages.
        .systemLibrary(name: "CFreeType", path: "Sources/CSystem/CFreeType", pkgConfig: "freetype2",
                       providers: [.apt(["libfreetype-dev"])]),
        .systemLibrary(name: "CHarfBuzz", path: "Sources/CSystem/CHarfBuzz", pkgConfig: "harfbuzz",
                       providers: [.apt(["libharfbuzz-dev"])]),
        // Font fallback by coverage (fontconfig) and the bidirectional algorithm (FriBidi) for labels in any script.
        .systemLibrary(name: "CFontconfig", path: "Sources/CSystem/CFontconfig", pkgConfig: "fontconfig",
                       providers: [.apt(["libfontconfig-dev"])]),
        .systemLibrary(name: "CFriBidi", path: "Sources/CSystem/CFriBidi", pkgConfig: "fribidi",
                       providers: [.apt(["libfribidi-dev"])]),
        .systemLibrary(name: "CPNG", path: "Sources/CSystem/CPNG", pkgConfig: "libpng",
                       providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CCairo", path: "Sources/CSystem/CCairo", pkgConfig: "cairo",
                       providers: [.apt(["libcairo2-dev"])]),
        .systemLibrary(name: "CDRM", path: "Sources/CSystem/CDRM", pkgConfig: "libdrm",
                       providers: [.apt(["libdrm-dev"])]),
        .systemLibrary(name: "CLibinput", path: "Sources/CSystem/CLibinput", pkgConfig: "libinput",
                       providers: [.apt(["libinput-dev"])]),
        // Multitouch protocol A → B translation for older and IR panels' recordings, as libinput does it.
        .systemLibrary(name: "CMtdev", path: "Sources/CSystem/CMtdev", pkgConfig: "mtdev",
                       providers: [.apt(["libmtdev-dev"])]),
        .systemLibrary(name: "CSeat", path: "Sources/CSystem/CSeat", pkgConfig: "libseat",
                       providers: [.apt(["libseat-dev"])]),
        .systemLibrary(name: "CUdev", path: "Sources/CSystem/CUdev", pkgConfig: "libudev",
                       providers: [.apt(["libudev-dev"])]),
        // Speech: espeak-ng synthesis and ALSA playback for audio mode (keypad and speech).
        .systemLibrary(name: "CEspeakNG", path: "Sources/CSystem/CEspeakNG", pkgConfig: "espeak-ng",
                       providers: [.apt(["libespeak-ng-dev"])]),
        // The journey card's QR code (`[card] share_url`): libqrencode, the encoder Debian's qrencode tool uses.
        .systemLibrary(name: "CQRencode", path: "Sources/CSystem/CQRencode", pkgConfig: "libqrencode",
                       providers: [.apt(["libqrencode-dev"])]),
        .systemLibrary(name: "CALSA", path: "Sources/CSystem/CALSA", pkgConfig: "alsa",
                       providers: [.apt(["libasound2-dev"])]),
        // TOML documents (map, config, links file) parsed by toml++ (Debian's libtomlplusplus-dev, header-only with
        // exceptions off) behind a small C API: one allocation per document, freed with it, nothing copied out in C.
        // TOMLKit, used before, never freed a document nor the C copy of any value read (issue 35's reload leak).
        .target(name: "CTOMLDocument", path: "Sources/CSystem/CTOMLDocument",
                cxxSettings: [.unsafeFlags(["-O2"], .when(configuration: .debug))]),
        // The one way into a TOML file: the guard against toml++'s aborts, the parse, the locator of every key and
        // value (`LocatedTOML.parse`), and the document released with its last value.
        .target(name: "TOMLDocument", dependencies: ["CTOMLDocument", "Diagnostics"]),
        // ioctl wrappers for the VT and uinput (Swift cannot call variadic ioctl nor expand _IOW macros).
        .target(name: "CKernel", path: "Sources/CSystem/CKernel"),

        // raster kernels: the pinch resample's passes in SSSE3 (byte shuffle, byte-pair multiply-add), chosen at run
        // time; Swift's SIMD types cannot express them and Swift has no per-function target attribute.
        .target(name: "CRasterKernels", cSettings: [.unsafeFlags(["-O2"], .when(configuration: .debug))]),

        // diagnostics: the one located-problem type every reader reports, and text decoding that locates bad bytes.
        // Optimised in debug builds too (as Raster): the trace readers run per line of recordings of millions of
        // events, and unoptimised byte loops made a 25 MB trace take 20 s in the tests.
        .target(name: "Diagnostics", swiftSettings: [.unsafeFlags(["-O"], .when(configuration: .debug))]),
        // output files: the one writer for every file an operator names (atomic replace; devices refused).
        .target(name: "OutputFile", dependencies: ["Diagnostics"]),
        // json text: the one JSON writer (ordered values, Codable values through its own encoder; issue 36).
        .target(name: "JSONText"),
        // physics: closed-form scroll physics; imports nothing, not even Foundation. Optimised in debug builds too: the
        // feel replays and the screen audits call its small geometry functions millions of times across the module
        // boundary, and optimising it costs about a second of compile time.
        .target(name: "Physics", swiftSettings: [.unsafeFlags(["-O"], .when(configuration: .debug))]),
        // touch input: events, trace readers (streaming), protocol-B decoding (protocol A through libmtdev),
        // velocity trackers, gestures.
        .target(name: "TouchInput", dependencies: ["Physics", "Diagnostics", "CMtdev", .product(name: "Yams", package: "Yams")],
                swiftSettings: [.unsafeFlags(["-O"], .when(configuration: .debug))]),
        // map: model, TOML map format, validation, pMetro import, station graph.
        .target(name: "MetroMap", dependencies: ["Diagnostics", "OutputFile", "TOMLDocument"]),
        // realtime: GTFS-realtime feeds (alerts, trip updates, vehicle positions) decoded with swift-protobuf from
        // code generated once (Sources/Realtime/Generated), their sources polled off the frame thread, the last good
        // feed of each kept on disk, and an immutable snapshot the loop reads.
        // Optimised in debug builds too (as KioskCore): the loop applies each new snapshot's predictions to the
        // departure lists, and the tests and metro-bench run the real captures through it.
        .target(name: "Realtime", dependencies: ["Diagnostics", "OutputFile", "JSONText",
                                                 .product(name: "SwiftProtobuf", package: "swift-protobuf")],
                exclude: ["Generated/README.md"], swiftSettings: [.unsafeFlags(["-O"], .when(configuration: .debug))],
                // URLSession is FoundationNetworking over libcurl; with --static-swift-stdlib (release, the package,
                // the VM test) its archive is linked in and libcurl must be named, as the shared library it is.
                linkerSettings: [.linkedLibrary("curl")]),
        // raster: canvas, coverage rasterizer, stroker, text, PNG. Optimised in debug builds too: unoptimised SIMD
        // resampling made the pinch replays most of `swift test`'s time (-O keeps `@testable import` working).
        .target(name: "Raster", dependencies: ["OutputFile", "CRasterKernels", "CFreeType", "CHarfBuzz", "CFontconfig", "CFriBidi", "CPNG"],
                swiftSettings: [.unsafeFlags(["-O"], .when(configuration: .debug))]),
        // overlay: what is drawn over the map (the station callout, the journey card and its route, the controls and
        // the overview inset): a retained tree of elements, hit-tested before the map and composed over it with
        // per-element damage. Knows nothing of the camera or the loop.
        .target(name: "Overlay", dependencies: ["Physics", "TouchInput", "MetroMap", "Raster", "StationSearch", "CQRencode"]),
        // cartography: the map's drawing, between the map and the kiosk: the drawing (lines side by side on shared track,
        // interchanges, ranked labels), the scene for a camera, the label plan and the obstacles it keeps clear of,
        // the frame renderer that reuses the last frame, and the map's audits (`audit-map`, missing glyphs). Used by
        // the kiosk, `snapshot`, `audit-map` and the bench alike; knows nothing of the camera, the config or the loop.
        // Optimised in debug builds too, as KioskCore: the feel suite builds the scene of every frame it replays.
        .target(name: "Cartography", dependencies: ["MetroMap", "Raster", "Physics", "JSONText", "TOMLDocument"],
                swiftSettings: [.unsafeFlags(["-O"], .when(configuration: .debug))]),
        // speech: audio mode for travellers who cannot see the screen: the keypad's key map and focus over the
        // lines, stations and journey steps, the phrases of what the screen shows (from the overlay's models),
        // espeak-ng synthesis and the speaker thread that plays it, interruptible, into an audio sink.
        .target(name: "Speech", dependencies: ["Overlay", "MetroMap", "TouchInput", "CEspeakNG"]),
        // live timetable: the timetable and the realtime feeds as the kiosk shows them, between Network/Realtime and
        // KioskCore: the timetable with its links to the scheme's stations and the service day (`KioskTimetable`),
        // the live service over it (alerts, predictions, closed stops), the alert strip and marks (`KioskLive`) and
        // the journey card's timed content. Knows nothing of the config, the camera or the loop.
        // Optimised in debug builds too, as KioskCore: the timetable suites word departures for whole service days.
        .target(name: "LiveTimetable", dependencies: ["Network", "Realtime", "Overlay", "MetroMap", "Raster", "Diagnostics"],
                swiftSettings: [.unsafeFlags(["-O"], .when(configuration: .debug))]),
        // kiosk core: config, camera controller, frame scheduler, the run loop (map + overlay).
        // Optimised in debug builds too: the feel suite replays every frame of its 65 gesture replays through the loop, and
        // unoptimised scene building made it 63 of `swift test`'s 94 s (10 s optimised; `@testable` still works).
        .target(name: "KioskCore", dependencies: [
            "Physics", "TouchInput", "MetroMap", "Raster", "Cartography", "Overlay", "OutputFile", "Network", "Realtime",
            "LiveTimetable", "Speech", "StationSearch", "JSONText",
            "TOMLDocument",
        ], swiftSettings: [.unsafeFlags(["-O"], .when(configuration: .debug))]),
        // platform (Linux): backends only: DRM/KMS output, libinput + udev input, session, clock, systemd.
        .target(name: "Platform", dependencies: [
            "KioskCore", "TouchInput", "Physics", "CDRM", "CLibinput", "CUdev", "CSeat", "CKernel", "Speech", "CALSA",
            .product(name: "Logging", package: "swift-log"),
        ]),
        // service: the kiosk's life as a state machine (KioskLife) and the service that runs it over Platform's
        // backends: signals, hotplug, the seat, reloads, sd_notify.
        .target(name: "KioskService", dependencies: [
            "KioskCore", "Platform", "MetroMap", "Raster", "TouchInput", "OutputFile", "Realtime", "LiveTimetable", "Speech",
            "JSONText", "TOMLDocument", .product(name: "Logging", package: "swift-log"),
        ]),
        .executableTarget(name: "metro-kiosk", dependencies: [
            "Physics", "TouchInput", "MetroMap", "Raster", "Cartography", "Overlay", "KioskCore", "Platform", "KioskService",
            "OutputFile", "Network", "StationSearch", "Realtime", "LiveTimetable", "Diagnostics", "JSONText", "TOMLDocument",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
            .product(name: "Logging", package: "swift-log"),
        ]),
        // network: the real timetable. GTFS read in place (zip or folder), compiled to a compact file, linked to the
        // scheme's stations, searched by RAPTOR. Optimised in debug builds too: the tests read whole real feeds
        // (WMATA's 350,000 stop_times) byte by byte.
        .target(name: "Network", dependencies: ["MetroMap", "Diagnostics", "OutputFile",
                                                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
                                                "TOMLDocument"],
                swiftSettings: [.unsafeFlags(["-O"], .when(configuration: .debug))]),
        // station search: every name of every station in every script, folded and romanised through ICU (Foundation's
        // applyingTransform), matched by prefix, word prefix and one typo. Optimised in debug builds too: the search
        // benchmark test types every name of every shared city letter by letter.
        .target(name: "StationSearch", dependencies: ["MetroMap"],
                swiftSettings: [.unsafeFlags(["-O"], .when(configuration: .debug))]),
        // Fuzzing: one harness per input format (library, replayed by tests) and the libFuzzer driver (scripts/fuzz).
        .target(name: "FuzzHarness", dependencies: ["MetroMap", "Cartography", "KioskCore", "TouchInput", "Physics", "Raster", "Realtime", "Network"]),
        .executableTarget(name: "metro-fuzz", dependencies: ["FuzzHarness", "Diagnostics"]),
        // Benchmark only: cairo is a peer to measure against, never a dependency of the kiosk.
        .executableTarget(name: "metro-bench", dependencies: [
            "MetroMap", "Raster", "Cartography", "KioskCore", "Overlay", "TouchInput", "Platform", "CCairo", "Realtime", "Network", "Speech",
            "StationSearch",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),

        .testTarget(name: "OutputFileTests", dependencies: ["OutputFile"]),
        .testTarget(name: "JSONTextTests", dependencies: ["JSONText"]),
        .testTarget(name: "TOMLDocumentTests", dependencies: ["TOMLDocument", "Diagnostics"]),
        .testTarget(name: "FuzzHarnessTests", dependencies: ["FuzzHarness", "Diagnostics"], exclude: ["Hostile"]),
        // Tests. TestSupport: where the repository and ../shared/data are, and what the machine has (tools, devices)
        // for `.enabled(if:)`, shared by every test target.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "PhysicsTests", dependencies: ["Physics"]),
        .testTarget(name: "TouchInputTests", dependencies: ["TouchInput", "Physics", "TestSupport"]),
        .testTarget(name: "RealtimeTests", dependencies: ["Realtime", "TestSupport"]),
        // The hostile inputs are read by path, not bundled.
        .testTarget(name: "MetroMapTests", dependencies: ["MetroMap", "TOMLDocument", "TestSupport"],
                    exclude: ["Hostile/sizes", "Hostile/journey-time"]),
        .testTarget(name: "NetworkTests", dependencies: ["Network", "MetroMap", "Diagnostics", "TestSupport",
                                                        .product(name: "ZIPFoundation", package: "ZIPFoundation")]),
        .testTarget(name: "RasterTests", dependencies: ["Raster", "CFriBidi", "CHarfBuzz"]),
        .testTarget(name: "OverlayTests", dependencies: ["Overlay", "TouchInput", "Physics", "TestSupport", "StationSearch"]),
        .testTarget(name: "StationSearchTests", dependencies: ["StationSearch", "MetroMap", "TestSupport"]),
        .testTarget(name: "KioskCoreTests", dependencies: ["KioskCore", "Cartography", "LiveTimetable", "Overlay", "TestSupport",
                                                          "Network", "Speech", "StationSearch", "TOMLDocument"],
                    exclude: ["Reference", "Hostile/config"]),
        .testTarget(name: "LiveTimetableTests", dependencies: ["LiveTimetable", "Network", "Realtime", "MetroMap", "Overlay", "Raster",
                                                              "Speech", "TestSupport"]),
        .testTarget(name: "CartographyTests", dependencies: ["Cartography", "MetroMap", "Raster", "Physics", "TestSupport"]),
        .testTarget(name: "SpeechTests", dependencies: ["Speech", "Overlay", "MetroMap", "TouchInput", "TestSupport"]),
        .testTarget(name: "PlatformTests", dependencies: ["Platform", "Speech", "Overlay", "MetroMap", "Physics"]),
        .testTarget(name: "KioskServiceTests", dependencies: ["KioskService", "KioskCore", "Cartography", "MetroMap", "Raster", "TouchInput",
                                                          "TestSupport", "Realtime", "Speech", "JSONText"]),
        // Runs the built executable end to end, as an operator would.
        .testTarget(name: "CLITests", dependencies: ["metro-kiosk", "MetroMap", "KioskService", "KioskCore", "Overlay", "Raster", "TestSupport", "Diagnostics"]),
    ]
)

// ThreadSanitizer's build (scripts/tsan-suites) names the test targets its suites live in, in
// METRO_KIOSK_TEST_TARGETS, and gets those and what they import, nothing else: its suites are in 5 of the 17 test
// targets, and instrumenting the whole package (the executables, the end-to-end CLI tests) was the largest extra
// cost of a CI run. Every other build sees the whole package.
if let names = Context.environment["METRO_KIOSK_TEST_TARGETS"] {
    let targetsByName = Dictionary(uniqueKeysWithValues: package.targets.map { ($0.name, $0) })
    var kept = Set<String>()
    var waiting = names.split(separator: " ").map(String.init)
    while let name = waiting.popLast() {
        guard let target = targetsByName[name], kept.insert(name).inserted else { continue }
        for dependency in target.dependencies {
            switch dependency {
            case .targetItem(let name, _), .byNameItem(let name, _): waiting.append(name)
            default: break
            }
        }
    }
    package.targets.removeAll { !kept.contains($0.name) }
    package.products.removeAll()
}
