/**
 * What the operating system refused, as one line for a person that names the file or the
 * port: the command's files (`ditdah listen`, `ditdah wav --out`) and the server's port
 * (`npm start`, `ditdah serve`). Node's own messages name the system call and the errno
 * (`ENOENT: no such file or directory, open '/x.wav'`, `EISDIR: illegal operation on a
 * directory, read` without the path) and, uncaught, come with a stack trace.
 */

/** What the errno of a failed open, read, write or listen means, for the common ones. */
const MEANINGS: Readonly<Record<string, string>> = {
  ENOENT: "no such file or directory",
  EACCES: "permission denied",
  EPERM: "operation not permitted",
  EISDIR: "it is a directory",
  ENOTDIR: "a part of its path is not a directory",
  ELOOP: "too many symbolic links",
  ENAMETOOLONG: "the name is too long",
  EROFS: "the file system is read-only",
  ENOSPC: "no space left on the device",
  EDQUOT: "the disk quota is exceeded",
  EMFILE: "too many files are open",
  ENFILE: "too many files are open",
  EIO: "an input/output error",
};

/** A refusal of the operating system, its message one line naming what was refused. */
export class SystemError extends Error {
  constructor(
    message: string,
    /** The errno, e.g. ENOENT. */
    readonly code: string,
  ) {
    super(message);
    this.name = "SystemError";
  }
}

/** The errno of an error the operating system raised (it has a system call), or undefined for any other error. */
function errnoOf(error: unknown): string | undefined {
  const { code, syscall } = (error ?? {}) as { code?: unknown; syscall?: unknown };
  return typeof code === "string" && typeof syscall === "string" ? code : undefined;
}

/** `error` as a SystemError saying `what` could not be done, and why; any other error as it is. */
function refusal(error: unknown, what: string): unknown {
  const code = errnoOf(error);
  if (code === undefined) return error;
  return new SystemError(`${what}: ${MEANINGS[code] ?? code}`, code);
}

/** `file` could not be read ("standard input" for `-`). */
export const cannotRead = (file: string, error: unknown) => refusal(error, `cannot read ${file}`);

/** `file` could not be written. */
export const cannotWrite = (file: string, error: unknown) => refusal(error, `cannot write ${file}`);

/** The server could not listen on `host`:`port`: the port taken, the address not this machine's, the port privileged. */
export function cannotListen(host: string, port: number, error: unknown): unknown {
  switch (errnoOf(error)) {
    case "EADDRINUSE":
      return new SystemError(`port ${port} is in use on ${host}: stop what listens there, or set PORT to a free port`, "EADDRINUSE");
    case "EADDRNOTAVAIL":
      return new SystemError(`cannot listen on ${host}: it is no address of this machine (HOST)`, "EADDRNOTAVAIL");
    case "ENOTFOUND":
    case "EAI_AGAIN":
      return new SystemError(`cannot listen on ${host}: no such host (HOST)`, "ENOTFOUND");
    case "EACCES":
      return new SystemError(`cannot listen on port ${port}: permission denied (a privileged port: set PORT to 1024 or above)`, "EACCES");
    default:
      return refusal(error, `cannot listen on ${host} port ${port}`);
  }
}
