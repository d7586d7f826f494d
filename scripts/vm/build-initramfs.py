#!/usr/bin/env python3
"""Assembles the VM test's initramfs: busybox, the kernel modules (with their dependencies from modules.dep),
systemd-udevd with its rules, libinput's quirks, the metro-kiosk binary with the shared libraries ldd lists,
the data those libraries read at run time (ALSA's configuration, espeak-ng's voices), fonts, the test's own files,
and the /init script. Writes a newc cpio (uncompressed: TCG unpacks it faster)."""
import argparse
import os
import re
import stat
import subprocess
import sys

MODULES = [
    # display
    "drm", "drm_kms_helper", "ttm", "drm_ttm_helper", "drm_vram_helper", "bochs",
    "virtio", "virtio_ring", "virtio_pci", "virtio-gpu",
    # the control port between harness and guest
    "virtio_console",
    # input: without evdev a uinput device gets no /dev/input/event node; virtio_input for QEMU's tablet
    "uinput", "evdev", "virtio_input",
]


class Archive:
    """Files to put in the cpio, keyed by their path inside it."""

    def __init__(self):
        self.entries = {}  # path -> ("dir",) | ("file", host_path, mode) | ("data", bytes, mode) | ("link", target)

    def add_dir(self, path):
        path = path.strip("/")
        parts = path.split("/")
        for i in range(1, len(parts) + 1):
            p = "/".join(parts[:i])
            if p and p not in self.entries:
                self.entries[p] = ("dir",)

    def add_file(self, host_path, path=None, mode=None):
        path = (path or host_path).strip("/")
        self.add_dir(os.path.dirname(path))
        if os.path.islink(host_path) and path == host_path.strip("/"):
            # Keep the link and bring its target along, as the dynamic loader's paths expect.
            target = os.readlink(host_path)
            self.entries[path] = ("link", target)
            resolved = os.path.normpath(os.path.join(os.path.dirname(host_path), target))
            self.add_file(resolved)
            return
        real = os.path.realpath(host_path)
        self.entries[path] = ("file", real, mode if mode is not None else stat.S_IMODE(os.stat(real).st_mode))

    def add_data(self, path, data, mode=0o644):
        path = path.strip("/")
        self.add_dir(os.path.dirname(path))
        self.entries[path] = ("data", data if isinstance(data, bytes) else data.encode(), mode)

    def add_link(self, path, target):
        path = path.strip("/")
        self.add_dir(os.path.dirname(path))
        self.entries[path] = ("link", target)

    def add_tree(self, host_dir, skip=(), skip_files=()):
        for root, dirs, files in os.walk(host_dir):
            dirs[:] = [d for d in dirs if os.path.join(root, d) not in skip]
            self.add_dir(root)
            for f in files:
                if os.path.join(root, f) not in skip_files:
                    self.add_file(os.path.join(root, f))

    def write(self, out_path):
        ino = 1
        with open(out_path, "wb") as out:
            def header(name, mode, size, nlink=1):
                nonlocal ino
                name_bytes = name.encode() + b"\0"
                fields = [ino, mode, 0, 0, nlink, 0, size, 0, 0, 0, 0, len(name_bytes), 0]
                ino += 1
                out.write(b"070701" + b"".join(b"%08X" % f for f in fields))
                out.write(name_bytes)
                out.write(b"\0" * ((4 - (110 + len(name_bytes)) % 4) % 4))

            def body(data):
                out.write(data)
                out.write(b"\0" * ((4 - len(data) % 4) % 4))

            for path in sorted(self.entries):
                kind = self.entries[path]
                if kind[0] == "dir":
                    header(path, stat.S_IFDIR | 0o755, 0, 2)
                elif kind[0] == "link":
                    target = kind[1].encode()
                    header(path, stat.S_IFLNK | 0o777, len(target))
                    body(target)
                else:
                    data = open(kind[1], "rb").read() if kind[0] == "file" else kind[1]
                    header(path, stat.S_IFREG | kind[2], len(data))
                    body(data)
            header("TRAILER!!!", 0, 0)


