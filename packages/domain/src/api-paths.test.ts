import { describe, expect, it } from 'vitest';
import { apiPaths, publicPaths } from './api-paths.ts';
import { letterTypeByCode } from './letters/registry.ts';

describe('api paths', () => {
  it('keeps the paths of SPEC.md', () => {
    expect(apiPaths.login).toBe('/api/login');
    expect(apiPaths.users.detail(7)).toBe('/api/users/detail/7');
    expect(apiPaths.users.delete(7)).toBe('/api/users/delete/7');
    const ktm = letterTypeByCode('ktm')?.base ?? '';
    expect(apiPaths.item(ktm, 3)).toBe('/api/certificate-of-inbility/3');
    expect(apiPaths.letterPdf(ktm, 3)).toBe('/api/certificate-of-inbility/3/pdf');
    expect(apiPaths.pdfHistories).toBe('/api/pdf-histories');
  });

  it('encodes ids and tokens', () => {
    expect(apiPaths.verify('a/b?c')).toBe('/api/verify/a%2Fb%3Fc');
    expect(publicPaths.verifyPage('abc')).toBe('/verify/abc');
    expect(publicPaths.file(5)).toBe('/files/5');
  });
});
