import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Whether the server is out of disk space, for `/api/health` (issue 19.4, docs/reliability.md).
 * Two signals:
 *
 * - the free space of the filesystems the server writes to (the SQLite file's folder, the mail
 *   outbox), below `minFreeBytes`;
 * - a write refused for lack of space in the last `recentMs` (recorded by the error handler, the
 *   mail and audit retries). The only signal for PostgreSQL, whose disk is on its own server.
 *
 * So the health check says "full" as soon as a write fails, and stops saying it once space has
 * been freed: at once when the free space was the signal, otherwise at the next write that
 * succeeds or after `recentMs`.
 */
export interface DiskSpace {
  /** A write was refused for lack of space just now. */
  noteFull(): void;
  /** A write succeeded: there is space again (ends the "recent" signal at once). */
  noteWritten(): void;
  check(): Promise<{ full: boolean; freeBytes: number | null }>;
}

/** Below this many free bytes SQLite cannot be trusted to write a transaction and its WAL. */
export const MIN_FREE_BYTES = 1024 * 1024;
/** How long one refused write keeps the health check saying "full". */
export const RECENT_FULL_MS = 15_000;

export function createDiskSpace(opts: {
  /** The folders written to; asked once, on the first check. */
  dirs: () => Promise<string[]>;
  minFreeBytes?: number;
  recentMs?: number;
}): DiskSpace {
  const minFree = opts.minFreeBytes ?? MIN_FREE_BYTES;
  const recentMs = opts.recentMs ?? RECENT_FULL_MS;
  let dirs: Promise<string[]> | null = null;
  let lastFullAt = -Infinity;
  return {
    noteFull() {
      lastFullAt = performance.now();
    },
    noteWritten() {
      lastFullAt = -Infinity;
    },
    async check() {
      dirs ??= opts.dirs().then((ds) => [...new Set(ds.map((d) => path.resolve(d)))]);
      let freeBytes: number | null = null;
      for (const dir of await dirs) {
        const stats = await statfsOfNearest(dir);
        if (!stats) continue;
        const free = stats.bavail * stats.bsize;
        freeBytes = freeBytes === null ? free : Math.min(freeBytes, free);
      }
      const recent = performance.now() - lastFullAt < recentMs;
      return { full: recent || (freeBytes !== null && freeBytes < minFree), freeBytes };
    },
  };
}

/** statfs of `dir`, or of its nearest existing parent (the outbox folder is made on first use). */
async function statfsOfNearest(dir: string) {
  for (let d = dir; ; d = path.dirname(d)) {
    try {
      return await fs.statfs(d);
    } catch {
      if (path.dirname(d) === d) return null;
    }
  }
}

/** The health check's reason while the disk is full (`reasons` of GET /api/health). */
export const DISK_FULL_REASON =
  'Ruang penyimpanan server penuh: data baru tidak dapat disimpan, data yang ada tetap dapat dibuka.';
