import Foundation
import Platform
import Speech
import Testing

/// Speech through ALSA without sound hardware: ALSA's `file` plugin writes what is played to a file (its slave is
/// the `null` device), so the bytes that reach the device can be read back.
struct ALSAAudioSinkTests {
    @Test func spokenSamplesReachTheDevice() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("alsa-\(UUID().uuidString).raw").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let synthesizer = try EspeakSynthesizer.shared()
        let samples = try synthesizer.samples(of: SpokenPhrase("Central Square", language: "en"))
        do {
            let sink = try ALSAAudioSink(device: "file:FILE=\(path),FORMAT=raw")
            var errors: [String] = []
            sink.onError = { errors.append($0.description) }
            samples.withUnsafeBufferPointer { sink.play($0, sampleRate: synthesizer.sampleRate) }
            sink.finish()
            #expect(errors.isEmpty)
        }
        let written = try Data(contentsOf: URL(fileURLWithPath: path))
        let expected = samples.withUnsafeBytes { Data($0) }
        #expect(written == expected)
    }

    @Test func anAbsentDeviceIsNamedWithALSAsReason() {
        #expect {
            _ = try ALSAAudioSink(device: "hw:CARD=NoSuchKioskCard,DEV=0")
        } throws: { error in
            let text = (error as? ALSAAudioSink.DeviceError)?.description ?? ""
            return text.hasPrefix("audio device 'hw:CARD=NoSuchKioskCard,DEV=0': ") && text.count > 48
        }
    }
}
