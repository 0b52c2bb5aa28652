import type { Kysely } from 'kysely';
import {
  ADMIN_ROLE,
  letterSchema,
  letterTypeByCode,
  todayIso,
  type LetterCode,
  type LetterStatus,
} from '@balai/domain';
import type { Config } from '../config.ts';
import type { Database } from '../db/schema.ts';
import { changeLetterRequest, createLetterRequest, type Actor } from '../letters/workflow.ts';
import { findUserByEmail, type UserRow } from '../repositories/users.ts';
import { DEMO_RESIDENTS } from './residents.ts';

/** YYYY-MM-DD `days` from today in village time. */
function inDays(days: number): string {
  const d = new Date(`${todayIso()}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

interface DemoRequest {
  resident: number;
  type: LetterCode;
  data: Record<string, unknown>;
  /** Admin steps after filing, each a status (and note); 'cancelled' is the resident's. */
  steps: [LetterStatus, string?][];
}

const DEMO_REQUESTS: DemoRequest[] = [
  {
    resident: 0,
    type: 'ku',
    data: {
      business_name: 'Warung Berkah Ibu Siti',
      business_type: 'Warung sembako',
      business_address: 'Jl. Raya Sukamaju No. 17, RT 002 RW 001',
      business_started_at: '2019-03-03',
      employee_count: 2,
      purpose: 'Pengajuan Kredit Usaha Rakyat (KUR) di Bank BRI Unit Cibeureum',
    },
    steps: [['processing'], ['completed', 'Surat sudah ditandatangani Kepala Desa.']],
  },
  {
    resident: 0,
    type: 'kdtt',
    data: {
      domicile_address: 'Jl. Raya Sukamaju No. 12',
      domicile_rt: '002',
      domicile_rw: '001',
      resident_since: '2012-07-01',
      purpose: 'Pembukaan rekening bank',
    },
    steps: [['processing']],
  },
  {
    resident: 1,
    type: 'kp',
    data: {
      occupation: 'Petani',
      monthly_income: 2500000,
      income_source: 'Hasil panen sawah dan berdagang sayur',
      dependents: 3,
      purpose: 'Pengajuan beasiswa anak di SMA Negeri 1 Cibeureum',
    },
    steps: [['needs_revision', 'Mohon lampirkan fotokopi Kartu Keluarga yang terbaru.']],
  },
  {
    resident: 1,
    type: 'pskck',
    data: { purpose: 'Melamar pekerjaan sebagai satpam', remarks: null },
    steps: [],
  },
  {
    resident: 2,
    type: 'k',
    data: {
      details: 'belum pernah menikah dan tidak sedang terikat perkawinan',
      purpose: 'Persyaratan pendaftaran CPNS',
    },
    steps: [
      [
        'rejected',
        'Untuk keterangan belum menikah, silakan ajukan melalui Pengantar Perkawinan atau bawa surat pengantar RT/RW.',
      ],
    ],
  },
  {
    resident: 3,
    type: 'irr',
    data: {
      event_name: 'Resepsi Pernikahan',
      event_date: inDays(21),
      start_time: '09:00',
      end_time: '21:00',
      venue: 'Halaman rumah pemohon, Jl. Melati No. 4',
      guest_estimate: 300,
      entertainment: 'Organ tunggal',
      purpose: 'Mengurus izin keramaian ke Polsek Cibeureum',
    },
    steps: [],
  },
  {
    resident: 3,
    type: 'pk',
    data: {
      lost_item: 'Dompet berisi KTP dan SIM C',
      item_details: 'Dompet kulit hitam berisi KTP, SIM C dan kartu ATM atas nama pemohon',
      lost_date: inDays(-3),
      lost_place: 'Pasar Cibeureum',
      chronology: 'Dompet terjatuh saat berbelanja di pasar sekitar pukul 08.00.',
      purpose: 'Laporan kehilangan ke Polsek Cibeureum',
    },
    steps: [['cancelled']],
  },
];

/**
 * A few requests of the demo residents in every status, through the real workflow (events,
 * notifications, one issued letter with its PDF), so a fresh `npm start` looks lived-in.
 * Resumable: run again, it adds only what an interrupted run did not.
 */
export async function seedDemoLetters(db: Kysely<Database>, config: Config): Promise<void> {
  const admin = await db
    .selectFrom('users')
    .selectAll()
    .where('role', '=', ADMIN_ROLE)
    .orderBy('id')
    .executeTakeFirst();
  if (!admin) return;
  const deps = { db, publicUrl: config.PUBLIC_URL };
  const adminActor: Actor = { user: admin, ip: '127.0.0.1' };
  const residents: (UserRow | undefined)[] = await Promise.all(
    DEMO_RESIDENTS.map((r) => findUserByEmail(db, r.email)),
  );
  for (const [i, demo] of DEMO_REQUESTS.entries()) {
    const resident = residents[demo.resident];
    const type = letterTypeByCode(demo.type);
    if (!resident || !type) continue;
    const actor: Actor = { user: resident, ip: '127.0.0.1' };
    // A first start killed half-way is carried on by the next (seed.ts, issue 19.2): the key
    // finds the request filed before, and only the status changes it lacks are made.
    const { row } = await createLetterRequest(deps, type, actor, {
      data: letterSchema(type).parse(demo.data),
      idempotencyKey: `demo-seed-${i + 1}`,
    });
    const done = ['submitted', ...demo.steps.map(([s]) => s)].lastIndexOf(row.status);
    if (done < 0) throw new Error(`demo request ${row.id} is ${row.status}, off its course`);
    for (const [status, note] of demo.steps.slice(done)) {
      await changeLetterRequest(deps, type, status === 'cancelled' ? actor : adminActor, row.id, {
        fields: {},
        status,
        note: note ?? null,
      });
    }
  }
}
