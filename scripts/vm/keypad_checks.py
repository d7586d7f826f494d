"""The keypad check of the VM test (issue 34): a uinput keypad plugged in beside the touchscreen starts audio mode
and its guide; 5 and 2 walk the first line to University and Enter opens its journey from North Gate. The kiosk
logs each phrase list it says ("said: a | b | ..."); the samples went through ALSA's file plugin into a raw file the
guest measures per step (speech_stats.py). The figures printed here are the step's text and audio lengths."""
import re

from kiosk_checks import collect, frames_of, markers

FIRST_LINE, FIRST_STATION, STATION = "Red Line", "Hilltop", "University"
ORIGIN, DESTINATION = "north-gate", "university"
# espeak-ng's default rate is 175 words a minute, about 14 characters a second of English text; a step whose audio
# is far off that (half or twice as fast) was cut short or padded, not spoken.
CHARS_PER_SECOND = (7.0, 28.0)
# Speech, not silence: its RMS and the share of 10 ms windows above 1 % of full scale.
MIN_RMS, MIN_VOICED = 300.0, 0.3


def said_lists(log):
    """The phrase lists the kiosk said, each a list of phrases, in order."""
    return [line.split("said: ", 1)[1].split(" | ") for line in log if "said: " in line]


def segment(lines, label):
    for line in lines:
        m = re.match(rf"SPEECH-SEGMENT {label} samples=(\d+) rms=([\d.]+) peak=(\d+) voiced=([\d.]+)", line)
        if m:
            return int(m.group(1)), float(m.group(2)), int(m.group(3)), float(m.group(4))
    return None


def keypad_checks(guest, checks):
    lines, _ = collect(guest, r"CHECKPOINT keypad-journey", 600, "the keypad run (CHECKPOINT keypad-journey)")
    frames = frames_of(lines, "keypad-journey")
    problems = markers(lines) + [l for l in lines if l.startswith("KEYPAD-NO-SPEECH")]
    steps = {l.split()[1]: l for l in lines if l.startswith("KEYPAD-STEP ")}
    guest.resume()
    end, _ = collect(guest, r"KEYPAD-END", 60, "the keypad run to stop (KEYPAD-END)")
    log = [l[len("RUN-LOG "):] for l in end if l.startswith("RUN-LOG ")]
    said = said_lists(log)
    for label in ["guide", "walk", "journey"]:
        step = steps.get(label, f"no KEYPAD-STEP {label} line")
        if "inject=0" not in step or "alive=yes" not in step:
            problems.append(f"step {label}: {step}")

    # Plugging the keypad in starts audio mode: the guide, then the focus (the first line).
    plugged = any("keypad plugged in, audio mode starts: metro-kiosk inject keypad" in l for l in log)
    guide = said[0] if said else []
    checks.expect("keypad-plug-in-starts-audio-mode-with-guide",
                  plugged and guide[:1] and guide[0].startswith("Audio mode.") and guide[-1] == FIRST_LINE
                  and not problems,
                  "; ".join(problems + [f"keypad seen: {plugged}", f"first phrases said: {guide}"]))

    # 5, 2, Enter: Hilltop, University, then University's journey (its name first, then the card's sentences), and
    # the card on screen with the route from where the kiosk stands.
    walk_problems = []
    heads = [phrases[0] for phrases in said[1:]]
    if heads != [FIRST_STATION, STATION, STATION]:
        walk_problems.append(f"the lists said after the guide begin {heads}, not {[FIRST_STATION, STATION, STATION]}")
    journey = said[3] if len(said) > 3 else []
    if len(journey) < 3 or not any("North Gate" in p for p in journey[1:]):
        walk_problems.append(f"the journey's phrases do not name the way from North Gate: {journey}")
    last = frames[-1] if frames else {}
    card = last.get("card") or {}
    route = last.get("route") or []
    if card.get("state") != "resting" or route[:1] != [ORIGIN] or route[-1:] != [DESTINATION]:
        walk_problems.append(f"the last frame's card is {card}, route {route}, not resting on {ORIGIN} to {DESTINATION}")
    checks.record("keypad-walks-to-station-and-opens-journey", "; ".join(walk_problems) or None)

    # The samples through ALSA: non-silent, each spoken step as long as its text takes to say.
    rate_line = next((l for l in log if "into ALSA speechfile" in l), None)
    rate = re.search(r"espeak-ng at (\d+) Hz", rate_line or "")
    audio_problems = [] if rate else [f"speech did not start into ALSA speechfile: {[l for l in log if 'speech' in l]}"]
    texts = {"guide": guide, "walk": said[1] + said[2] if len(said) > 2 else [], "journey": journey}
    for label in ["guide", "walk", "journey"] if rate else []:
        measured = segment(lines, label)
        if measured is None:
            audio_problems.append(f"no audio measured for {label}")
            continue
        samples, rms, peak, voiced = measured
        seconds = samples / int(rate.group(1))
        chars = sum(len(p) for p in texts[label])
        pace = chars / seconds if seconds > 0 else float("inf")
        print(f"    keypad {label}: {len(texts[label])} phrases, {chars} characters, {samples} samples ="
              f" {seconds:.2f} s at {rate.group(1)} Hz ({pace:.1f} characters/s), rms {rms:.0f}, peak {peak},"
              f" voiced {voiced:.0%}", flush=True)
        if rms < MIN_RMS or voiced < MIN_VOICED:
            audio_problems.append(f"{label}: nearly silent (rms {rms:.0f}, voiced {voiced:.0%})")
        # The walk's two lists interrupt each other by design (the second key cuts off the first): only the lists
        # spoken to their end have a length to hold to their text.
        if label != "walk" and not CHARS_PER_SECOND[0] <= pace <= CHARS_PER_SECOND[1]:
            audio_problems.append(f"{label}: {seconds:.2f} s for {chars} characters ({pace:.1f}/s, expected"
                                  f" {CHARS_PER_SECOND[0]}-{CHARS_PER_SECOND[1]})")
    checks.record("speech-through-alsa-file-non-silent-plausible-length", "; ".join(audio_problems) or None)

    exit_line = next((l for l in end if l.startswith("RUN-EXIT")), "no RUN-EXIT line")
    checks.expect("keypad-run-exit-0", exit_line == "RUN-EXIT rc=0", f"`run` ended with {exit_line}")
