import { can, letterTypeByCode, maskIdFields, maskIdNumbers } from '@balai/domain';
import type { z } from 'zod';
import type { Kysely } from 'kysely';
import type { LetterCode } from '@balai/domain';
import type { Database } from '../../db/schema.ts';
import { meta } from '../../lib/pagination.ts';
import {
  countLetterRequestsByStatus,
  listLetterRequests,
} from '../../repositories/letter-search.ts';
import type { UserRow } from '../../repositories/users.ts';
import { viewerSigning } from '../../letters/signing-rules.ts';
import type { ApiLetterRequest, letterListQuery } from '@balai/domain/contract';
import type { LetterRequestQuery } from '../../repositories/letter-filters.ts';
import { typeOf } from '../letter-type-of.ts';
import { dateBounds, toApiLetterRequest } from './schemas.ts';

type LetterListQuery = z.infer<typeof letterListQuery>;

/**
 * One page of letter requests as the API shows them: a resident sees only their own, an
 * administrator all (optionally one applicant's). Shared by each type's base and by
 * `/api/letter-requests`, which differ only in whether the type is fixed. A search that is a
 * reference ("KU-000042") finds that request; `counts` adds the number in each status asked.
 */
export async function listRequestsPage(
  deps: { db: Kysely<Database>; publicUrl: string },
  user: UserRow,
  q: LetterListQuery,
  type: LetterCode | undefined,
) {
  const admin = can(user, 'admin.access');
  const filter = requestFilter(q, type, admin ? q.applicant_id : user.id);
  const [{ rows, total, totalExact }, counts, signing] = await Promise.all([
    filter.id === NO_REQUEST
      ? { rows: [], total: 0, totalExact: true }
      : listLetterRequests(deps.db, { ...filter, page: q.page, perPage: q.per_page }),
    q.counts
      ? countLetterRequestsByStatus(deps.db, {
          type,
          statuses: q.counts,
          applicantUserId: filter.applicantUserId,
          createdFrom: filter.createdFrom,
          createdBefore: filter.createdBefore,
        })
      : undefined,
    viewerSigning(deps.db, user),
  ]);
  const data = rows.map((r) =>
    maskedInList(
      toApiLetterRequest(
        r,
        user,
        deps.publicUrl,
        r.pdf_history_id !== null && r.pdf_sha256 !== null
          ? { id: r.pdf_history_id, sha256: r.pdf_sha256 }
          : null,
        signing,
      ),
    ),
  );
  return {
    data,
    meta: {
      ...meta(q.page, q.per_page, total),
      total_exact: totalExact,
      ...(counts ? { counts } : {}),
    },
  };
}

/** The id no request has: a reference of another type than the list's matches nothing. */
export const NO_REQUEST = 0;

/**
 * What a list query asks for, as the repositories filter it: the one reading of the query
 * string, shared by the desk's list and its export (`letterListFields` in the contract), so the
 * export holds exactly the rows the screen shows. `type` is the list's type (fixed by its base,
 * or asked); `applicantUserId` whose requests (a resident's own, or the office's filter).
 */
export function requestFilter(
  q: Pick<LetterListQuery, 'from' | 'to' | 'search' | 'status' | 'sort'>,
  type: LetterCode | undefined,
  applicantUserId: number | undefined,
): LetterRequestQuery {
  const { start, end } = dateBounds(q.from, q.to);
  // A search that is a reference ("KU-000042") finds that request.
  const reference = q.search ? parseReference(q.search) : undefined;
  const otherType = reference !== undefined && type !== undefined && reference.type !== type;
  return {
    type: type ?? reference?.type,
    statuses: q.status,
    applicantUserId,
    id: otherType ? NO_REQUEST : reference?.id,
    createdFrom: start,
    createdBefore: end,
    search: reference ? undefined : q.search,
    sort: q.sort === 'created_at' ? 'oldest' : 'newest',
  };
}

/**
 * A request as a list shows it (issue 18.8): the applicant's NIK and No. KK and the type's NIK
 * fields by their last four digits; `GET {base}/{id}` has them whole (audited for the office).
 */
function maskedInList(request: ApiLetterRequest): ApiLetterRequest {
  return {
    ...request,
    applicant: maskIdNumbers(request.applicant),
    fields: maskIdFields(typeOf(request).fields, request.fields),
  };
}

/** The largest id a reference can name (ids are 32-bit integers on PostgreSQL). */
const MAX_REFERENCE_ID = 2_147_483_647;

/**
 * A request's reference as residents quote it ("KU-000042", "ku-42"): its type and id; any
 * other search is undefined.
 */
export function parseReference(search: string): { type: LetterCode; id: number } | undefined {
  const m = /^([a-z]{1,5})-0*([1-9]\d{0,14})$/i.exec(search.trim());
  if (!m) return undefined;
  const type = letterTypeByCode(m[1]!.toLowerCase())?.code;
  const id = Number(m[2]);
  return type && Number.isSafeInteger(id) && id <= MAX_REFERENCE_ID ? { type, id } : undefined;
}
