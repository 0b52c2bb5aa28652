import { formatDateId, todayIso, type FieldDef } from '@balai/domain';

const nf = new Intl.NumberFormat('id-ID');
const MAX_TEXT = 80;

/** Rich text or long text as a short plain line for a table cell. */
export function shortText(value: string) {
  const plain = value
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/\s+/g, ' ')
    .trim();
  return plain.length > MAX_TEXT ? `${plain.slice(0, MAX_TEXT - 1)}…` : plain;
}

/**
 * A date the Indonesian way: "17 Oktober 2026". A calendar date is read as it is; an instant
 * (a database that hands dates back as timestamps) is the day it is in the village (WIB).
 */
export function dateText(value: string) {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return formatDateId(value);
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? value : formatDateId(todayIso(at));
}

/** One cell of the admin table, shown the way its field's kind reads best. */
export function Cell({ field, row }: { field: FieldDef; row: Record<string, unknown> }) {
  const value = row[field.name];
  if (field.kind === 'image') {
    const url = row[`${field.name}_url`] as { thumb?: string } | null | undefined;
    return url?.thumb ? (
      <img
        src={url.thumb}
        alt=""
        width={64}
        height={48}
        loading="lazy"
        className="h-12 w-16 rounded object-cover"
      />
    ) : (
      <span className="text-slate-600">–</span>
    );
  }
  if (value === null || value === undefined || value === '') {
    return <span className="text-slate-600">–</span>;
  }
  if (field.kind === 'boolean') {
    return value ? (
      <span className="rounded bg-brand-100 px-2 py-0.5 text-sm font-semibold text-brand-900">
        Ya
      </span>
    ) : (
      <span className="rounded bg-slate-200 px-2 py-0.5 text-sm font-semibold text-slate-800">
        Tidak
      </span>
    );
  }
  if (typeof value === 'number') return <>{nf.format(value)}</>;
  if (field.kind === 'date') return <>{dateText(String(value))}</>;
  return <>{shortText(String(value))}</>;
}
