import { expect, type APIRequestContext } from '@playwright/test';
import { apiSession } from './checks.ts';
import { ADMIN, HEAD } from './fixtures.ts';

/**
 * The office issues a request through the API as the demo village does it: the clerk processes
 * it and sends it for signature, the Kepala Desa approves it with their password (issue 15).
 * Answers the issued request as the office reads it.
 */
export async function issueThroughOffice(
  request: APIRequestContext,
  base: string,
  id: number,
): Promise<{ number: string; status: string }> {
  const office = await apiSession(request, ADMIN);
  for (const status of ['processing', 'awaiting_signature']) {
    const change = await request.post(`${base}/${id}/status`, {
      headers: office,
      data: { status, note: null },
    });
    expect(change.status(), await change.text()).toBe(200);
  }
  const head = await apiSession(request, HEAD);
  const approved = await request.post('/api/signing/approve', {
    headers: head,
    data: { ids: [id], password: HEAD.password },
  });
  expect(approved.status(), await approved.text()).toBe(200);
  const detail = await request.get(`${base}/${id}`, { headers: office });
  return (await detail.json()).data as { number: string; status: string };
}
