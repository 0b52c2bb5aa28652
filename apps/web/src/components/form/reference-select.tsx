import type { ReactNode } from 'react';
import useSWR from 'swr';
import { api } from '../../lib/http-client.ts';
import { Select } from './select.tsx';

export interface ReferenceOption {
  value: string;
  label: string;
}

interface ListPage {
  data: Record<string, unknown>[];
  meta: { page: number; last_page: number };
}

/** The API's largest page; a list longer than this is read page by page. */
const PER_PAGE = 100;

/**
 * Every record of a content resource as select options, named by `titleField` and in its
 * order. The resource's API lives at `/api/{key}` (every content resource's base is built
 * that way in the domain), so no definition registry is needed here.
 */
export async function fetchReferenceOptions(
  resource: string,
  titleField: string,
): Promise<ReferenceOption[]> {
  const options: ReferenceOption[] = [];
  for (let page = 1; ; page++) {
    const body = await api.get<ListPage>(`/${encodeURIComponent(resource)}`, {
      params: { page, per_page: PER_PAGE, sort: titleField },
    });
    for (const row of body.data) {
      const title = row[titleField];
      options.push({
        value: String(row.id),
        label: typeof title === 'string' && title.trim() !== '' ? title : `#${String(row.id)}`,
      });
    }
    if (page >= body.meta.last_page) return options;
  }
}

export interface ReferenceSelectProps {
  /** The select's id and name. */
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  optional?: boolean;
  /** The key of the referenced content resource, e.g. 'village-structures'. */
  resource: string;
  /** The field of that resource that names a record, e.g. 'name'. */
  titleField: string;
  /** The id chosen, as text ('' when none). */
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  /** A record not to offer (the record being edited, when it refers to its own resource). */
  excludeId?: string | number;
}

/**
 * A reference field: a select of the referenced resource's records labelled by their title.
 * Controlled, so a value set before the options arrive is shown once they do.
 */
export function ReferenceSelect({
  id,
  label,
  hint,
  error,
  optional,
  resource,
  titleField,
  value,
  onChange,
  onBlur,
  excludeId,
}: ReferenceSelectProps) {
  const { data, error: loadError } = useSWR(['reference-options', resource, titleField], () =>
    fetchReferenceOptions(resource, titleField),
  );
  const options = (data ?? []).filter(
    (o) => excludeId === undefined || o.value !== String(excludeId),
  );
  // Keep the chosen value visible even before (or if never) its record arrives.
  if (value !== '' && !options.some((o) => o.value === value)) {
    options.unshift({ value, label: data ? `#${value}` : 'Memuat…' });
  }
  const failed = loadError
    ? 'Pilihan gagal dimuat. Muat ulang halaman untuk mencoba lagi.'
    : undefined;
  return (
    <Select
      id={id}
      name={id}
      label={label}
      hint={hint}
      error={error ?? failed}
      optional={optional}
      options={options}
      placeholder={data || loadError ? 'Pilih…' : 'Memuat pilihan…'}
      aria-busy={!data && !loadError ? true : undefined}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      onBlur={onBlur}
    />
  );
}
