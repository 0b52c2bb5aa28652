import {
  DEFAULT_LETTER_NUMBER_FORMAT,
  LETTER_TYPES,
  formatLetterNumber,
  letterNumberFormatProblem,
  todayIso,
} from '@balai/domain';
import { Fragment, useEffect, useState } from 'react';
import { controlClasses, Field } from '../../../components/form/field.tsx';
import { errorMessage } from '../../../lib/http-client.ts';
import { useNumberPreview } from '../../../api/settings.ts';

/** The type the preview starts with: Surat Keterangan Usaha, the one asked for most. */
const FIRST_TYPE = LETTER_TYPES.find((t) => t.code === 'ku') ?? LETTER_TYPES[0]!;

/** How long typing must pause before the server is asked for the sequence again. */
export const PREVIEW_DEBOUNCE_MS = 250;

/** What each placeholder prints, for the clerk who writes the format. */
const PLACEHOLDER_HELP: readonly [string, string][] = [
  ['{code}', 'kode klasifikasi jenis surat, misalnya 503 (nomor urut terpisah per kode)'],
  ['{seq}', 'nomor urut surat, tanpa nol di depan'],
  ['{seq:N}', 'nomor urut dengan N digit, misalnya {seq:3} → 007'],
  ['{village_code}', 'kode desa dari isian Kode desa'],
  ['{month}', 'bulan terbit, 01–12'],
  ['{month_roman}', 'bulan terbit dalam angka Romawi, I–XII'],
  ['{year}', 'tahun terbit (nomor urut mulai lagi dari 1 setiap tahun)'],
];

/** The parts of a format the sequence depends on: the register (code or all) and the year. */
const sequenceShape = (format: string) =>
  `${format.includes('{code}') ? 'code' : 'all'}/${format.includes('{year}') ? 'year' : 'ever'}`;

/** A long number may wrap on a phone, but only after a separator: "500/002/…/XI/" then "2026". */
function Breakable({ text }: { text: string }) {
  return text.split(/(?<=[/.-])/).map((part, i) => (
    <Fragment key={i}>
      {i > 0 && <wbr />}
      {part}
    </Fragment>
  ));
}

function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

export interface LetterNumberPreviewProps {
  /** The format as typed (empty: the default format is stored). */
  format: string;
  /** The village code as typed. */
  villageCode: string;
}

/**
 * The number the next letter would print, as the format is typed: filled here with the domain's
 * `formatLetterNumber` (the server prints letters with the same function) on every keystroke,
 * with the sequence number read from the server (without taking it), which is asked again
 * only when the register the format draws from may change.
 */
export function LetterNumberPreview({ format, villageCode }: LetterNumberPreviewProps) {
  const [typeCode, setTypeCode] = useState<string>(FIRST_TYPE.code);
  const type = LETTER_TYPES.find((t) => t.code === typeCode) ?? FIRST_TYPE;
  const effective = format.trim() === '' ? DEFAULT_LETTER_NUMBER_FORMAT : format;
  const problem = letterNumberFormatProblem(effective);
  const asked = useDebounced(problem ? null : effective, PREVIEW_DEBOUNCE_MS);
  const { preview, error } = useNumberPreview(asked, type.code);

  // The answer's sequence applies while the format draws from the same register.
  const fits =
    preview !== undefined &&
    preview.type === type.code &&
    sequenceShape(preview.format) === sequenceShape(effective);
  const seq = preview?.seq;
  const number =
    problem || seq === undefined
      ? null
      : formatLetterNumber(effective, {
          classificationCode: type.classificationCode,
          seq,
          villageCode: villageCode.trim() || null,
          issuedOn: preview?.issued_on ?? todayIso(),
        });
  const missingVillageCode = effective.includes('{village_code}') && villageCode.trim() === '';

  return (
    <div className="mb-6 rounded-md border border-slate-300 bg-slate-50 p-4">
      <h3 className="mb-3 font-semibold text-slate-900">Pratinjau nomor surat berikutnya</h3>
      <Field id="letter-number-preview-type" label="Contoh untuk jenis surat">
        {(control) => (
          <select
            {...control}
            value={type.code}
            onChange={(event) => setTypeCode(event.target.value)}
            className={controlClasses(false, 'w-full max-w-md')}
          >
            {LETTER_TYPES.map((t) => (
              <option key={t.code} value={t.code}>
                {t.title} (kode {t.classificationCode})
              </option>
            ))}
          </select>
        )}
      </Field>
      <p className="text-sm text-slate-700" id="letter-number-preview-label">
        Nomor yang akan dicetak bila surat ini diterbitkan hari ini:
      </p>
      <output
        htmlFor="letter_number_format letter-number-preview-type village_code"
        aria-labelledby="letter-number-preview-label"
        aria-busy={!problem && !fits ? true : undefined}
        data-testid="letter-number-preview"
        className="mt-1 block font-mono text-lg font-semibold break-words text-slate-900"
      >
        {problem ? '—' : number === null ? 'Memuat…' : <Breakable text={number} />}
      </output>
      {problem && <p className="mt-1 text-sm font-semibold text-red-700">{problem}</p>}
      {!problem && error != null && seq === undefined && (
        <p className="mt-1 text-sm text-red-700">
          Nomor urut belum dapat dibaca: {errorMessage(error)}
        </p>
      )}
      {!problem && fits && (
        <p className="mt-1 text-sm text-slate-700">
          Nomor urut berikutnya {preview.seq}
          {effective.includes('{code}') ? ` untuk kode ${type.classificationCode}` : ''}
          {effective.includes('{year}') ? ` tahun ${preview.issued_on.slice(0, 4)}` : ''}. Surat
          lain yang terbit lebih dulu memakai nomor ini lebih dulu.
        </p>
      )}
      {!problem && missingVillageCode && (
        <p className="mt-1 text-sm font-semibold text-red-700">
          Kode desa wajib diisi karena format nomor surat memakai {'{village_code}'}.
        </p>
      )}
      <details className="mt-3 text-sm text-slate-800">
        <summary className="cursor-pointer font-semibold text-brand-800 underline underline-offset-2">
          Arti setiap penanda
        </summary>
        <dl className="mt-2 space-y-1">
          {PLACEHOLDER_HELP.map(([placeholder, meaning]) => (
            <div key={placeholder} className="flex gap-2">
              <dt className="shrink-0 font-mono">{placeholder}</dt>
              <dd>{meaning}</dd>
            </div>
          ))}
        </dl>
      </details>
    </div>
  );
}
