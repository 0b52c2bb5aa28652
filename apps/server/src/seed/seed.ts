import { randomBytes } from 'node:crypto';
import { ADMIN_ROLE, RESIDENT_ROLE } from '@balai/domain';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { withStartupLock } from '../db/startup-lock.ts';
import { countUsers, findUserByEmail, insertUser } from '../repositories/users.ts';
import { hashPassword } from '../services/passwords.ts';
import { saveSigningSetup } from '../repositories/signing.ts';
import { seedDemoContent } from './content.ts';
import { DEMO_SETTINGS } from './demo-village.ts';
import { seedDemoLetters } from './letters.ts';
import { DEMO_RESIDENTS } from './residents.ts';

/** An account the first start made, with the password it uses (printed once). */
export interface SeededAccount {
  /** What it is: "Administrator", "Kepala Desa", "Sekretaris Desa", or the resident's name. */
  label: string;
  email: string;
  /** The generated password; absent when it came from `from`. */
  password?: string;
  /** The environment variable the password came from, when it was not generated. */
  from?: 'BALAI_ADMIN_PASSWORD' | 'BALAI_DEMO_PASSWORD';
}

export interface SeedResult {
  seeded: boolean;
  /**
   * This start finished a first seed that an earlier start began and did not finish (killed,
   * power lost): the passwords are new, as the earlier ones were never shown (issue 19.2).
   */
  resumed?: boolean;
  admin?: { email: string; password?: string };
  /** Every account of the first seed: the administrator, the demo signers and residents. */
  accounts?: { admins: SeededAccount[]; officials: SeededAccount[]; residents: SeededAccount[] };
}

/**
 * The password hash of the accounts a first seed has made but whose passwords it has not shown
 * yet. It matches no password (`verifyPassword` fails on it), so nobody can sign in with a
 * password nobody saw, and while any account has it the first seed is unfinished: the next
 * start carries it on to the end (each step is skipped once done), prints new passwords and
 * only then gives the accounts their real hashes (issue 19.2, docs/reliability.md).
 */
export const SEED_UNFINISHED_HASH = '!pengisian-awal-belum-selesai';

/**
 * The demo village's Kepala Desa and Sekretaris Desa accounts (issue 15, docs/signing.md): the
 * officials of the demo content, who sign letters; the settings name them once the demo
 * letters are filed.
 */
export const DEMO_OFFICIALS = [
  {
    name: DEMO_SETTINGS.head_name,
    email: 'kades@sukamaju.desa.id',
    position: 'kepala_desa',
    nip: DEMO_SETTINGS.head_nip,
  },
  {
    name: 'Asep Saepuloh, S.E.',
    email: 'sekdes@sukamaju.desa.id',
    position: 'sekretaris_desa',
    nip: null,
  },
] as const;

/** A password people can read aloud and type on a phone: 4 groups of 4 letters and digits. */
function generatePassword(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  const bytes = randomBytes(16);
  const chars = Array.from(bytes, (b) => alphabet[b % alphabet.length]);
  return [0, 4, 8, 12].map((i) => chars.slice(i, i + 4).join('')).join('-');
}

/** Where the first seed stands: nothing yet, begun and not finished, or finished. */
async function seedState(db: Db): Promise<'empty' | 'unfinished' | 'done'> {
  const pending = await db.kysely
    .selectFrom('users')
    .select('id')
    .where('password_hash', '=', SEED_UNFINISHED_HASH)
    .limit(1)
    .executeTakeFirst();
  if (pending) return 'unfinished';
  return (await countUsers(db.kysely)) === 0 ? 'empty' : 'done';
}

export interface SeedOptions {
  /**
   * Shows the new accounts and their passwords (the console at a start). Called before the
   * passwords take effect: a start killed after it prints them again, new, next time.
   */
  announce?: (result: SeedResult) => void | Promise<void>;
}

