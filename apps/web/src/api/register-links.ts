import type {
  LetterSubjectsAnswer,
  RegisterEventFromLetterBody,
  RegisterEventProposalAnswer,
  RegisterEventRecordedAnswer,
  RegisterMatchAnswer,
  UnmatchedAccountsAnswer,
} from '@balai/domain/contract';
import useSWR, { mutate as mutateGlobal } from 'swr';
import { api } from '../lib/http-client.ts';

/**
 * Letters and accounts meeting the register (issue 21; contract: register-links.ts): whom a
 * resident may file for, the birth or death an issued letter records, the accounts not linked to
 * the register. Paths are the contract's `registerLinkPaths` without `/api`; types only.
 */
const seg = (v: number | string) => encodeURIComponent(String(v));
export const registerLinkApi = {
  letterSubjects: '/letter-subjects',
  registerEvent: (id: number | string) => `/letter-requests/${seg(id)}/register-event`,
  unmatched: '/users/unmatched',
  match: '/users/register-match',
} as const;

/** The resident's family, for "Untuk siapa surat ini?" (null: not asked). */
export function useLetterSubjects(enabled = true) {
  const { data, error, isLoading } = useSWR<LetterSubjectsAnswer>(
    enabled ? registerLinkApi.letterSubjects : null,
    { revalidateOnFocus: false },
  );
  return { subjects: data, error: error as unknown, isLoading };
}

/** What an issued Kelahiran or Kematian letter would record (null id: not such a letter). */
export function useRegisterEventProposal(id: number | null) {
  const { data, error, isLoading, mutate } = useSWR<RegisterEventProposalAnswer>(
    id === null ? null : registerLinkApi.registerEvent(id),
    { revalidateOnFocus: false },
  );
  return { proposal: data?.data, error: error as unknown, isLoading, mutate };
}

export async function recordRegisterEvent(id: number, body: RegisterEventFromLetterBody) {
  const answer = await api.post<RegisterEventRecordedAnswer>(
    registerLinkApi.registerEvent(id),
    body,
  );
  await mutateGlobal(
    registerLinkApi.registerEvent(id),
    { data: answer.data },
    { revalidate: false },
  );
  return answer;
}

/** The resident accounts not linked to the register (the office). */
export function useUnmatchedAccounts() {
  const { data, error, isLoading, mutate } = useSWR<UnmatchedAccountsAnswer>(
    registerLinkApi.unmatched,
  );
  return { unmatched: data, error: error as unknown, isLoading, mutate };
}

export const matchAccounts = () => api.post<RegisterMatchAnswer>(registerLinkApi.match, {});
