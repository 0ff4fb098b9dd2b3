import { execFileSync } from 'node:child_process';

// A real full or read-only disk for one folder: a small file system of its own (tmpfs) mounted
// over it. Mounting needs root with CAP_SYS_ADMIN (the development machines); elsewhere the tests
// that need it are skipped, as `canMount` says.

export const canMount = (() => {
  try {
    execFileSync('capsh', ['--has-p=cap_sys_admin'], { stdio: 'ignore' });
    return process.getuid?.() === 0;
  } catch {
    return false;
  }
})();

/** Mounts a tmpfs over `dir` with `options` ('size=64k': full at once; 'ro': read-only); returns the unmount. */
export function smallDisk(dir: string, options: string): () => void {
  execFileSync('mount', ['-t', 'tmpfs', '-o', options, 'tmpfs', dir]);
  return () => execFileSync('umount', [dir]);
}
