#!/usr/bin/env python3
"""Reads the kiosk's state disk after a power cut (scripts/vm-systemd-test --power-cuts N, mounted on the host, which
replays ext4's journal as the next boot would) and says whether every file the kiosk replaces through OutputFile
survived whole: status.json parses as a JSON object, the Prometheus file is complete lines, each screenshot decodes
(every chunk's CRC, the image data inflates to exactly the rows IHDR promises). Screenshots the guest acknowledged
(`SHOT-DONE B N` on ttyS1, printed after `metro-kiosk screenshot` returned) must be there: a write that returned
was on disk. The control files (the same rename without fsync, scripts/vm/systemd/kiosk-powercut) are counted, not
judged: they show what the check catches when the fsyncs are missing.

A cut in the middle of a write leaves its temporary (`.NAME.XXXXXX`) beside the target; the next replacement of that
target removes it (OutputFile's sweep). With `--leftovers FILE` the temporaries found are kept in FILE with the inode
of their target, and one found after the cut before is a problem now when its target has been replaced since.

Usage: powercut_check.py [--leftovers FILE] STATE_DIR CHECKS_LOG...   (one line of findings; exit 1 when a kiosk file
is torn or lost, or a stale temporary outlived a replacement of its target)
Also: powercut_check.py --self-test   (the checker on made-up whole, cut and empty files)
"""
import json
import os
import re
import struct
import sys
import tempfile
import zlib

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
PROM_LINE = re.compile(r'^(#.*|[a-zA-Z_:][a-zA-Z0-9_:]*(\{[^}]*\})? [-+0-9.eE]+|[a-zA-Z_:][a-zA-Z0-9_:]*(\{[^}]*\})? (NaN|[+-]Inf))$')
CHANNELS = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}


def png_problem(data):
    """Why `data` is not a whole PNG, or None."""
    if not data.startswith(PNG_SIGNATURE):
        return "no PNG signature" if data else "empty"
    at, idat, header = len(PNG_SIGNATURE), [], None
    while True:
        if at + 8 > len(data):
            return f"cut at byte {at} (no IEND)"
        length, kind = struct.unpack(">I4s", data[at:at + 8])
        body = data[at + 8:at + 8 + length]
        if at + 12 + length > len(data):
            return f"chunk {kind!r} at byte {at} runs past the end"
        (crc,) = struct.unpack(">I", data[at + 8 + length:at + 12 + length])
        if zlib.crc32(kind + body) != crc:
            return f"chunk {kind!r} at byte {at}: CRC mismatch"
        at += 12 + length
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat.append(body)
        elif kind == b"IEND":
            break
    if at != len(data):
        return f"{len(data) - at} bytes after IEND"
    if header is None:
        return "no IHDR"
    width, height, depth, colour = header[:4]
    row = 1 + (width * CHANNELS.get(colour, 4) * depth + 7) // 8
    try:
        pixels = zlib.decompress(b"".join(idat))
    except zlib.error as error:
        return f"image data does not inflate: {error}"
    if len(pixels) != row * height:
        return f"image data {len(pixels)} bytes, {row * height} expected"
    return None


def json_problem(data):
    if not data:
        return "empty"
    try:
        value = json.loads(data)
    except ValueError as error:
        return f"not JSON: {error}"
    return None if isinstance(value, dict) else "not a JSON object"


def prom_problem(data):
    if not data:
        return "empty"
    if not data.endswith(b"\n"):
        return "last line cut"
    for number, line in enumerate(data.decode("utf-8", "replace").splitlines(), 1):
        if not PROM_LINE.match(line):
            return f"line {number} malformed: {line[:60]!r}"
    return None


def read(path):
    with open(path, "rb") as handle:
        return handle.read()


TEMPORARY = re.compile(r"^\.(.+)\.[A-Za-z0-9]{6}$")


def inode(path):
    try:
        return os.lstat(path).st_ino
    except FileNotFoundError:
        return None


def temporaries(state):
    """{temporary's path under state: its target's inode (None when there is no target)} for the kiosk's files."""
    found = {}
    for folder in ("", "shots"):
        directory = os.path.join(state, folder)
        for name in sorted(os.listdir(directory)) if os.path.isdir(directory) else []:
            match = TEMPORARY.match(name)
            if match:
                found[os.path.join(folder, name)] = inode(os.path.join(directory, match.group(1)))
    return found


def stale_problems(state, before):
    """The temporaries found after the cut before (`before`, as `temporaries` gave them) still here although their
    target has been replaced (a new inode) since: the sweep before that write should have taken them."""
    problems = []
    for temporary, target_inode in sorted(before.items()):
        target = os.path.join(state, os.path.dirname(temporary), TEMPORARY.match(os.path.basename(temporary)).group(1))
        if target_inode is not None and os.path.exists(os.path.join(state, temporary)) and inode(target) != target_inode:
            problems.append(f"stale temporary {temporary} kept though {os.path.relpath(target, state)} was replaced")
    return problems


