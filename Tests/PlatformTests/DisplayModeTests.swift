import CDRM
import Testing
@testable import Platform

private func mode(_ w: Int, _ h: Int, clockKilohertz: Int, htotal: Int, vtotal: Int, preferred: Bool = false) -> DisplayMode {
    var info = drmModeModeInfo()
    info.hdisplay = UInt16(w)
    info.vdisplay = UInt16(h)
    info.clock = UInt32(clockKilohertz)
    info.htotal = UInt16(htotal)
    info.vtotal = UInt16(vtotal)
    info.vrefresh = UInt32((clockKilohertz * 1000) / (htotal * vtotal))
    info.type = preferred ? UInt32(DRM_MODE_TYPE_PREFERRED) : 0
    return DisplayMode(info: info)
}

// CEA 1080p60 (148.5 MHz, 2200×1125) and its 59.94 Hz sibling (148.352 MHz).
private let p60 = mode(1920, 1080, clockKilohertz: 148_500, htotal: 2200, vtotal: 1125)
private let p5994 = mode(1920, 1080, clockKilohertz: 148_352, htotal: 2200, vtotal: 1125)
private let p50 = mode(1920, 1080, clockKilohertz: 148_500, htotal: 2640, vtotal: 1125, preferred: true)
private let small = mode(1280, 720, clockKilohertz: 74_250, htotal: 1650, vtotal: 750)

@Test func refreshComesFromThePixelClockToTheMillihertz() {
    #expect(p60.refreshMillihertz == 60_000)
    #expect(p5994.refreshMillihertz == 59_940)
    #expect(p60.refreshPeriodMicroseconds == 16_667)
    #expect(p60.description == "1920x1080@60.00")
    #expect(p5994.description == "1920x1080@59.94")
}

@Test func interlacedModesRefreshTwiceTheFrameRate() {
    let hz = DisplayMode.refreshMillihertz(clockKilohertz: 74_250, htotal: 2200, vtotal: 1125, vscan: 0,
                                           flags: UInt32(DRM_MODE_FLAG_INTERLACE), vrefresh: 60)
    #expect(hz == 60_000)
}

@Test func modeRequestsParseSizeAndOptionalRefresh() throws {
    #expect(try ModeRequest(validating: "1920x1080") == ModeRequest(width: 1920, height: 1080))
    #expect(try ModeRequest(validating: "1920x1080@59.94") == ModeRequest(width: 1920, height: 1080, refreshHertz: 59.94))
    for bad in ["", "1920", "1920x", "x1080", "1920x1080@", "1920x1080@fast", "-5x10", "1920x1080@60@60", "0x0"] {
        #expect(throws: DRMError.invalidModeRequest(bad)) { try ModeRequest(validating: bad) }
    }
}

@Test func requestedRefreshPicksTheClosestWithinHalfAHertz() {
    let modes = [p50, p60, p5994, small]
    #expect(ModeRequest(width: 1920, height: 1080, refreshHertz: 59.94).select(from: modes) == p5994)
    #expect(ModeRequest(width: 1920, height: 1080, refreshHertz: 60).select(from: modes) != p50)
    #expect(ModeRequest(width: 1920, height: 1080, refreshHertz: 75).select(from: modes) == nil)
    #expect(ModeRequest(width: 1024, height: 768).select(from: modes) == nil)
}

@Test func sizeOnlyRequestPrefersThePreferredModeThenTheHighestRefresh() {
    #expect(ModeRequest(width: 1920, height: 1080).select(from: [p60, p50, p5994]) == p50)
    let noPreferred = [p5994, p60]
    #expect(ModeRequest(width: 1920, height: 1080).select(from: noPreferred) == p60)
}

@Test func withoutARequestThePreferredModeWinsElseTheFirst() {
    #expect(ModeRequest.defaultMode(from: [small, p60, p50]) == p50)
    #expect(ModeRequest.defaultMode(from: [small, p60]) == small)
    #expect(ModeRequest.defaultMode(from: []) == nil)
}

@Test func connectorNamesAreTypeNameAndIndexAsTheKernelSpellsThem() {
    #expect(DRMConnector.name(type: UInt32(DRM_MODE_CONNECTOR_HDMIA), typeIndex: 1) == "HDMI-A-1")
    #expect(DRMConnector.name(type: UInt32(DRM_MODE_CONNECTOR_VIRTUAL), typeIndex: 1) == "Virtual-1")
    #expect(DRMConnector.name(type: UInt32(DRM_MODE_CONNECTOR_eDP), typeIndex: 2) == "eDP-2")
}
