import { AREA_FIELDS, PERSON_FIELDS, REGISTER_CODE_LISTS } from '@balai/domain';
import { fillPath, registerPaths, type RegisterArea } from '@balai/domain/contract';
import { describe, expect, it } from 'vitest';
import { registerApi } from '../../api/register.ts';
import { REGISTER_SECTION, adminMenu, searchMenu } from '../../app/admin/admin-menu.ts';
import { adminPaths } from '../../lib/admin-paths.ts';
import { areaTree } from './components/areas-page.tsx';
import { phaseFromShare } from './components/file-send.tsx';
import { summaryFigures } from './components/import-summary.tsx';
import { monthText, reportRows } from './components/monthly-report-page.tsx';
import { EVENT_DATE_FIELDS, eventBody, eventFields } from './event-fields.ts';
import { areaOptions, areaTitle, codeOptions, filterChips } from './person-filters.ts';

const area = (
  id: number,
  kind: RegisterArea['kind'],
  name: string,
  parent_id: number | null,
  person_count = 0,
): RegisterArea => ({ id, kind, name, parent_id, person_count, family_count: 0 });

/** Dusun Krajan (RW 001: RT 001, RT 002) and Dusun Sukamulya (RW 002: RT 001). */
const AREAS = [
  area(1, 'dusun', 'Krajan', null, 30),
  area(2, 'rw', '001', 1, 30),
  area(3, 'rt', '001', 2, 10),
  area(4, 'rt', '002', 2, 20),
  area(5, 'dusun', 'Sukamulya', null, 12),
  area(6, 'rw', '002', 5, 12),
  area(7, 'rt', '001', 6, 12),
];

describe('register API paths', () => {
  it('are the contract’s registerPaths without /api', () => {
    const strip = (p: string) => p.replace(/^\/api/, '');
    expect(registerApi.persons).toBe(strip(registerPaths.persons));
    expect(registerApi.person(4)).toBe(strip(fillPath(registerPaths.person, { id: 4 })));
    expect(registerApi.personFamily(4)).toBe(
      strip(fillPath(registerPaths.personFamily, { id: 4 })),
    );
    expect(registerApi.personChanges(4)).toBe(
      strip(fillPath(registerPaths.personChanges, { id: 4 })),
    );
    expect(registerApi.families).toBe(strip(registerPaths.families));
    expect(registerApi.family(2)).toBe(strip(fillPath(registerPaths.family, { id: 2 })));
    expect(registerApi.familySplit(2)).toBe(strip(fillPath(registerPaths.familySplit, { id: 2 })));
    expect(registerApi.areas).toBe(strip(registerPaths.areas));
    expect(registerApi.area(3)).toBe(strip(fillPath(registerPaths.area, { id: 3 })));
    expect(registerApi.areaMerge(3)).toBe(strip(fillPath(registerPaths.areaMerge, { id: 3 })));
    expect(registerApi.events).toBe(strip(registerPaths.events));
    expect(registerApi.event(9)).toBe(strip(fillPath(registerPaths.event, { id: 9 })));
    expect(registerApi.import).toBe(strip(registerPaths.import));
    expect(registerApi.template).toBe(strip(registerPaths.template));
    expect(registerApi.export).toBe(strip(registerPaths.export));
    expect(registerApi.monthlyReport).toBe(strip(registerPaths.monthlyReport));
    expect(registerApi.statistics).toBe(strip(registerPaths.statistics));
  });
});

