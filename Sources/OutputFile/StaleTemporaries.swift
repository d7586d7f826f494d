#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension OutputFile {
    /// Temporaries a write never renamed. A power cut or a `kill -9` between `mkstemp` and the rename leaves
    /// `.NAME.XXXXXX` beside the target, as large as what was being written, and nothing else ever removes it (ops9's
    /// 50 power cuts left `.status.json.lD39ZV`); on a kiosk that loses power often they pile up in its state
    /// directory. So each replacement of an existing file first removes the stale ones beside it.
    ///
    /// Only names of exactly `Temporary`'s pattern for that target, only regular files (a symlink is never followed
    /// nor removed), only in the target's own directory, and only those no live writer holds: a writer keeps an
    /// exclusive `flock` on its temporary from `mkstemp` until its name is gone, so another process (or thread)
    /// replacing the same file never loses its temporary to the sweep. A file system without `flock` is never swept.
    enum StaleTemporaries {
        /// Removes the stale temporaries beside `target` (a regular file's path, symlinks already resolved); the names
        /// removed. Best effort: what cannot be read, locked or removed is left, and the write goes on.
        @discardableResult
        static func sweep(beside target: String) -> [String] {
            let directory = OutputFile.directory(of: target)
            guard let stream = opendir(directory) else { return [] }
            defer { closedir(stream) }
            let folder = dirfd(stream)
            let prefix = Array(("." + OutputFile.name(of: target) + ".").utf8)
            var removed: [String] = []
            while let entry = readdir(stream) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
                }
                guard isTemporary(name, prefix: prefix), removeIfStale(name, in: folder) else { continue }
                removed.append(name)
            }
            return removed
        }

        /// `name` is `prefix` and six characters of `mkstemp`'s alphabet, nothing more.
        static func isTemporary(_ name: String, prefix: [UInt8]) -> Bool {
            let bytes = Array(name.utf8)
            guard bytes.count == prefix.count + 6, bytes.starts(with: prefix) else { return false }
            return bytes[prefix.count...].allSatisfy { byte in
                (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
            }
        }

        /// Removes `name` from the directory open as `folder` when it is a regular file nobody holds locked, and it is
        /// still the file that was locked when the name goes.
        private static func removeIfStale(_ name: String, in folder: Int32) -> Bool {
            var seen = stat()
            guard fstatat(folder, name, &seen, AT_SYMLINK_NOFOLLOW) == 0, seen.st_mode & S_IFMT == S_IFREG else { return false }
            let descriptor = openat(folder, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
            guard descriptor >= 0 else { return false }
            defer { close(descriptor) }
            var opened = stat()
            guard fstat(descriptor, &opened) == 0, opened.st_dev == seen.st_dev, opened.st_ino == seen.st_ino,
                  flock(descriptor, LOCK_EX | LOCK_NB) == 0 else { return false }
            var now = stat()
            guard fstatat(folder, name, &now, AT_SYMLINK_NOFOLLOW) == 0, now.st_dev == seen.st_dev, now.st_ino == seen.st_ino
            else { return false }
            return unlinkat(folder, name, 0) == 0
        }
    }
}