/**
 * Fills an empty database: the first administrator (from BALAI_ADMIN_EMAIL/PASSWORD, or with
 * a generated password returned once) and, unless SEED_DEMO=0, the demo village — its content,
 * residents, letter requests and signers. A database whose first seed finished is left alone.
 *
 * All or nothing for whoever signs in, and resumable to the end (issue 19.2): the accounts get
 * {@link SEED_UNFINISHED_HASH} first and their real password hashes in the last transaction,
 * after `announce`; each step in between is one transaction that the next start skips once it
 * is done (the content, the accounts, each demo request and each of its status changes, the
 * signers). A start killed anywhere leaves a database the next start finishes, with new
 * passwords it prints.
 */
export async function seedIfEmpty(
  db: Db,
  config: Config,
  options: SeedOptions = {},
): Promise<SeedResult> {
  const state = await seedState(db);
  if (state === 'done') return { seeded: false };

  if (config.SEED_DEMO) await seedDemoContent(db.kysely); // skipped when the village has content
  if (state === 'empty') {
    await db.kysely.transaction().execute(async (trx) => {
      await insertUser(trx, {
        name: config.BALAI_ADMIN_NAME,
        email: config.BALAI_ADMIN_EMAIL ?? 'admin@balai.local',
        password_hash: SEED_UNFINISHED_HASH,
        role: ADMIN_ROLE,
      });
      if (config.SEED_DEMO) {
        for (const resident of DEMO_RESIDENTS) {
          await insertUser(trx, {
            ...resident,
            password_hash: SEED_UNFINISHED_HASH,
            role: RESIDENT_ROLE,
          });
        }
      }
    });
  }
  if (config.SEED_DEMO) {
    await seedDemoLetters(db.kysely, config); // each request and status change once
    // After the demo letters (issued in one step, as before issue 15): from now on each letter
    // waits for the Kepala Desa's approval.
    if (!(await findUserByEmail(db.kysely, DEMO_OFFICIALS[0].email))) {
      await db.kysely.transaction().execute(async (trx) => {
        const ids: number[] = [];
        for (const o of DEMO_OFFICIALS) {
          const row = await insertUser(trx, {
            name: o.name,
            email: o.email,
            nip: o.nip,
            position: o.position,
            password_hash: SEED_UNFINISHED_HASH,
            role: ADMIN_ROLE,
          });
          ids.push(row.id);
        }
        await saveSigningSetup(trx, {
          head_user_id: ids[0] ?? null,
          secretary_user_id: ids[1] ?? null,
          head_away_from: null,
          head_away_until: null,
          approval_exempt: [],
        });
      });
    }
  }
  return finishSeed(db, config, state === 'unfinished', options);
}

/**
 * The last step: passwords for every account still waiting for one (new ones when generated),
 * shown through `announce`, then set in one transaction.
 */
