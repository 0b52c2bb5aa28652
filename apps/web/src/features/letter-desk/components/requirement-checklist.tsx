// Part of the desk's review screen (desk-detail-page.tsx).
import type { LetterType } from '@balai/domain';
import { useState } from 'react';
import type { LetterRequestDetail } from '@balai/domain/contract';

const ONLINE_LABEL = {
  required: 'foto wajib dikirim bersama permohonan',
  optional: 'foto atau dokumen di kantor desa',
  office: 'dibawa ke kantor desa',
} as const;

/** The requirements as a checklist the clerk ticks while checking (kept on this screen only). */
export function RequirementChecklist({
  type,
  request,
}: {
  type: LetterType;
  request: LetterRequestDetail;
}) {
  const [checked, setChecked] = useState<ReadonlySet<string>>(new Set());
  const photos = (key: string) =>
    (request.attachments ?? []).filter((a) => a.requirement === key).length;
  const done = checked.size;
  return (
    <section aria-labelledby="persyaratan" className="mt-8">
      <h2 id="persyaratan" className="text-xl font-bold text-slate-900">
        Persyaratan
      </h2>
      <p className="mt-1 text-slate-700" aria-live="polite">
        {done} dari {type.requirements.length} sudah diperiksa. Centang yang sudah Anda periksa;
        centang ini tidak disimpan.
      </p>
      <ul className="mt-3 divide-y divide-slate-200 border-y border-slate-200">
        {type.requirements.map((r) => {
          const id = `syarat-${r.key}`;
          const n = photos(r.key);
          return (
            <li key={r.key} className="flex items-start gap-3 py-3">
              <input
                id={id}
                type="checkbox"
                checked={checked.has(r.key)}
                onChange={(e) => {
                  const next = new Set(checked);
                  if (e.target.checked) next.add(r.key);
                  else next.delete(r.key);
                  setChecked(next);
                }}
                className="mt-0.5 size-6 shrink-0 accent-brand-800"
              />
              <div>
                <label htmlFor={id} className="font-semibold text-slate-900">
                  {r.label}
                </label>
                <p className="text-sm text-slate-700">
                  {ONLINE_LABEL[r.online]}
                  {n > 0 ? ` · ${n} foto terlampir` : ''}
                </p>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
