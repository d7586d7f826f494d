import MetroMap
import TOMLDocument

/// `[audio]`: the ALSA device speech goes to and its starting volume.
extension KioskConfigLoader {
    static func readAudio(_ table: TOMLTable, into audio: inout AudioSettings, reader: inout ConfigReader) {
        let subject = "[audio]"
        reader.rejectUnknownKeys(in: table, allowed: ["device", "volume"], path: "audio", subject: subject)
        if let device = reader.string(table, "device", path: "audio", subject: subject) {
            // ALSA names are printable ASCII without spaces ("default", "plughw:CARD=PCH,DEV=0", "file:FILE=/x").
            if device.isEmpty || device.unicodeScalars.contains(where: { $0.value <= 0x20 || $0.value >= 0x7F }) {
                reader.error("\(subject): 'device' must be an ALSA device name such as \"default\" or \"plughw:CARD=PCH,DEV=0\" "
                             + "(see aplay -L), found \"\(TOMLText.excerpt(device))\"", at: "audio.device")
            } else {
                audio.device = device
            }
        }
        audio.volume = reader.number(table, "volume", path: "audio", subject: subject, in: 0...1) ?? audio.volume
    }
}
