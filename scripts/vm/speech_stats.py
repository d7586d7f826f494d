"""Measures the speech the kiosk wrote through ALSA's file plugin, in the guest (the raw file stays there: sending
it over the serial console would take longer than measuring it). Usage: speech_stats.py FILE LABEL=START:END...,
byte offsets into FILE (END empty for the end of the file). Prints one line per segment:
SPEECH-SEGMENT <label> samples=N rms=R peak=P voiced=F, where voiced is the fraction of 10 ms windows (at 22050 Hz)
whose RMS is above 1 % of full scale: the share of the segment that is sound rather than silence."""
import array
import math
import sys

WINDOW = 220


def stats(samples):
    n = len(samples)
    if n == 0:
        return 0, 0.0, 0, 0.0
    total = sum(s * s for s in samples)
    peak = max(abs(s) for s in samples)
    windows = [samples[i:i + WINDOW] for i in range(0, n, WINDOW)]
    voiced = sum(1 for w in windows if math.sqrt(sum(s * s for s in w) / len(w)) > 327.67)
    return n, math.sqrt(total / n), peak, voiced / len(windows)


def main():
    data = open(sys.argv[1], "rb").read()
    for spec in sys.argv[2:]:
        label, _, span = spec.partition("=")
        start, _, end = span.partition(":")
        chunk = data[int(start or 0):int(end) if end else len(data)]
        samples = array.array("h")
        samples.frombytes(chunk[:len(chunk) // 2 * 2])
        if sys.byteorder != "little":
            samples.byteswap()
        n, rms, peak, voiced = stats(samples)
        print(f"SPEECH-SEGMENT {label} samples={n} rms={rms:.1f} peak={peak} voiced={voiced:.3f}", flush=True)


if __name__ == "__main__":
    main()
