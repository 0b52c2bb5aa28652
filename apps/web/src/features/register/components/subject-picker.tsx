import { useId, useState } from 'react';
import { useFamilies, usePersons } from '../../../api/register.ts';
import { fieldText } from './register-cells.tsx';

export interface Subject {
  id: number;
  text: string;
}

const MIN_CHARS = 3;

function Picker({
  label,
  hint,
  found,
  value,
  onChange,
  onSearch,
  search,
  error,
}: {
  label: string;
  hint: string;
  found: Subject[] | undefined;
  value: Subject | null;
  onChange: (s: Subject | null) => void;
  onSearch: (text: string) => void;
  search: string;
  error?: string | null;
}) {
  const id = useId();
  return (
    <div className={`mb-6 ${error ? 'border-l-4 border-red-700 pl-3' : ''}`}>
      <label htmlFor={`${id}-search`} className="block font-semibold text-slate-900">
        {label}
      </label>
      <p id={`${id}-hint`} className="mt-1 text-sm text-slate-700">
        {hint}
      </p>
      {error && (
        <p id={`${id}-error`} className="mt-1 font-semibold text-red-700">
          <span className="sr-only">Kesalahan:</span> {error}
        </p>
      )}
      {value ? (
        <p className="mt-2 flex flex-wrap items-center gap-3">
          <strong>{value.text}</strong>
          <button
            type="button"
            className="min-h-11 font-semibold text-brand-800 underline underline-offset-2"
            onClick={() => onChange(null)}
          >
            Ganti<span className="sr-only"> {label.toLowerCase()}</span>
          </button>
        </p>
      ) : (
        <>
          <input
            id={`${id}-search`}
            type="search"
            value={search}
            onChange={(e) => onSearch(e.target.value)}
            aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
            aria-invalid={error ? true : undefined}
            className="mt-1.5 h-11 w-full max-w-md rounded-md border-2 border-slate-600 bg-white px-3 text-base"
          />
          {search.trim().length >= MIN_CHARS && found && (
            <ul aria-label={`Hasil pencarian ${label.toLowerCase()}`} className="mt-2 max-w-md">
              {found.length === 0 && <li className="text-slate-700">Tidak ditemukan.</li>}
              {found.map((s) => (
                <li key={s.id}>
                  <button
                    type="button"
                    onClick={() => onChange(s)}
                    className="flex min-h-11 w-full items-center rounded px-2 text-left text-brand-800 underline underline-offset-2 hover:bg-brand-50"
                  >
                    {s.text}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </div>
  );
}

/** Finds a living person of the register by name or NIK and picks one. */
export function PersonPicker(props: {
  value: Subject | null;
  onChange: (s: Subject | null) => void;
  error?: string | null;
}) {
  const [search, setSearch] = useState('');
  const term = search.trim();
  const { list } = usePersons(
    term.length >= MIN_CHARS ? { search: term, life_status: 'hidup', per_page: 8 } : null,
  );
  const found = list?.data.map((p) => ({
    id: p.id,
    text: `${p.name} — NIK ${p.nik}${fieldText(p, 'hamlet') ? `, Dsn. ${fieldText(p, 'hamlet')}` : ''}`,
  }));
  return (
    <Picker
      {...props}
      label="Penduduk"
      hint="Cari nama atau NIK (minimal 3 karakter), lalu pilih orangnya."
      found={found}
      search={search}
      onSearch={setSearch}
    />
  );
}

/** Finds a family by No. KK or the head's name and picks one. */
export function FamilyPicker(props: {
  value: Subject | null;
  onChange: (s: Subject | null) => void;
  error?: string | null;
  label?: string;
}) {
  const [search, setSearch] = useState('');
  const term = search.trim();
  const { list } = useFamilies(term.length >= MIN_CHARS ? { search: term, per_page: 8 } : null);
  const found = list?.data.map((f) => ({
    id: f.id,
    text: `${f.head_name ?? 'Tanpa kepala keluarga'} — KK ${f.kk_number}`,
  }));
  return (
    <Picker
      {...props}
      label={props.label ?? 'Keluarga'}
      hint="Cari No. KK atau nama kepala keluarga (minimal 3 karakter), lalu pilih."
      found={found}
      search={search}
      onSearch={setSearch}
    />
  );
}
