import { z } from 'zod';

/** `GET /api/health` (ADR 0021). */

export { healthPaths } from './paths.ts';

export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['sqlite', 'postgres']),
  /** `off` without REDIS_URL. */
  redis: z.enum(['ok', 'unavailable', 'off']),
  /** `full` when a write was refused for lack of space (services/disk-space.ts). */
  disk: z.enum(['ok', 'full']),
  /** Why the status is `degraded`, in Indonesian; empty when it is `ok`. */
  reasons: z.array(z.string()),
});
export type Health = z.infer<typeof healthSchema>;
export const healthAnswerSchema = z.object({ data: healthSchema });
