import type {
  PublicStatistics,
  RegisterAreaAnswer,
  RegisterAreaList,
  RegisterChangeList,
  RegisterEventAnswer,
  RegisterEventBody,
  RegisterEventCorrection,
  RegisterEventList,
  RegisterFamilyAnswer,
  RegisterFamilyList,
  RegisterImportResult,
  RegisterMonthlyReport,
  RegisterMoveBody,
  RegisterPersonAnswer,
  RegisterPersonList,
  RegisterPersonUpdateBody,
  RegisterSplitBody,
} from '@balai/domain/contract';
import useSWR, { mutate as mutateGlobal } from 'swr';
import { upload, type UploadProgress } from '../components/form/upload.ts';
import { api } from '../lib/http-client.ts';

/**
 * The population register's API (issue 24; contract: `@balai/domain/contract`, register.ts):
 * fetchers and SWR hooks. Types only from the contract, so zod stays out of every chunk that
 * needs no validation; the paths are the contract's `registerPaths` without `/api` (a test keeps
 * them equal). `useStatistics` is public (the profile's charts); everything else is the office's.
 */

const seg = (v: number | string) => encodeURIComponent(String(v));

export const registerApi = {
  persons: '/register/persons',
  person: (id: number | string) => `/register/persons/${seg(id)}`,
  personFamily: (id: number | string) => `/register/persons/${seg(id)}/family`,
  personChanges: (id: number | string) => `/register/persons/${seg(id)}/changes`,
  families: '/register/families',
  family: (id: number | string) => `/register/families/${seg(id)}`,
  familySplit: (id: number | string) => `/register/families/${seg(id)}/split`,
  areas: '/register/areas',
  area: (id: number | string) => `/register/areas/${seg(id)}`,
  areaMerge: (id: number | string) => `/register/areas/${seg(id)}/merge`,
  events: '/register/events',
  event: (id: number | string) => `/register/events/${seg(id)}`,
  import: '/register/import',
  template: '/register/template',
  export: '/register/export',
  monthlyReport: '/register/monthly-report',
  statistics: '/statistics',
} as const;

/** A list query as the address carries it: values as text, empty ones left out by the client. */
export type ListQuery = Record<string, string | number | undefined>;

const listOptions = { keepPreviousData: true, revalidateOnFocus: true } as const;

// ---------------------------------------------------------------- public

/** `GET /api/statistics`: counts of living people; `total` 0 means the village keeps no register. */
export function useStatistics() {
  const { data, error, isLoading } = useSWR<PublicStatistics>(registerApi.statistics);
  return { statistics: data, error: error as unknown, isLoading };
}

/** A page of a list (null: not asked yet); the old page stays while the next one loads. */
function useList<T>(path: string, query: ListQuery | null) {
  const { data, error, isLoading, isValidating, mutate } = useSWR<T>(
    query === null ? null : ([path, query] as const),
    listOptions,
  );
  return {
    list: data,
    error: error as unknown,
    isLoading,
    isValidating,
    retry: () => void mutate(),
  };
}

/** One record (null: none); an audited read, so not asked again on focus. */
function useRecord<T>(path: string | null) {
  const { data, error, isLoading, mutate } = useSWR<{ data: T }>(path, {
    revalidateOnFocus: false,
  });
  return { record: data?.data, error: error as unknown, isLoading, retry: () => void mutate() };
}

// ---------------------------------------------------------------- people

export const usePersons = (query: ListQuery | null) =>
  useList<RegisterPersonList>(registerApi.persons, query);

/** One person (an audited read: only when the page asks). */
export function usePerson(id: number | null) {
  const { record, ...rest } = useRecord<RegisterPersonAnswer['data']>(
    id === null ? null : registerApi.person(id),
  );
  return { person: record, ...rest };
}

export function usePersonChanges(id: number) {
  const { data, error, isLoading } = useSWR<RegisterChangeList>(registerApi.personChanges(id));
  return { changes: data?.data, error: error as unknown, isLoading };
}