describe('Kependudukan menu', () => {
  it('is shown to a viewer who may see the register, after Manajemen, and not otherwise', () => {
    expect(adminMenu({ register: true }).map((s) => s.title)).toEqual([
      'Admin',
      'Manajemen',
      'Kependudukan',
      'Beranda',
      'Profil Desa',
      'Layanan',
      'Pengaturan',
    ]);
    expect(adminMenu().some((s) => s.title === 'Kependudukan')).toBe(false);
    expect(REGISTER_SECTION.items.map((i) => [i.title, i.to])).toEqual([
      ['Penduduk', '/admin/register/persons'],
      ['Keluarga', '/admin/register/families'],
      ['Wilayah', '/admin/register/areas'],
      ['Impor Penduduk', '/admin/register/import'],
      ['Peristiwa', '/admin/register/events'],
      ['Laporan Bulanan', '/admin/register/report'],
    ]);
  });

  it.each([
    ['kartu keluarga', ['Keluarga', 'Beda Nama KTP dan KK']],
    ['opensid', ['Impor Penduduk']],
    ['kelahiran', ['Kelahiran', 'Peristiwa']],
    ['dusun', ['Wilayah']],
    ['buku induk', ['Penduduk']],
  ])('"%s" finds %j', (query, titles) => {
    expect(searchMenu(query, adminMenu({ register: true })).map((m) => m.item.title)).toEqual(
      titles,
    );
  });
});

describe('person list filters', () => {
  it('narrows RW to the dusun and RT to the RW, each with its count', () => {
    expect(areaOptions(AREAS, 'dusun', undefined)).toEqual([
      { value: '1', label: 'Krajan (30)' },
      { value: '5', label: 'Sukamulya (12)' },
    ]);
    expect(areaOptions(AREAS, 'rw', '5')).toEqual([
      { value: '6', label: 'RW 002 (Dusun Sukamulya) (12)' },
    ]);
    // RT under the dusun (through its RW) when no RW is chosen.
    expect(areaOptions(AREAS, 'rt', '1').map((o) => o.value)).toEqual(['3', '4']);
    expect(areaOptions(AREAS, 'rt', '2').map((o) => o.value)).toEqual(['3', '4']);
    expect(areaOptions(AREAS, 'rt', undefined)).toHaveLength(3);
  });

  it('names an area with the areas above it', () => {
    const byId = new Map(AREAS.map((a) => [a.id, a]));
    expect(areaTitle(AREAS[3]!, byId)).toBe('RT 002 (RW 001, Dusun Krajan)');
    expect(areaTitle(AREAS[0]!, byId)).toBe('Dusun Krajan');
  });

  it('says every filter in force in words, those the form has no control for too', () => {
    const islam = REGISTER_CODE_LISTS.religion.find((e) => e.label === 'Islam')!.code;
    expect(
      filterChips(
        {
          rt_id: '4',
          gender: '2',
          religion: String(islam),
          age_min: '20',
          age_max: '24',
          life_status: 'hidup',
        },
        AREAS,
      ).map((c) => c.text),
    ).toEqual([
      'RT 002 (RW 001, Dusun Krajan)',
      'Jenis kelamin: Perempuan',
      'Agama: Islam',
      'Umur: 20–24 tahun',
      'Status: Hidup',
    ]);
    expect(filterChips({ age_min: '75' }).map((c) => c.text)).toEqual(['Umur: 75 tahun ke atas']);
    expect(filterChips({ age_max: '4' }).map((c) => c.text)).toEqual(['Umur: sampai 4 tahun']);
    expect(filterChips({})).toEqual([]);
    // The statistics' "Tidak diisi", "Tanpa dusun" and "Umur tidak diketahui" rows.
    expect(
      filterChips({ dusun_id: '0', education: '0', birth_date_missing: '1' }).map((c) => c.text),
    ).toEqual(['Tanpa dusun', 'Pendidikan: Tidak diisi', 'Umur: tidak diketahui']);
  });

  it('offers every code of a coded field, by its national code', () => {
    expect(codeOptions('gender')).toEqual([
      { value: '1', label: 'Laki-laki' },
      { value: '2', label: 'Perempuan' },
    ]);
    expect(codeOptions('occupation')).toHaveLength(REGISTER_CODE_LISTS.occupation.length);
  });

  it('puts a statistic’s filter into the Penduduk address', () => {
    expect(adminPaths.register.persons({ age_min: 20, age_max: 24, life_status: 'hidup' })).toBe(
      '/admin/register/persons?age_min=20&age_max=24&life_status=hidup',
    );
    expect(adminPaths.register.persons()).toBe('/admin/register/persons');
  });
});