def check(state, logs, before=None):
    """(problems, notes) for one state directory after a cut; `before`: the temporaries after the cut before."""
    problems, whole, leftovers = stale_problems(state, before or {}), 0, 0
    acknowledged = set()
    for log in logs:
        for line in read(log).decode("utf-8", "replace").splitlines():
            match = re.match(r"^SHOT-DONE (\d+) (\d+)$", line.strip())
            if match:
                acknowledged.add(f"shot-{match.group(1)}-{match.group(2)}.png")
    kiosk_files = [("status.json", json_problem, True), ("metro-kiosk.prom", prom_problem, True)]
    shots = os.path.join(state, "shots")
    names = sorted(os.listdir(shots)) if os.path.isdir(shots) else []
    kiosk_files += [(os.path.join("shots", name), png_problem, False) for name in names if not name.startswith(".")]
    leftovers += sum(1 for name in names if name.startswith("."))
    leftovers += sum(1 for name in os.listdir(state) if name.startswith("."))
    for name, problem_of, required in kiosk_files:
        path = os.path.join(state, name)
        if not os.path.exists(path):
            if required:
                problems.append(f"{name} missing")
            continue
        problem = problem_of(read(path))
        if problem:
            problems.append(f"{name}: {problem}")
        else:
            whole += 1
    lost = sorted(acknowledged - set(names))
    if lost:
        problems.append(f"{len(lost)} acknowledged screenshots missing: {' '.join(lost[:5])}")
    control = os.path.join(state, "control")
    control_names = [name for name in os.listdir(control) if not name.startswith(".")] if os.path.isdir(control) else []
    torn_control = [name for name in control_names if json_problem(read(os.path.join(control, name)))]
    notes = {"whole": whole, "acknowledged": len(acknowledged), "leftover_temporaries": leftovers,
             "control_files": len(control_names), "control_torn": len(torn_control)}
    return problems, notes


def self_test():
    """Whole files pass; a cut, an empty and a zero-filled screenshot, a cut status and a lost one are each caught."""
    width, height = 3, 2
    raw = b"".join(b"\x00" + bytes(range(width * 4)) for _ in range(height))

    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))
    png = (PNG_SIGNATURE + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0))
           + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))
    assert png_problem(png) is None
    assert png_problem(png[:-5]) and png_problem(b"") == "empty"
    zeroed = png[:40] + bytes(len(png) - 52) + png[-12:]
    assert png_problem(zeroed), "zeroed blocks"
    assert json_problem(b'{"a": 1}') is None and json_problem(b'{"a"') and json_problem(b"")
    assert prom_problem(b"# HELP x y\nx 1\n") is None and prom_problem(b"x 1\nx_") and prom_problem(b"x 1")
    with tempfile.TemporaryDirectory() as state:
        os.mkdir(os.path.join(state, "shots"))
        with open(os.path.join(state, "status.json"), "wb") as handle:
            handle.write(b'{"state": "showing"}')
        with open(os.path.join(state, "metro-kiosk.prom"), "wb") as handle:
            handle.write(b"metro_kiosk_up 1\n")
        with open(os.path.join(state, "shots", "shot-1-1.png"), "wb") as handle:
            handle.write(png)
        log = os.path.join(state, "checks.log")
        with open(log, "wb") as handle:
            handle.write(b"SHOT-DONE 1 1\n")
        assert check(state, [log])[0] == [], check(state, [log])
        with open(log, "ab") as handle:
            handle.write(b"SHOT-DONE 1 2\n")
        assert "acknowledged" in " ".join(check(state, [log])[0])
        with open(os.path.join(state, "status.json"), "wb") as handle:
            handle.write(b"")
        assert "status.json: empty" in check(state, [log])[0]
        # A cut mid-write left a temporary: fine while its target is the same file, a problem once it was replaced.
        with open(os.path.join(state, ".status.json.lD39ZV"), "wb") as handle:
            handle.write(b'{"sta')
        with open(os.path.join(state, ".status.json.notes"), "wb") as handle:
            handle.write(b"not a temporary")
        before = temporaries(state)
        assert list(before) == [".status.json.lD39ZV"], before
        assert stale_problems(state, before) == []
        replacement = os.path.join(state, "status.json.new")
        with open(replacement, "wb") as handle:
            handle.write(b'{"state": "showing"}')
        os.rename(replacement, os.path.join(state, "status.json"))
        assert "stale temporary .status.json.lD39ZV" in " ".join(check(state, [log], before)[0])
        os.unlink(os.path.join(state, ".status.json.lD39ZV"))
        assert stale_problems(state, before) == []
    print("powercut_check: self-test ok (whole files pass; cut, empty, zero-filled and lost files and a stale temporary"
          " are caught)")


def main():
    if sys.argv[1:] == ["--self-test"]:
        self_test()
        return 0
    arguments = sys.argv[1:]
    leftovers = None
    if arguments[:1] == ["--leftovers"] and len(arguments) >= 2:
        leftovers, arguments = arguments[1], arguments[2:]
    if not arguments:
        print(__doc__, file=sys.stderr)
        return 2
    before = {}
    if leftovers and os.path.exists(leftovers):
        with open(leftovers) as handle:
            before = json.load(handle)
    problems, notes = check(arguments[0], arguments[1:], before)
    if leftovers:
        with open(leftovers, "w") as handle:
            json.dump(temporaries(arguments[0]), handle)
    summary = " ".join(f"{key}={value}" for key, value in notes.items())
    if problems:
        print(f"TORN {summary}: " + "; ".join(problems[:8]))
        return 1
    print(f"WHOLE {summary}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