def module_order(kernel_release):
    """The modules to insmod, dependencies first, skipping what is built into the kernel."""
    base = f"/lib/modules/{kernel_release}"
    deps = {}
    with open(f"{base}/modules.dep") as f:
        for line in f:
            path, _, rest = line.partition(":")
            name = os.path.basename(path).split(".ko")[0]
            deps[name.replace("-", "_")] = (path, rest.split())
    builtin = set()
    with open(f"{base}/modules.builtin") as f:
        for line in f:
            builtin.add(os.path.basename(line.strip()).split(".ko")[0].replace("-", "_"))
    by_path = {v[0]: k for k, v in deps.items()}
    order = []

    def visit(name):
        key = name.replace("-", "_")
        if key in builtin or key in [os.path.basename(p).split(".ko")[0].replace("-", "_") for p in order]:
            return
        if key not in deps:
            sys.exit(f"build-initramfs: module {name} is neither in modules.dep nor built into {kernel_release}")
        path, requires = deps[key]
        # modules.dep lists the full closure, nearest first: load from the far end.
        for dep in reversed(requires):
            visit(by_path[dep])
        if path not in order:
            order.append(path)

    for m in MODULES:
        visit(m)
    return [f"{base}/{p}" for p in order]


def shared_libraries(binary):
    """Every shared object ldd resolves for a binary, plus the dynamic loader."""
    out = subprocess.run(["ldd", binary], capture_output=True, text=True)
    if out.returncode != 0 and "not a dynamic executable" in (out.stdout + out.stderr):
        return []
    libs = []
    for line in out.stdout.splitlines():
        m = re.search(r"=>\s*(/\S+)", line) or re.match(r"\s*(/\S+)\s+\(", line)
        if m:
            libs.append(m.group(1))
        elif "not found" in line:
            sys.exit(f"build-initramfs: {binary}: {line.strip()}")
    return libs


def library_data(libraries, speech_languages):
    """Host folders the shared libraries read at run time, as (folder, skipped paths): ALSA's configuration
    (alsa.conf, which loads /etc/asound.conf, and the plugin definitions it includes) for libasound, and for
    libespeak-ng its data folder beside the library, with the dictionaries of `speech_languages` only (the others
    are most of its size and the guest's kiosk speaks one language)."""
    folders = []
    for lib in libraries:
        name = os.path.basename(lib)
        if name.startswith("libasound.so") and os.path.isdir("/usr/share/alsa"):
            folders.append(("/usr/share/alsa", ()))
        if name.startswith("libespeak-ng.so"):
            data = os.path.join(os.path.dirname(os.path.realpath(lib)), "espeak-ng-data")
            if not os.path.isdir(data):
                sys.exit(f"build-initramfs: {lib} is linked but {data} is missing (install espeak-ng-data)")
            keep = {f"{language}_dict" for language in speech_languages}
            skipped = tuple(os.path.join(data, f) for f in os.listdir(data) if f.endswith("_dict") and f not in keep)
            folders.append((data, skipped))
    return folders


