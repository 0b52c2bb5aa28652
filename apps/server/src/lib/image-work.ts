import os from 'node:os';
import sharp from 'sharp';
import { Slots } from './slots.ts';

/**
 * Uploaded images decoded and re-encoded at once in this process (issue 18.4): half the cores,
 * at least one. Decoding a phone photo takes about two seconds of CPU on libuv's worker threads,
 * which password hashing (argon2) needs too; 16 parallel uploads took every thread and core and
 * a stranger's login went from 17–88 ms to 8.2 s. The others wait their turn in line.
 */
export const IMAGE_JOBS_AT_ONCE = Math.max(1, Math.floor(os.availableParallelism() / 2));
export const imageWork = new Slots(IMAGE_JOBS_AT_ONCE);
// Each image on one libvips thread: the images together never take more than half the cores.
sharp.concurrency(1);
