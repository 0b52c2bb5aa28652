import type { Kysely } from 'kysely';
import type { RegisterChange } from '@balai/domain/contract';
import type { Database } from '../db/schema.ts';

/** A person's audited changes (edits, moves, events and their corrections), newest first. */
export async function registerChanges(
  db: Kysely<Database>,
  personId: number,
): Promise<RegisterChange[]> {
  const rows = await db
    .selectFrom('audit_log as a')
    .leftJoin('users as u', 'u.id', 'a.user_id')
    .select(['a.id', 'a.action', 'a.detail', 'a.user_id', 'u.name as user_name', 'a.created_at'])
    .where('a.subject_type', '=', 'register_person')
    .where('a.subject_id', '=', personId)
    .where('a.action', '<>', 'register.person.view')
    .orderBy('a.id', 'desc')
    .limit(200)
    .execute();
  return rows.map((r) => {
    const d = (r.detail ? JSON.parse(r.detail) : {}) as {
      changes?: Record<string, { old: unknown; new: unknown }>;
      reason?: string;
      [k: string]: unknown;
    };
    const changes =
      d.changes ??
      Object.fromEntries(
        Object.entries(d)
          .filter(([k]) => k !== 'reason')
          .map(([k, v]) => [k, { old: null, new: v }]),
      );
    return {
      id: r.id,
      action: r.action,
      changes,
      reason: typeof d.reason === 'string' ? d.reason : null,
      user_id: r.user_id,
      user_name: r.user_name,
      created_at: r.created_at,
    };
  });
}