export const updatePerson = (id: number, body: RegisterPersonUpdateBody) =>
  api.put<RegisterPersonAnswer>(registerApi.person(id), body);

export const movePerson = (id: number, body: RegisterMoveBody) =>
  api.put<RegisterPersonAnswer>(registerApi.personFamily(id), body);

// ---------------------------------------------------------------- families

export const useFamilies = (query: ListQuery | null) =>
  useList<RegisterFamilyList>(registerApi.families, query);

export function useFamily(id: number | null) {
  const { record, ...rest } = useRecord<RegisterFamilyAnswer['data']>(
    id === null ? null : registerApi.family(id),
  );
  return { family: record, ...rest };
}

export const splitFamily = (id: number, body: RegisterSplitBody) =>
  api.post<RegisterFamilyAnswer>(registerApi.familySplit(id), body);

// ---------------------------------------------------------------- areas

export function useAreas() {
  const { data, error, isLoading, mutate } = useSWR<RegisterAreaList>(registerApi.areas);
  return { areas: data?.data, error: error as unknown, isLoading, retry: () => void mutate() };
}

export const renameArea = (id: number, name: string) =>
  api.put<RegisterAreaAnswer>(registerApi.area(id), { name });

export const mergeArea = (id: number, intoId: number) =>
  api.post<RegisterAreaAnswer>(registerApi.areaMerge(id), { into_id: intoId });

// ---------------------------------------------------------------- events

export const useEvents = (query: ListQuery | null) =>
  useList<RegisterEventList>(registerApi.events, query);

export const recordEvent = (body: RegisterEventBody) =>
  api.post<RegisterEventAnswer>(registerApi.events, body);

export const correctEvent = (id: number, body: RegisterEventCorrection) =>
  api.put<RegisterEventAnswer>(registerApi.event(id), body);

// ---------------------------------------------------------------- import

/**
 * `POST /api/register/import`: the file as multipart, through XHR for its upload progress.
 * `dryRun`: checked only, nothing written.
 */
export function importFile(
  file: File,
  dryRun: boolean,
  options: { onProgress?: UploadProgress; signal?: AbortSignal } = {},
) {
  const body = new FormData();
  body.append('file', file);
  return upload<RegisterImportResult>(
    `${registerApi.import}?dry_run=${dryRun ? 1 : 0}`,
    body,
    options,
  );
}

/** The same file again with `format=xlsx`: every problem as a spreadsheet (nothing written). */
export function importProblemsFile(file: File): Promise<Blob> {
  const body = new FormData();
  body.append('file', file);
  return uploadForBlob(`${registerApi.import}?dry_run=1&format=xlsx`, body);
}

/** POSTs a multipart body and resolves with the answer as a Blob (a spreadsheet). */
async function uploadForBlob(path: string, body: FormData): Promise<Blob> {
  const headers: Record<string, string> = {};
  const token = api.getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetch(`/api${path}`, { method: 'POST', body, headers });
  if (!response.ok) {
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // Plain text stays as it is.
    }
    throw parsed;
  }
  return response.blob();
}

// ---------------------------------------------------------------- monthly report

export function useMonthlyReport(month: string) {
  const { data, error, isLoading, mutate } = useSWR<RegisterMonthlyReport>([
    registerApi.monthlyReport,
    { month },
  ] as const);
  return { report: data, error: error as unknown, isLoading, retry: () => void mutate() };
}

/** `…?month=YYYY-MM&format=xlsx|pdf`, for `api.download`. */
export const monthlyReportFile = (month: string, format: 'xlsx' | 'pdf') =>
  `${registerApi.monthlyReport}?${new URLSearchParams({ month, format }).toString()}`;

/** After any change to the register: every cached list, person, family, area, report and statistic. */
export const refreshRegister = () =>
  mutateGlobal((key) => {
    const path: unknown = Array.isArray(key) ? key[0] : key;
    return (
      typeof path === 'string' && (path.startsWith('/register/') || path === registerApi.statistics)
    );
  });
