// A failed file operation in words: Node's own message names the code and the system call
// ("ELOOP: too many symbolic links encountered, open '…'"), which says little to someone who
// did not write the call.

/** What each error code means for the file named, in words (the name is the caller's to give). */
const REASONS: Record<string, string> = {
  ENOENT: "no such file or folder",
  EACCES: "permission denied",
  EPERM: "operation not permitted",
  EISDIR: "it is a directory",
  ENOTDIR: "a part of the path is a file, not a folder",
  EROFS: "read-only file system",
  ENOSPC: "no space left on the device",
  ELOOP: "too many levels of symbolic links: a link leads back to itself, or through too many others",
  ENXIO: "no such device or address: a socket, or a device with nothing behind it, cannot be opened by name",
  ENAMETOOLONG: "the name is too long",
  EIO: "input/output error on the device",
  EMFILE: "too many open files",
  ENFILE: "too many open files on the system",
  EBUSY: "the file or device is busy",
};

/** Why a file operation failed: in words for the codes files commonly fail with, else Node's message. */
export function describeFileError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return (code && REASONS[code]) ?? (error instanceof Error ? error.message : String(error));
}
