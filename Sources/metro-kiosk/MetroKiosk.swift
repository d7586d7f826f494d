import ArgumentParser

@main
struct MetroKiosk: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "metro-kiosk",
        abstract: "A touchscreen metro map kiosk for Linux: DRM/KMS output, libinput touch, iOS-like scroll physics.",
        version: MetroKioskVersion.string,
        subcommands: [
            PhysicsCommand.self,
            ImportPMetroCommand.self,
            ImportGTFSCommand.self,
            LinkGTFSCommand.self,
            VelocityCommand.self,
            SnapshotCommand.self,
            AuditMapCommand.self,
            AuditScreenCommand.self,
            RouteCommand.self,
            SearchCommand.self,
            RunCommand.self,
            CheckConfigCommand.self,
            SelfTestCommand.self,
            StatusCommand.self,
            ScreenshotCommand.self,
            SoakCommand.self,
            OutputsCommand.self,
            InjectCommand.self,
            InputsCommand.self,
        ]
    )
}