describe('areas', () => {
  it('lists each dusun with its RW and their RT below it, orphans last', () => {
    const orphan = area(9, 'rt', '009', 99);
    expect(areaTree([orphan, ...AREAS].reverse()).map((a) => a.id)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 9,
    ]);
  });
});

describe('events', () => {
  it('asks a new person’s fields for a birth (not the birth date) and an arrival only', () => {
    const names = (k: Parameters<typeof eventFields>[0]) => eventFields(k).map((f) => f.name);
    expect(names('death')).toEqual(EVENT_DATE_FIELDS.map((f) => f.name));
    expect(names('move_out')).toEqual(names('lost'));
    expect(names('move_in')).toEqual([
      ...EVENT_DATE_FIELDS.map((f) => f.name),
      ...PERSON_FIELDS.map((f) => f.name),
      ...AREA_FIELDS.map((f) => f.name),
    ]);
    expect(names('birth')).not.toContain('birth_date');
    expect(names('birth')).toContain('nik');
  });

  it('builds the body: the person for a death, the new person born on the event’s day', () => {
    const dates = { occurred_on: '2026-05-02', reported_on: '2026-06-03', note: null };
    expect(eventBody('death', dates, { personId: 4 })).toEqual({
      kind: 'death',
      ...dates,
      person_id: 4,
    });
    expect(
      eventBody(
        'birth',
        { ...dates, name: 'Bayi', nik: '3201014205260001', gender: 'Perempuan' },
        { familyId: 2 },
      ),
    ).toEqual({
      kind: 'birth',
      ...dates,
      family_id: 2,
      person: {
        name: 'Bayi',
        nik: '3201014205260001',
        gender: 'Perempuan',
        birth_date: '2026-05-02',
      },
    });
  });
});

describe('import and report', () => {
  it('shows the file going up, then being checked', () => {
    expect(phaseFromShare(0.25)).toEqual({ step: 'sending', share: 0.25 });
    expect(phaseFromShare(1)).toEqual({ step: 'checking' });
  });

  it('lists the check’s figures with the words of a check, and of an import once saved', () => {
    const result = {
      dry_run: true,
      committed: false,
      sheet: 'Data Penduduk',
      format: 'opensid' as const,
      rows: 10,
      valid_rows: 7,
      error_rows: 3,
      added: 6,
      updated: 1,
      families: 2,
      areas_created: 4,
      error_count: 3,
      warning_count: 2,
      errors: [],
      warnings: [],
    };
    expect(summaryFigures(result)).toContainEqual(['Orang baru', 6]);
    expect(summaryFigures({ ...result, committed: true })).toContainEqual(['Orang ditambahkan', 6]);
    expect(summaryFigures(result)).toContainEqual(['Baris ditolak', 3]);
  });

  it('reads the month in words and the report’s rows in the book’s order', () => {
    expect(monthText('2026-05')).toBe('Mei 2026');
    const s = (total: number) => ({ male: total - 1, female: 1, total });
    const rows = reportRows({
      month: '2026-05',
      from: '2026-05-01',
      to: '2026-05-31',
      start: s(10),
      births: s(2),
      deaths: s(1),
      arrivals: s(3),
      departures: s(1),
      lost: s(1),
      end: s(12),
      late_reports: [],
      reported_late_this_month: [],
    });
    expect(rows.map((r) => r.key)).toEqual([
      'start',
      'births',
      'arrivals',
      'deaths',
      'departures',
      'lost',
      'end',
    ]);
    expect(rows[0]!.label).toBe('Awal bulan (1 Mei 2026)');
    expect(rows.at(-1)!.label).toBe('Akhir bulan (31 Mei 2026)');
  });
});
