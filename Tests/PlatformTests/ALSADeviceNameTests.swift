import Platform
import Testing

/// `[audio] device` names read against this machine's ALSA configuration, which (with no sound card here) still
/// defines its plugins: the names ALSA would open or at least understand pass, the malformed ones are named with why.
struct ALSADeviceNameTests {
    @Test(arguments: ["default", "null", "plug:null", "file:FILE=/tmp/speech.raw", "file:FILE=/tmp/speech.raw,FORMAT=raw",
                      "file:'/tmp/a,b.raw'", "plughw:CARD=PCH,DEV=0", "hw:0,0",
                      // Understood, though no such card is plugged in here: the kiosk then speaks silently.
                      "hw:CARD=NoSuchKioskCard,DEV=0"])
    func namesALSAUnderstandsPass(name: String) {
        #expect(ALSADeviceName.problem(with: name) == nil)
    }

    @Test func malformedNamesSayWhy() throws {
        let cases: [(String, String)] = [
            ("nosuchpcm", "ALSA defines no PCM 'nosuchpcm' (aplay -L lists those it does)"),
            ("plughw:CARD=PCH,DEV=0,EXTRA=1", "'plughw' takes no argument 'EXTRA' (it takes CARD, DEV, SUBDEV)"),
            ("hw:CARD=", "'hw': no value for CARD"),
            ("file", "'file' needs FILE (file:FILE=…)"),
            (":0", "':0' names no PCM before its ':'"),
            ("hw:CARD=PCH,0", "'hw': a value without a name ('0') after named ones"),
            ("null:1", "'null' takes 0 arguments, 'null:1' gives more"),
        ]
        for (name, why) in cases {
            #expect(ALSADeviceName.problem(with: name) == why, "\(name)")
        }
    }
}
