import { describe, expect, it } from 'vitest';
import { activationSchema, hasNoEmail, NO_EMAIL_DOMAIN } from './account-activation.ts';
import { loginIdentifier } from './schemas/users.ts';
import { isPhoneLogin } from './users.ts';

const base = {
  nik: '3201 0141 0190 0001',
  kk_number: '3201010000000001',
  birth_date: '1990-01-01',
  password: 'kebun-kopi-subur-77',
  password_confirmation: 'kebun-kopi-subur-77',
};

describe('activationSchema (issue 21)', () => {
  it('normalises the phone to 62… and drops spaces in the NIK', () => {
    const v = activationSchema.parse({ ...base, phone: '0812-3456-7890', email: '' });
    expect(v).toMatchObject({ nik: '3201014101900001', phone: '6281234567890' });
    expect(v.email).toBeUndefined();
  });

  it('needs a phone or an e-mail, and equal passwords', () => {
    const r = activationSchema.safeParse({ ...base, password_confirmation: 'lain' });
    expect(r.success).toBe(false);
    const issues = r.error!.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues).toContainEqual(['phone', 'Isi nomor HP atau alamat e-mail (salah satu).']);
    expect(issues).toContainEqual([
      'password_confirmation',
      'Ulangi kata sandi tidak sama dengan kata sandi.',
    ]);
  });

  it('refuses a number that is no Indonesian mobile number with a message', () => {
    const r = activationSchema.safeParse({ ...base, phone: '021-555' });
    expect(r.error!.issues[0]!.message).toMatch(/^Nomor HP tidak valid/);
  });

  it('knows the undeliverable address of an account without e-mail', () => {
    expect(hasNoEmail(`warga-7@${NO_EMAIL_DOMAIN}`)).toBe(true);
    expect(hasNoEmail('siti@contoh.id')).toBe(false);
  });
});

describe('loginIdentifier with a phone (issue 21)', () => {
  it.each(['081234567890', '+62 812-3456-7890', '6281234567890'])('%s → 6281234567890', (v) => {
    const id = loginIdentifier.parse(v);
    expect(id).toBe('6281234567890');
    expect(isPhoneLogin(id as string)).toBe(true);
  });

  it('keeps NIK and e-mail as before', () => {
    expect(loginIdentifier.parse('3201 0141 0190 0001')).toBe('3201014101900001');
    expect(loginIdentifier.parse(' Siti@Contoh.ID ')).toBe('siti@contoh.id');
    expect(loginIdentifier.safeParse('12345').success).toBe(false);
  });
});
