/** Timestamps are stored as ISO-8601 UTC strings (ADR 0002). */
export const nowIso = (): string => new Date().toISOString();
export const isoPlus = (ms: number, from = Date.now()): string => new Date(from + ms).toISOString();
