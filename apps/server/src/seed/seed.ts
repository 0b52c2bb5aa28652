import { randomBytes } from 'node:crypto';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { withStartupLock } from '../db/startup-lock.ts';
import { countUsers, insertUser } from '../repositories/users.ts';
import { hashPassword } from '../services/passwords.ts';
import { saveSigningSetup } from '../repositories/signing.ts';
import { DEMO_SETTINGS, seedDemoContent } from './content.ts';
import { seedDemoLetters } from './letters.ts';
import { DEMO_RESIDENTS } from './residents.ts';

export interface SeedResult {
  seeded: boolean;
  admin?: { email: string; password?: string };
  demo?: {
    emails: string[];
    password?: string;
    /** The demo office's signers (issue 15), with the residents' password. */
    officials?: { email: string; position: string }[];
  };
}

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

/**
 * Fills an empty database: the first administrator (from BALAI_ADMIN_EMAIL/PASSWORD, or with
 * a generated password returned once) and, unless SEED_DEMO=0, the demo village's residents.
 * A database that already has users is left alone.
 */
export async function seedIfEmpty(db: Db, config: Config): Promise<SeedResult> {
  if ((await countUsers(db.kysely)) > 0) return { seeded: false };

  const adminEmail = config.BALAI_ADMIN_EMAIL ?? 'admin@balai.local';
  const adminPassword = config.BALAI_ADMIN_PASSWORD ?? generatePassword();
  const result: SeedResult = {
    seeded: true,
    admin: {
      email: adminEmail,
      ...(config.BALAI_ADMIN_PASSWORD ? {} : { password: adminPassword }),
    },
  };
  const adminHash = await hashPassword(adminPassword);
  const demoPassword = config.BALAI_DEMO_PASSWORD ?? generatePassword();
  const demoHash = config.SEED_DEMO ? await hashPassword(demoPassword) : '';

  if (config.SEED_DEMO) await seedDemoContent(db.kysely);
  await db.kysely.transaction().execute(async (trx) => {
    await insertUser(trx, {
      name: config.BALAI_ADMIN_NAME,
      email: adminEmail,
      password_hash: adminHash,
      role: 'ADMINISTRATOR',
    });
    if (config.SEED_DEMO) {
      for (const resident of DEMO_RESIDENTS) {
        await insertUser(trx, { ...resident, password_hash: demoHash, role: 'WARGA' });
      }
    }
  });
  if (config.SEED_DEMO) await seedDemoLetters(db.kysely, config);
  if (config.SEED_DEMO) {
    // After the demo letters (issued in one step, as before issue 15): from now on each letter
    // waits for the Kepala Desa's approval.
    await db.kysely.transaction().execute(async (trx) => {
      const ids: number[] = [];
      for (const o of DEMO_OFFICIALS) {
        const row = await insertUser(trx, {
          name: o.name,
          email: o.email,
          nip: o.nip,
          position: o.position,
          password_hash: demoHash,
          role: 'ADMINISTRATOR',
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
    result.demo = {
      emails: DEMO_RESIDENTS.map((r) => r.email),
      ...(config.BALAI_DEMO_PASSWORD ? {} : { password: demoPassword }),
      officials: DEMO_OFFICIALS.map((o) => ({
        email: o.email,
        position: o.position === 'kepala_desa' ? 'Kepala Desa' : 'Sekretaris Desa',
      })),
    };
  }
  return result;
}

/**
 * What every start does before serving: migrate, then seed an empty database, both under the
 * startup lock (db/startup-lock.ts), so processes started together on an empty database
 * neither race on the migrations nor seed twice.
 */
export async function prepareDatabase(
  db: Db,
  config: Config,
  options: { seed?: boolean } = {},
): Promise<{ applied: string[]; seed: SeedResult }> {
  return withStartupLock(db, async () => {
    const applied = await migrateToLatest(db.kysely);
    const seed = options.seed === false ? { seeded: false } : await seedIfEmpty(db, config);
    return { applied, seed };
  });
}

/** The one-time console message with the generated credentials; never sent to the JSON log. */
export function describeSeed(result: SeedResult, publicUrl: string): string {
  if (!result.seeded || !result.admin) return '';
  const lines = [
    '',
    '================================================================',
    ' Basis data baru telah diisi.',
    ` Masuk sebagai administrator di ${publicUrl}/auth/login`,
    `   E-mail     : ${result.admin.email}`,
    `   Kata sandi : ${result.admin.password ?? '(dari BALAI_ADMIN_PASSWORD)'}`,
  ];
  if (result.demo) {
    lines.push(
      ' Akun warga contoh:',
      ...result.demo.emails.map((e) => `   ${e}`),
      ...(result.demo.officials?.length
        ? [
            ' Penanda tangan surat (kata sandi sama dengan akun warga contoh):',
            ...result.demo.officials.map((o) => `   ${o.position.padEnd(15)}: ${o.email}`),
          ]
        : []),
      `   Kata sandi : ${result.demo.password ?? '(dari BALAI_DEMO_PASSWORD)'}`,
    );
  }
  if (result.admin.password || result.demo?.password) {
    lines.push(
      ' Kata sandi ini hanya ditampilkan sekali. Simpan sekarang, lalu ganti setelah masuk.',
    );
  }
  lines.push('================================================================', '');
  return lines.join('\n');
}
