import { describe, expect, it } from 'vitest';
import {
  PASSWORD_TOO_COMMON,
  passwordProblem,
  personalDataIn,
  personalPasswordMessage,
  type PasswordOwner,
} from './passwords.ts';

const SITI: PasswordOwner = {
  name: 'Siti Rahmawati',
  email: 'siti.rahmawati@sukamaju.desa.id',
  nik: '3201014506880002',
  kk_number: '3201011203100045',
  birth_date: '1988-06-05',
};

/** A stand-in for the server's list: what the rule does with a common password. */
const COMMON = new Set(['12345678', 'password', 'qwerty123', 'iloveyou']);
const isCommon = (p: string) => COMMON.has(p);

describe('password rules (issue 25.5)', () => {
  it.each(['12345678', 'PASSWORD', 'Qwerty123', 'iloveyou'])(
    'refuses the common password %s, saying why',
    (p) => expect(passwordProblem(p, SITI, isCommon)).toBe(PASSWORD_TOO_COMMON),
  );

  it.each([
    ['siti1988', ['nama', 'tanggal lahir']],
    ['Rahmawati!', ['nama']],
    ['SitiRahmawati2026', ['nama']],
    ['rahmawati-0506', ['nama', 'tanggal lahir']],
    ['05061988', ['tanggal lahir']],
    ['1988-06-05', ['tanggal lahir']],
    ['3201014506880002', ['NIK']],
    ['nik3201014506880002abc', ['NIK']],
    ['880002siti', ['nama', 'NIK']],
    ['3201011203100045', ['No. KK']],
    ['siti.rahmawati', ['nama']],
    ['sukamaju1234', ['e-mail']],
    ['rahmawati1111', ['nama']],
  ] as const)('refuses %s, built from %j', (p, kinds) => {
    expect(personalDataIn(p, SITI)).toEqual(kinds);
    expect(passwordProblem(p, SITI, isCommon)).toBe(personalPasswordMessage(kinds));
  });

  it('names the data in a sentence', () => {
    expect(personalPasswordMessage(['nama'])).toBe(
      'Kata sandi tidak boleh disusun dari nama Anda, karena mudah ditebak orang lain. Pilih kata sandi lain.',
    );
    expect(personalPasswordMessage(['nama', 'NIK', 'tanggal lahir'])).toContain(
      'dari nama, NIK dan tanggal lahir Anda',
    );
  });

  it.each([
    'rahasia-desa-123',
    'Kopi Tubruk Pagi Hari',
    'siti minum kopi di teras',
    'Sawah-Hijau-Cibeureum-7',
    'kerbau#lumpur#2026',
  ])('accepts %s', (p) => expect(passwordProblem(p, SITI, isCommon)).toBeNull());

  it('judges with what is known: no data, no personal refusal', () => {
    expect(passwordProblem('siti1988', {}, isCommon)).toBeNull();
    expect(passwordProblem('siti1988', { name: 'Budi Santoso' }, isCommon)).toBeNull();
    expect(passwordProblem('budisantoso', { name: 'Budi Santoso' }, isCommon)).toBe(
      personalPasswordMessage(['nama']),
    );
  });

  it('refuses the e-mail address as a password', () => {
    const owner = { name: 'Siti Aminah', email: 'kembang.melati@gmail.com' };
    expect(personalDataIn('KembangMelati', owner)).toEqual(['e-mail']);
    expect(personalDataIn('kembang.melati@gmail.com', owner)).toEqual(['e-mail']);
  });

  it('ignores accents, case and separators in the name', () => {
    const elodie = { name: 'Élodie Ñúñez' };
    expect(personalDataIn('ELODIE-nunez', elodie)).toEqual(['nama']);
  });
});