def python_runtime(script):
    """The interpreter running this script and the files of exactly the modules `script` imports when run as
    `python3 -I -S` (no site, no user paths), at their host paths so the interpreter finds its prefix unchanged."""
    directory, name = os.path.split(os.path.abspath(script))
    code = ("import sys, os\n"
            f"sys.path.insert(0, {directory!r})\n"
            f"import {name[:-3]}\n"
            "print(os.__file__)\n"  # the landmark the interpreter looks for to find its prefix (os itself is frozen)
            "for m in list(sys.modules.values()):\n"
            "    origin = getattr(getattr(m, '__spec__', None), 'origin', None)\n"
            "    if origin and origin not in ('built-in', 'frozen') and os.path.isfile(origin):\n"
            "        print(origin)\n")
    out = subprocess.run([sys.executable, "-I", "-S", "-B", "-c", code], capture_output=True, text=True)
    if out.returncode != 0:
        sys.exit(f"build-initramfs: cannot list the modules of {script}: {out.stderr.strip()}")
    files = sorted({line for line in out.stdout.splitlines() if not line.startswith(directory + "/")})
    return sys.executable, files


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--binary", required=True)
    ap.add_argument("--kernel-release", required=True)
    ap.add_argument("--init", required=True)
    ap.add_argument("--data", action="append", default=[], help="HOST=GUEST file to add")
    ap.add_argument("--executable", action="append", default=[],
                    help="a program to add at its host path, with the shared libraries ldd lists (seatd)")
    ap.add_argument("--python-script", action="append", default=[],
                    help="HOST=GUEST Python file to add with /usr/bin/python3 and the modules it imports")
    ap.add_argument("--speech-language", action="append", default=[],
                    help="an espeak-ng dictionary to bring (en); the others are left out")
    ap.add_argument("--out", required=True)
    args = ap.parse_args()

    a = Archive()
    for d in ["proc", "sys", "dev", "run", "tmp", "root", "etc", "bin", "sbin", "usr/bin", "usr/sbin", "var"]:
        a.add_dir(d)
    a.add_file("/bin/busybox", "bin/busybox") if os.path.exists("/bin/busybox") else None
    a.add_file(args.init, "init", 0o755)

    modules = module_order(args.kernel_release)
    a.add_data("etc/metro-modules", "\n".join(m.lstrip("/") for m in modules) + "\n")
    for m in modules:
        a.add_file(m)

    # udevd and udevadm are one binary on Debian 12; udevd needs its rules and the hwdb to tag input devices
    # (ID_INPUT_TOUCHSCREEN), without which libinput ignores them.
    executables = ["/bin/udevadm", "/lib/systemd/systemd-udevd", args.binary] + args.executable
    for exe in executables:
        if not os.path.exists(exe):
            sys.exit(f"build-initramfs: {exe} is missing")
    a.add_file("/bin/udevadm")
    a.add_file("/lib/systemd/systemd-udevd")
    a.add_file(args.binary, "usr/bin/metro-kiosk", 0o755)
    for exe in args.executable:
        a.add_file(exe)
    libraries = []
    for exe in executables:
        for lib in shared_libraries(exe):
            a.add_file(lib)
            libraries.append(lib)
    for folder, skipped in library_data(libraries, args.speech_language or ["en"]):
        a.add_tree(folder, skip_files=skipped)
    a.add_tree("/usr/lib/udev", skip=("/usr/lib/udev/hwdb.d",))
    if os.path.isdir("/usr/share/libinput"):
        a.add_tree("/usr/share/libinput")
    for font in ["NotoSans-Regular.ttf", "NotoSans-Bold.ttf"]:
        path = f"/usr/share/fonts/truetype/noto/{font}"
        if os.path.exists(path):
            a.add_file(path)
    for spec in args.python_script:
        host, _, guest = spec.partition("=")
        interpreter, files = python_runtime(host)
        a.add_file(os.path.realpath(interpreter))
        a.add_link("usr/bin/python3", os.path.realpath(interpreter))
        for path in [interpreter] + [f for f in files if f.endswith(".so")]:
            for lib in shared_libraries(os.path.realpath(path)):
                a.add_file(lib)
        for f in files:
            a.add_file(f)
        a.add_file(host, guest)
    for spec in args.data:
        host, _, guest = spec.partition("=")
        a.add_file(host, guest)
    a.add_data("etc/passwd", "root:x:0:0:root:/root:/bin/sh\n")
    a.add_data("etc/group", "root:x:0:\ntty:x:5:\ndisk:x:6:\nkmem:x:9:\ndialout:x:20:\naudio:x:29:\n"
               "video:x:44:\ninput:x:101:\nrender:x:102:\nkvm:x:103:\nsgx:x:104:\n")
    a.write(args.out)
    print(f"build-initramfs: {args.out}: {len(a.entries)} entries, {os.path.getsize(args.out) // (1024 * 1024)} MiB,"
          f" {len(modules)} modules")


if __name__ == "__main__":
    main()