async function finishSeed(
  db: Db,
  config: Config,
  resumed: boolean,
  options: SeedOptions,
): Promise<SeedResult> {
  const waiting = await db.kysely
    .selectFrom('users')
    .select(['id', 'name', 'email', 'role', 'position'])
    .where('password_hash', '=', SEED_UNFINISHED_HASH)
    .orderBy('id')
    .execute();
  const officials = new Map<string, string>(
    DEMO_OFFICIALS.map((o) => [
      o.email,
      o.position === 'kepala_desa' ? 'Kepala Desa' : 'Sekretaris Desa',
    ]),
  );
  const residents = new Set<string>(DEMO_RESIDENTS.map((r) => r.email));
  const isDemo = (email: string) => officials.has(email) || residents.has(email);
  const admins = waiting.filter((u) => !isDemo(u.email));
  const demo = waiting.filter((u) => isDemo(u.email));

  const adminPassword = config.BALAI_ADMIN_PASSWORD ?? generatePassword();
  const demoPassword = config.BALAI_DEMO_PASSWORD ?? generatePassword();
  const [adminHash, demoHash] = await Promise.all([
    admins.length ? hashPassword(adminPassword) : null,
    demo.length ? hashPassword(demoPassword) : null,
  ]);
  const adminShown: Omit<SeededAccount, 'label' | 'email'> = config.BALAI_ADMIN_PASSWORD
    ? { from: 'BALAI_ADMIN_PASSWORD' }
    : { password: adminPassword };
  const demoShown: Omit<SeededAccount, 'label' | 'email'> = config.BALAI_DEMO_PASSWORD
    ? { from: 'BALAI_DEMO_PASSWORD' }
    : { password: demoPassword };
  const accounts = {
    admins: admins.map((u) => ({ label: 'Administrator', email: u.email, ...adminShown })),
    officials: demo
      .filter((u) => officials.has(u.email))
      .map((u) => ({ label: officials.get(u.email)!, email: u.email, ...demoShown })),
    residents: demo
      .filter((u) => residents.has(u.email))
      .map((u) => ({ label: u.name, email: u.email, ...demoShown })),
  };
  const first = accounts.admins[0];
  const result: SeedResult = {
    seeded: true,
    ...(resumed ? { resumed } : {}),
    ...(first
      ? { admin: { email: first.email, ...(first.password ? { password: first.password } : {}) } }
      : {}),
    accounts,
  };

  await options.announce?.(result);
  await db.kysely.transaction().execute(async (trx) => {
    for (const [users, hash] of [
      [admins, adminHash],
      [demo, demoHash],
    ] as const) {
      if (!hash || users.length === 0) continue;
      await trx
        .updateTable('users')
        .set({ password_hash: hash })
        .where(
          'id',
          'in',
          users.map((u) => u.id),
        )
        .where('password_hash', '=', SEED_UNFINISHED_HASH)
        .execute();
    }
  });
  return result;
}

/**
 * What every start does before serving: migrate, then seed an empty database (or finish a
 * first seed an earlier start did not), both under the startup lock (db/startup-lock.ts), so
 * processes started together on an empty database neither race on the migrations nor seed
 * twice. `announce` shows the first seed's accounts, under the lock too.
 */
export async function prepareDatabase(
  db: Db,
  config: Config,
  options: { seed?: boolean } & SeedOptions = {},
): Promise<{ applied: string[]; seed: SeedResult }> {
  return withStartupLock(db, async () => {
    const applied = await migrateToLatest(db.kysely);
    const seed =
      options.seed === false ? { seeded: false } : await seedIfEmpty(db, config, options);
    return { applied, seed };
  });
}

/** One account's line: what it is, its e-mail and its password. */
function accountLine(a: SeededAccount): string {
  const password = a.password ?? `(dari ${a.from})`;
  return `   ${a.label.padEnd(22)} ${a.email.padEnd(34)} ${password}`;
}

/**
 * The one-time console message with every account of the first seed and the password each
 * uses (issue 25.13); never sent to the JSON log.
 */
export function describeSeed(result: SeedResult, publicUrl: string): string {
  if (!result.seeded || !result.accounts) return '';
  const { admins, officials, residents } = result.accounts;
  const lines = [
    '',
    '================================================================',
    result.resumed
      ? ' Basis data baru telah diisi: pengisian yang terhenti pada start sebelumnya diselesaikan.'
      : ' Basis data baru telah diisi.',
    ...(result.resumed
      ? [' Kata sandi di bawah ini baru; yang dibuat start sebelumnya tidak pernah berlaku.']
      : []),
    ` Masuk di ${publicUrl}/auth/login dengan e-mail dan kata sandi berikut.`,
    '',
    `   ${'Akun'.padEnd(22)} ${'E-mail'.padEnd(34)} Kata sandi`,
    ...admins.map(accountLine),
  ];
  if (officials.length) lines.push(' Penanda tangan surat:', ...officials.map(accountLine));
  if (residents.length) {
    lines.push(' Warga contoh (dapat juga masuk dengan NIK):', ...residents.map(accountLine));
  }
  if ([...admins, ...officials, ...residents].some((a) => a.password)) {
    lines.push(
      '',
      ' Kata sandi ini hanya ditampilkan sekali. Simpan sekarang, lalu ganti setelah masuk.',
    );
  }
  lines.push('================================================================', '');
  return lines.join('\n');
}
