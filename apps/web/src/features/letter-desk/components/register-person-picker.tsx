// Part of the desk's "Buat Permohonan" (desk-form-pages.tsx): a person of the register as the
// one the letter is for (issue 21). Found by name or NIK with the register's own search.
import type { RegisterPerson } from '@balai/domain/contract';
import { useState, type FormEvent } from 'react';
import { usePersons } from '../../../api/register.ts';
import { Button } from '../../../components/ui/button.tsx';
import { LoadingBlock } from '../../../components/ui/load-state.tsx';

const LIFE_LABELS: Record<RegisterPerson['life_status'], string> = {
  hidup: 'Hidup',
  meninggal: 'Meninggal',
  pindah: 'Pindah',
  hilang: 'Hilang',
};

const place = (p: RegisterPerson) =>
  [p.hamlet, p.rt && `RT ${p.rt}`, p.rw && `RW ${p.rw}`].filter(Boolean).join(', ');

/** Search, choose, and the choice with "Ganti" (a dead or moved person cannot be chosen). */
export function RegisterPersonPicker({
  chosen,
  onChoose,
}: {
  chosen: RegisterPerson | null;
  onChoose: (person: RegisterPerson | null) => void;
}) {
  const [search, setSearch] = useState('');
  const { list, isLoading } = usePersons(search ? { search, per_page: 8 } : null);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSearch(String(new FormData(event.currentTarget).get('penduduk') ?? '').trim());
  };
  if (chosen) {
    return (
      <div className="rounded-md border-l-4 border-brand-800 bg-brand-50 p-4">
        <p className="font-semibold text-slate-900">
          Untuk: {chosen.name} (NIK berakhiran {chosen.nik.slice(-4)})
        </p>
        <p className="text-slate-700">
          Data pemohon diambil dari buku induk desa; akun warganya (bila ada) diberi tahu.
        </p>
        <Button variant="outlined" className="mt-3" onClick={() => onChoose(null)}>
          Ganti penduduk
        </Button>
      </div>
    );
  }
  return (
    <form role="search" onSubmit={onSubmit} className="space-y-3">
      <div>
        <label htmlFor="penduduk" className="mb-1 block font-semibold text-slate-900">
          Cari di buku induk
        </label>
        <p id="penduduk-hint" className="mb-1 text-sm text-slate-700">
          Nama atau awal NIK penduduk
        </p>
        <div className="flex flex-wrap gap-2">
          <input
            id="penduduk"
            name="penduduk"
            type="search"
            aria-describedby="penduduk-hint"
            className="h-11 min-w-0 flex-1 basis-60 rounded-md border-2 border-slate-700 px-3 text-base"
          />
          <Button type="submit" variant="outlined">
            Cari
          </Button>
        </div>
      </div>
      {search && isLoading && <LoadingBlock label="Mencari penduduk…" />}
      {search && list && (
        <div aria-live="polite">
          {list.data.length === 0 ? (
            <p className="text-slate-800">Tidak ada penduduk yang cocok dengan “{search}”.</p>
          ) : (
            <ul className="divide-y divide-slate-200 border-y border-slate-200">
              {list.data.map((p) => (
                <li key={p.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                  <span>
                    <span className="font-semibold text-slate-900">{p.name}</span>{' '}
                    <span className="text-slate-700">
                      NIK berakhiran {p.nik.slice(-4)}
                      {place(p) ? ` · ${place(p)}` : ''}
                    </span>
                    {p.life_status !== 'hidup' && (
                      <span className="block font-semibold text-red-800">
                        {LIFE_LABELS[p.life_status]}: tidak dapat dibuatkan surat
                      </span>
                    )}
                  </span>
                  {p.life_status === 'hidup' && (
                    <Button size="sm" variant="outlined" onClick={() => onChoose(p)}>
                      Pilih<span className="sr-only"> {p.name}</span>
                    </Button>
                  )}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </form>
  );
}
