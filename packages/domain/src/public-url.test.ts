import { describe, expect, it } from 'vitest';
import { isLoopbackUrl, loopbackQrRefusal, loopbackQrWarning } from './public-url.ts';

describe('isLoopbackUrl (issue 25.1)', () => {
  it.each([
    'http://localhost:3000',
    'http://LOCALHOST',
    'http://balai.localhost:3000',
    'http://127.0.0.1:3000',
    'http://127.1.2.3',
    'http://0.0.0.0:3000',
    'http://[::1]:3000',
    'http://[::ffff:127.0.0.1]',
    'bukan alamat',
  ])('%s is loopback', (url) => expect(isLoopbackUrl(url)).toBe(true));

  it.each([
    'https://sukamaju.desa.id',
    'http://192.168.1.10:3000',
    'http://10.0.0.5',
    'http://balai.test',
    'https://localhost.example.com',
    'http://128.0.0.1',
  ])('%s is not', (url) => expect(isLoopbackUrl(url)).toBe(false));

  it('says what is wrong and what to do, with the address', () => {
    const w = loopbackQrWarning('http://localhost:3000');
    expect(w).toContain('http://localhost:3000');
    expect(w).toContain('PUBLIC_URL');
    const r = loopbackQrRefusal('http://localhost:3000');
    expect(r).toMatch(/^Surat belum dapat diterbitkan/);
    expect(r).toContain('Izinkan QR alamat lokal');
  });
});
