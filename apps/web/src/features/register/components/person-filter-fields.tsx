import { PERSON_LABELS } from '@balai/domain';
import type { RegisterArea } from '@balai/domain/contract';
import { useState } from 'react';
import { LIFE_STATUS_OPTIONS, areaOptions, codeOptions } from '../person-filters.ts';

const controlClass = 'h-11 w-full rounded-md border-2 border-slate-700 bg-white px-2 text-base';
const labelClass = 'mb-1 block font-semibold text-slate-900';

function FilterSelect({
  name,
  label,
  options,
  value,
  onChange,
}: {
  name: string;
  label: string;
  options: readonly { value: string; label: string }[];
  value: string;
  onChange?: (value: string) => void;
}) {
  return (
    <div>
      <label htmlFor={`filter-${name}`} className={labelClass}>
        {label}
      </label>
      <select
        id={`filter-${name}`}
        name={name}
        value={value}
        onChange={(e) => onChange?.(e.target.value)}
        className={controlClass}
      >
        <option value="">Semua</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * The Penduduk list's search and filters: name or NIK; dusun, RW and RT (each narrowed to the one
 * above, each choice with its count of living people); sex; an age range; life status.
 */
export function PersonFilterFields({
  search,
  filters,
  areas,
}: {
  search: string;
  filters: Partial<Record<string, string>>;
  areas: readonly RegisterArea[];
}) {
  const [place, setPlace] = useState({
    dusun_id: filters.dusun_id ?? '',
    rw_id: filters.rw_id ?? '',
    rt_id: filters.rt_id ?? '',
  });
  const [other, setOther] = useState({
    gender: filters.gender ?? '',
    life_status: filters.life_status ?? '',
  });

  return (
    <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
      <div className="sm:col-span-2">
        <label htmlFor="cari" className={labelClass}>
          Cari
        </label>
        <input
          id="cari"
          name="search"
          type="search"
          aria-describedby="cari-hint"
          defaultValue={search}
          className={controlClass}
        />
        <p id="cari-hint" className="mt-1 text-sm text-slate-700">
          Nama (sebagian) atau NIK (awalnya)
        </p>
      </div>
      <FilterSelect
        name="dusun_id"
        label={PERSON_LABELS.hamlet ?? 'Dusun'}
        options={areaOptions(areas, 'dusun', undefined)}
        value={place.dusun_id}
        onChange={(v) => setPlace({ dusun_id: v, rw_id: '', rt_id: '' })}
      />
      <FilterSelect
        name="rw_id"
        label={PERSON_LABELS.rw ?? 'RW'}
        options={areaOptions(areas, 'rw', place.dusun_id || undefined)}
        value={place.rw_id}
        onChange={(v) => setPlace({ ...place, rw_id: v, rt_id: '' })}
      />
      <FilterSelect
        name="rt_id"
        label={PERSON_LABELS.rt ?? 'RT'}
        options={areaOptions(areas, 'rt', place.rw_id || place.dusun_id || undefined)}
        value={place.rt_id}
        onChange={(v) => setPlace({ ...place, rt_id: v })}
      />
      <FilterSelect
        name="gender"
        label={PERSON_LABELS.gender ?? 'Jenis kelamin'}
        options={codeOptions('gender')}
        value={other.gender}
        onChange={(v) => setOther({ ...other, gender: v })}
      />
      <fieldset className="min-w-0">
        <legend className={labelClass}>Umur (tahun)</legend>
        <div className="flex items-center gap-2">
          <label htmlFor="filter-age_min" className="sr-only">
            Umur minimal
          </label>
          <input
            id="filter-age_min"
            name="age_min"
            type="number"
            inputMode="numeric"
            min={0}
            max={150}
            placeholder="dari"
            defaultValue={filters.age_min ?? ''}
            className={controlClass}
          />
          <span aria-hidden="true">–</span>
          <label htmlFor="filter-age_max" className="sr-only">
            Umur maksimal
          </label>
          <input
            id="filter-age_max"
            name="age_max"
            type="number"
            inputMode="numeric"
            min={0}
            max={150}
            placeholder="sampai"
            defaultValue={filters.age_max ?? ''}
            className={controlClass}
          />
        </div>
      </fieldset>
      <FilterSelect
        name="life_status"
        label="Status"
        options={LIFE_STATUS_OPTIONS}
        value={other.life_status}
        onChange={(v) => setOther({ ...other, life_status: v })}
      />
    </div>
  );
}
