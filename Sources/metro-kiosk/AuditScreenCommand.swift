import ArgumentParser
import Foundation
import KioskCore
import MetroMap
import Overlay
import Physics
import Diagnostics
import TOMLDocument

/// Checks what a traveller sees of a route beside the overlay: one JSON object on stdout for one framed view.
struct AuditScreenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "audit-screen",
        abstract: "Audit a framed route beside the journey card and the controls; print one JSON object.",
        discussion: """
            The kiosk standing at FROM (a station id or name) after a tap on TO, the card resting at --anchor, the \
            controls of the config laid out around it, the camera framed as the kiosk frames it. Keys: width, \
            height, route_stations, hidden_route_stations (under an overlay element), cut_route_stations (off \
            screen), hidden_end_labels and cut_end_labels (the destination's plate and "You are here"), \
            you_are_here_shown, map_share (the part of the screen no element occupies), scale, \
            labels_under_elements (station names drawn meeting an element where it rests), route_bends, \
            hidden_route_bends and cut_route_bends (the points the rides bend at between stations). Exit 1 when any \
            route station, bend or end label is hidden or cut or a name is under an element, 65 for an unknown station.
            """)

    @Option(help: "Kiosk config file (TOML).") var config: String?
    @Option(help: "Map file (TOML) or pMetro city folder.") var map: String?
    @Option(help: "Screen size, WxH (1 to 16384 each).", transform: SizeOption.init(parsing:)) var size: SizeOption
    @Option(help: "FROM,TO: where the kiosk stands (station id or name) and the station tapped (id).") var route: String
    @Option(help: "Where the card rests: peek or half.") var anchor: String = "peek"

    func run() throws {
        let settings = try KioskSettingsArgument.load(config)
        let metroMap = try KioskSettingsArgument.map(override: map, settings: settings)
        let ids = route.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        guard ids.count == 2 else { throw ValidationError("--route takes FROM,TO, found \"\(TOMLText.excerpt(route))\"") }
        guard let anchor = CardAnchor(rawValue: anchor), anchor != .full else {
            throw ValidationError("--anchor takes peek or half, found \"\(TOMLText.excerpt(anchor))\"")
        }
        let fonts = try? settings.labelFonts()
        guard let kiosk = try ScreenAudit.Kiosk(config: settings, map: metroMap, from: ids[0], fonts: fonts,
                                                width: size.width, height: size.height,
                                                labels: settings.sceneBuilder(of: metroMap, fonts: fonts, width: size.width,
                                                                              height: size.height)),
              let audit = kiosk.audit(to: ids[1], anchor: anchor) else {
            // Quoted as every echo of input is (escaped, cut at 80): the ids came from the command line (issue 38).
            let place = TOMLText.excerpt(ids[0]), station = TOMLText.excerpt(ids[1])
            FileHandle.standardError.write(Data(
                "audit-screen: --route: no place \"\(place)\" or no station with id \"\(station)\" in \(TOMLText.excerpt(metroMap.name))\n".utf8))
            throw ExitCode(Sysexit.dataError)
        }
        print(audit.json)
        if audit.problems > 0 { throw ExitCode(Sysexit.findings) }
    }
}
