import type { z } from 'zod';
import type { Kysely } from 'kysely';
import type { LetterCode } from '@balai/domain';
import type { Database } from '../../db/schema.ts';
import { meta } from '../../lib/pagination.ts';
import { listLetterRequests } from '../../repositories/letter-search.ts';
import type { UserRow } from '../../repositories/users.ts';
import { dateBounds, type letterListQuery, toApiLetterRequest } from './schemas.ts';

/**
 * One page of letter requests as the API shows them: a resident sees only their own, an
 * administrator all (optionally one applicant's). Shared by each type's base and by
 * `/api/letter-requests`, which differ only in whether the type is fixed.
 */
export async function listRequestsPage(
  deps: { db: Kysely<Database>; publicUrl: string },
  user: UserRow,
  q: z.infer<typeof letterListQuery>,
  type: LetterCode | undefined,
) {
  const { start, end } = dateBounds(q.from, q.to);
  const isAdmin = user.role === 'ADMINISTRATOR';
  const { rows, total, totalExact } = await listLetterRequests(deps.db, {
    type,
    statuses: q.status,
    applicantUserId: isAdmin ? q.applicant_id : user.id,
    createdFrom: start,
    createdBefore: end,
    search: q.search,
    sort: q.sort === 'created_at' ? 'oldest' : 'newest',
    page: q.page,
    perPage: q.per_page,
  });
  const data = rows.map((r) =>
    toApiLetterRequest(
      r,
      user,
      deps.publicUrl,
      r.pdf_history_id !== null && r.pdf_sha256 !== null
        ? { id: r.pdf_history_id, sha256: r.pdf_sha256 }
        : null,
    ),
  );
  return { data, meta: { ...meta(q.page, q.per_page, total), total_exact: totalExact } };
}
