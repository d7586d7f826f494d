# shellcheck shell=bash
# A fresh copy of package-test's cached bookworm minbase worked on through chroot, shared by scripts/package-test
# (install and purge the .deb) and scripts/vm-systemd-test (the systemd guest's root image). Sourced; the caller sets
# `root` (where the copy goes) and `tool` (its name in messages), and runs `trap unmount EXIT`.

# A mirror that drops a connection fails a run that has nothing wrong with the package: network steps are tried a
# second time, and the retry is reported (never hidden) so a flaky mirror shows in the log.
retry_once() {  # retry_once LOG COMMAND...
    local log=$1
    shift
    "$@" > "$log" 2>&1 && return 0
    echo "$tool: RETRY once after a failure of '$*' (network?): $(tail -n 1 "$log")" >&2
    sleep 5
    "$@" > "$log" 2>&1
}
in_root() { chroot "$root" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin LC_ALL=C DEBIAN_FRONTEND=noninteractive "$@"; }
unmount() {
    local mount
    for mount in "$root/var/cache/apt/archives" "$root/dev/pts" "$root/proc"; do
        if mountpoint -q "$mount"; then umount "$mount"; fi
    done
}
# fresh_root BASE ARCHIVES: $root becomes a copy of BASE with /proc, its own pseudo-terminals (apt logs the maintainer
# scripts' output through one), the apt cache ARCHIVES shared across runs, and the host's resolver.
fresh_root() {
    unmount
    rm -rf "$root"
    cp -a "$1" "$root"
    mount -t proc proc "$root/proc"
    mount -t devpts -o newinstance,ptmxmode=0666 devpts "$root/dev/pts"
    mkdir -p "$2/partial"
    mount --bind "$2" "$root/var/cache/apt/archives"
    cp /etc/resolv.conf "$root/etc/resolv.conf"
}
