import type { FastifyReply, FastifyRequest } from 'fastify';
import { decide } from '@balai/domain';
import { HttpError } from '../../lib/http-error.ts';

/**
 * The register is for administrators only (issue 24, UU PDP 27/2022): reading asks the policy
 * for `register.read`, every change for `register.manage` (packages/domain/src/policy.ts).
 */
export async function registerAccess(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const user = request.auth?.user;
  const action = request.method === 'GET' ? 'register.read' : 'register.manage';
  const d = user ? decide(user, action, undefined) : null;
  if (!d || d.outcome !== 'allow') {
    throw new HttpError(403, 'Hanya administrator yang dapat membuka data kependudukan.');
  }
}

/** Answers a file: no caching anywhere (personal data). */
export function sendFile(
  reply: FastifyReply,
  body: unknown,
  contentType: string,
  fileName: string,
) {
  return reply
    .header('content-type', contentType)
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(body);
}
