// Bulk loading of the letters bench's village into a fresh SQLite or PostgreSQL database.
import { execFileSync } from 'node:child_process';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { openDb } from '../../apps/server/src/db/database.ts';
import { migrateToLatest } from '../../apps/server/src/db/migrate.ts';
import { renderLetterPdf } from '../../apps/server/src/letters/pdf/index.ts';
import { sampleLetterInput, sampleLogo } from '../../apps/server/src/letters/pdf/sample.ts';
import { insertFile } from '../../apps/server/src/repositories/files.ts';
import { requestTerms } from '../../apps/server/src/repositories/letter-filters.ts';
import { hashPassword } from '../../apps/server/src/services/passwords.ts';
import { ADMIN, PASSWORD, REQUESTS, RESIDENTS } from './config.ts';
import { PG_TYPES, REQUEST_COLUMNS, lastSequences, requests, residents } from './data.ts';

/** Writes the village: settings with a logo, the administrator, residents, requests and their archive. */
export async function fill(kind: 'sqlite' | 'postgres', url: string): Promise<void> {
  const started = performance.now();
  const db = openDb(url);
  await migrateToLatest(db.kysely);
  const now = new Date().toISOString();
  const logoId = await insertFile(db.kysely, {
    kind: 'image',
    mime: 'image/png',
    bytes: await sampleLogo('png'),
  });
  const village = sampleLetterInput().village;
  await db.kysely
    .insertInto('settings')
    .values({
      id: 1,
      village_name: village.name,
      kecamatan: village.kecamatan,
      kabupaten: village.kabupaten,
      provinsi: village.provinsi,
      address: village.address,
      postal_code: village.postal_code,
      phone: village.phone,
      email: village.email,
      logo_file_id: logoId,
      head_name: village.head_name,
      head_nip: village.head_nip,
      village_code: '3201012001',
      letter_number_format: '{code}/{seq:3}/{village_code}/{month_roman}/{year}',
      allow_loopback_qr: 0,
      updated_at: now,
    })
    .execute();
  // Every generated archive entry points at one stored PDF: the bytes do not matter to lists.
  const pdfId = await insertFile(db.kysely, {
    kind: 'pdf',
    mime: 'application/pdf',
    bytes: await renderLetterPdf(sampleLetterInput(null)),
  });
  await db.close();

  const residentHash = await hashPassword(PASSWORD);
  const adminHash = await hashPassword(ADMIN.password);
  const people = residents(RESIDENTS);
  const userRows = [
    {
      id: 1,
      name: 'Admin Bench',
      email: ADMIN.email,
      password_hash: adminHash,
      role: 'ADMINISTRATOR',
      nik: null as string | null,
      p: {} as Record<string, string>,
    },
    ...people.map((p) => ({
      id: p.id,
      name: p.name,
      email: p.email,
      password_hash: residentHash,
      role: 'WARGA',
      nik: p.nik,
      p: p.profile,
    })),
  ];
  const U = [
    'id',
    'name',
    'email',
    'password_hash',
    'role',
    'active',
    'nik',
    'kk_number',
    'phone',
    'birth_place',
    'birth_date',
    'gender',
    'religion',
    'marital_status',
    'occupation',
    'education',
    'nationality',
    'address',
    'rt',
    'rw',
    'hamlet',
    'created_at',
    'updated_at',
  ] as const;
  const userValues = (u: (typeof userRows)[number]) => [
    u.id,
    u.name,
    u.email,
    u.password_hash,
    u.role,
    1,
    u.nik,
    u.p.kk_number ?? null,
    '0812' + String(u.id).padStart(8, '0'),
    u.p.birth_place ?? null,
    u.p.birth_date ?? null,
    u.p.gender ?? null,
    u.p.religion ?? null,
    u.p.marital_status ?? null,
    u.p.occupation ?? null,
    u.p.education ?? null,
    u.p.nationality ?? null,
    u.p.address ?? null,
    u.p.rt ?? null,
    u.p.rw ?? null,
    u.p.hamlet ?? null,
    now,
    now,
  ];

  if (kind === 'sqlite') {
    const sqlite = new SQLite(url.slice('file:'.length));
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = OFF');
    const insertUser = sqlite.prepare(
      `insert into users (${U.join(',')}) values (${U.map(() => '?').join(',')})`,
    );
    const insertRequest = sqlite.prepare(
      `insert into letter_requests (${REQUEST_COLUMNS.join(',')}) values (${REQUEST_COLUMNS.map(() => '?').join(',')})`,
    );
    const insertTerm = sqlite.prepare(
      'insert into letter_search_terms (letter_request_id, term, type, status, created_at) values (?, ?, ?, ?, ?)',
    );
    const insertHistory = sqlite.prepare(
      'insert into pdf_histories (letter_request_id, type, file_id, sha256, number, issued_at, issued_by, processing_seconds) values (?, ?, ?, ?, ?, ?, 1, ?)',
    );
    sqlite.transaction(() => {
      for (const u of userRows) insertUser.run(userValues(u));
    })();
    for (const batch of requests(people, REQUESTS, 50_000)) {
      sqlite.transaction(() => {
        for (const r of batch) {
          insertRequest.run(REQUEST_COLUMNS.map((c) => r[c]));
          for (const term of requestTerms(r))
            insertTerm.run(r.id, term, r.type, r.status, r.created_at);
          if (r.number)
            insertHistory.run(
              r.id,
              r.type,
              pdfId,
              'b'.repeat(64),
              r.number,
              r.issued_at,
              r.processing_seconds,
            );
        }
      })();
    }
    const upsertSeq = sqlite.prepare(
      'insert into letter_sequences (scope, year, last_seq, updated_at) values (?, ?, ?, ?)',
    );
    sqlite.transaction(() => {
      for (const [key, last] of lastSequences()) {
        const [scope, year] = key.split('|');
        upsertSeq.run(scope, Number(year), last, now);
      }
    })();
    sqlite.exec('analyze');
    sqlite.pragma('wal_checkpoint(TRUNCATE)');
    sqlite.close();
  } else {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const unnestInsert = async (
      table: string,
      cols: readonly string[],
      types: string[],
      rows: unknown[][],
    ) => {
      const arrays = cols.map((_, i) => rows.map((r) => r[i]));
      const params = types.map((t, i) => `$${i + 1}::${t}[]`).join(', ');
      await client.query(
        `insert into ${table} (${cols.join(',')}) select * from unnest(${params})`,
        arrays,
      );
    };
    const userTypes = U.map((c) => (c === 'id' || c === 'active' ? 'int' : 'text'));
    for (let i = 0; i < userRows.length; i += 10_000) {
      await unnestInsert('users', U, userTypes, userRows.slice(i, i + 10_000).map(userValues));
    }
    for (const batch of requests(people, REQUESTS, 10_000)) {
      await unnestInsert(
        'letter_requests',
        REQUEST_COLUMNS,
        REQUEST_COLUMNS.map((c) => PG_TYPES[c]),
        batch.map((r) => REQUEST_COLUMNS.map((c) => r[c])),
      );
      const terms = batch.flatMap((r) =>
        requestTerms(r).map((t) => [r.id, t, r.type, r.status, r.created_at]),
      );
      await unnestInsert(
        'letter_search_terms',
        ['letter_request_id', 'term', 'type', 'status', 'created_at'],
        ['int', 'text', 'text', 'text', 'text'],
        terms,
      );
      const histories = batch
        .filter((r) => r.number)
        .map((r) => [
          r.id,
          r.type,
          pdfId,
          'b'.repeat(64),
          r.number,
          r.issued_at,
          1,
          r.processing_seconds,
        ]);
      await unnestInsert(
        'pdf_histories',
        [
          'letter_request_id',
          'type',
          'file_id',
          'sha256',
          'number',
          'issued_at',
          'issued_by',
          'processing_seconds',
        ],
        ['int', 'text', 'int', 'text', 'text', 'text', 'int', 'int'],
        histories,
      );
    }
    for (const [key, last] of lastSequences()) {
      const [scope, year] = key.split('|');
      await client.query(
        'insert into letter_sequences (scope, year, last_seq, updated_at) values ($1, $2, $3, $4)',
        [scope, Number(year), last, now],
      );
    }
    for (const t of ['users', 'letter_requests', 'pdf_histories']) {
      await client.query(
        `select setval(pg_get_serial_sequence('${t}', 'id'), (select max(id) from ${t}))`,
      );
    }
    await client.query('vacuum analyze');
    await client.query('checkpoint');
    await client.end();
  }
  // The fill wrote about a gigabyte the kernel has yet to put on disk; measured before that
  // writeback ends, every commit's fsync would queue behind it. The figures are of a settled
  // server, not of the fill's aftermath.
  execFileSync('sync');
  console.log(
    `${kind}: ${RESIDENTS} residents and ${REQUESTS} requests loaded in ${Math.round((performance.now() - started) / 1000)} s`,
  );
}
