/**
 * A minimal WASI (preview1) host for the Flite build, with its output file kept in memory.
 *
 * Node's own `node:wasi` opens a real descriptor for every preopened folder and never closes it
 * (not on `start`, not on garbage collection, not when the worker ends): one leaked descriptor per
 * spoken sentence, until the process runs out and every request fails. Flite needs only
 * its arguments, a clock, and one file to write its WAVE output to, so this host gives it exactly
 * that: no descriptors and no temporary folders at all. Decision record 078.
 */

const ERRNO_SUCCESS = 0;
const ERRNO_BADF = 8;
const ERRNO_INVAL = 28;
const ERRNO_NOENT = 44;

const FILETYPE_CHARACTER_DEVICE = 2;
const FILETYPE_DIRECTORY = 3;
const FILETYPE_REGULAR_FILE = 4;

const OFLAGS_CREAT = 1;
const PREOPEN_FD = 3;
const PREOPEN_NAME = '.';

class ProcessExit extends Error {
  readonly code: number;
  constructor(code: number) {
    super(`exit ${code}`);
    this.code = code;
  }
}

interface OpenFile {
  name: string;
  data: Uint8Array;
  size: number;
  position: number;
}

/** Runs one Flite command line; returns the exit code and the files it wrote, by name. */
export function runFlite(module: WebAssembly.Module, args: readonly string[]): { exitCode: number; files: Map<string, Uint8Array> } {
  const files = new Map<string, Uint8Array>();
  const open = new Map<number, OpenFile>();
  let nextFd = PREOPEN_FD + 1;
  let memory: WebAssembly.Memory | null = null;
  const view = () => new DataView(memory!.buffer);
  const bytes = () => new Uint8Array(memory!.buffer);
  const encodedArgs = args.map((arg) => new TextEncoder().encode(`${arg}\0`));

  const closeFile = (file: OpenFile) => files.set(file.name, file.data.slice(0, file.size));

  const imports = {
    args_sizes_get(argcPtr: number, bufSizePtr: number): number {
      view().setUint32(argcPtr, encodedArgs.length, true);
      view().setUint32(bufSizePtr, encodedArgs.reduce((sum, arg) => sum + arg.length, 0), true);
      return ERRNO_SUCCESS;
    },
    args_get(argvPtr: number, bufPtr: number): number {
      let offset = bufPtr;
      encodedArgs.forEach((arg, index) => {
        view().setUint32(argvPtr + index * 4, offset, true);
        bytes().set(arg, offset);
        offset += arg.length;
      });
      return ERRNO_SUCCESS;
    },
    clock_time_get(_clockId: number, _precision: bigint, timePtr: number): number {
      view().setBigUint64(timePtr, process.hrtime.bigint(), true);
      return ERRNO_SUCCESS;
    },
    fd_prestat_get(fd: number, prestatPtr: number): number {
      if (fd !== PREOPEN_FD) return ERRNO_BADF;
      view().setUint8(prestatPtr, 0);
      view().setUint32(prestatPtr + 4, PREOPEN_NAME.length, true);
      return ERRNO_SUCCESS;
    },
    fd_prestat_dir_name(fd: number, pathPtr: number, pathLength: number): number {
      if (fd !== PREOPEN_FD) return ERRNO_BADF;
      bytes().set(new TextEncoder().encode(PREOPEN_NAME).subarray(0, pathLength), pathPtr);
      return ERRNO_SUCCESS;
    },
    fd_fdstat_get(fd: number, statPtr: number): number {
      const type = fd <= 2 ? FILETYPE_CHARACTER_DEVICE : fd === PREOPEN_FD ? FILETYPE_DIRECTORY : open.has(fd) ? FILETYPE_REGULAR_FILE : 0;
      if (type === 0) return ERRNO_BADF;
      const v = view();
      v.setUint8(statPtr, type);
      v.setUint16(statPtr + 2, 0, true);
      v.setBigUint64(statPtr + 8, 0xffff_ffff_ffff_ffffn, true);
      v.setBigUint64(statPtr + 16, 0xffff_ffff_ffff_ffffn, true);
      return ERRNO_SUCCESS;
    },
    fd_fdstat_set_flags(): number {
      return ERRNO_SUCCESS;
    },
    path_open(
      dirFd: number,
      _lookupFlags: number,
      pathPtr: number,
      pathLength: number,
      openFlags: number,
      _rightsBase: bigint,
      _rightsInheriting: bigint,
      _fdFlags: number,
      fdPtr: number,
    ): number {
      if (dirFd !== PREOPEN_FD) return ERRNO_BADF;
      // Flite only ever creates its output file; anything it would read does not exist here.
      if ((openFlags & OFLAGS_CREAT) === 0) return ERRNO_NOENT;
      const name = new TextDecoder().decode(bytes().subarray(pathPtr, pathPtr + pathLength));
      const fd = nextFd++;
      open.set(fd, { name, data: new Uint8Array(64 * 1024), size: 0, position: 0 });
      view().setUint32(fdPtr, fd, true);
      return ERRNO_SUCCESS;
    },
    fd_write(fd: number, iovsPtr: number, iovsLength: number, writtenPtr: number): number {
      const v = view();
      let written = 0;
      const file = open.get(fd);
      if (!file && fd !== 1 && fd !== 2) return ERRNO_BADF;
      for (let index = 0; index < iovsLength; index++) {
        const pointer = v.getUint32(iovsPtr + index * 8, true);
        const length = v.getUint32(iovsPtr + index * 8 + 4, true);
        // Standard output and error carry only Flite's diagnostics: dropped.
        if (file) {
          const end = file.position + length;
          if (end > file.data.length) {
            const grown = new Uint8Array(Math.max(end, file.data.length * 2));
            grown.set(file.data.subarray(0, file.size));
            file.data = grown;
          }
          file.data.set(bytes().subarray(pointer, pointer + length), file.position);
          file.position = end;
          file.size = Math.max(file.size, end);
        }
        written += length;
      }
      v.setUint32(writtenPtr, written, true);
      return ERRNO_SUCCESS;
    },
    fd_read(fd: number, _iovsPtr: number, _iovsLength: number, readPtr: number): number {
      if (fd !== 0) return ERRNO_BADF;
      view().setUint32(readPtr, 0, true);
      return ERRNO_SUCCESS;
    },
    fd_seek(fd: number, offset: bigint, whence: number, newOffsetPtr: number): number {
      const file = open.get(fd);
      if (!file) return ERRNO_BADF;
      const base = whence === 0 ? 0 : whence === 1 ? file.position : whence === 2 ? file.size : -1;
      const position = base + Number(offset);
      if (base < 0 || position < 0) return ERRNO_INVAL;
      file.position = position;
      view().setBigUint64(newOffsetPtr, BigInt(position), true);
      return ERRNO_SUCCESS;
    },
    fd_close(fd: number): number {
      const file = open.get(fd);
      if (file) {
        closeFile(file);
        open.delete(fd);
      }
      return ERRNO_SUCCESS;
    },
    proc_exit(code: number): never {
      throw new ProcessExit(code);
    },
  };

  const instance = new WebAssembly.Instance(module, { wasi_snapshot_preview1: imports } as unknown as WebAssembly.Imports);
  memory = instance.exports.memory as WebAssembly.Memory;
  let exitCode = 0;
  try {
    (instance.exports._start as () => void)();
  } catch (error) {
    if (!(error instanceof ProcessExit)) throw error;
    exitCode = error.code;
  }
  for (const file of open.values()) closeFile(file);
  return { exitCode, files };
}
