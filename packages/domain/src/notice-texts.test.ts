import { describe, expect, it } from 'vitest';
import {
  confirmText,
  linkedText,
  linkExpiredText,
  residentText,
  resetText,
  signerText,
  stopHint,
  stoppedText,
  testText,
} from './notice-texts.ts';

const c = {
  village: 'Sukamaju',
  letter: 'Surat Keterangan Usaha',
  reference: 'KU-000010',
  link: 'https://balai.desa.id/service/ku/10',
};

describe('notice texts (issue 22)', () => {
  it('received, needs completion, rejected, issued; other statuses send nothing', () => {
    expect(residentText('submitted', c, null)).toContain('(KU-000010) sudah kami terima');
    expect(residentText('needs_revision', c, 'Foto KTP buram.')).toContain(
      'perlu dilengkapi: Foto KTP buram.',
    );
    expect(residentText('rejected', c, 'Di luar wilayah desa.')).toContain(
      'ditolak. Alasan: Di luar wilayah desa.',
    );
    const issued = residentText('completed', c, null, '470/010/KU/XI/2026')!;
    expect(issued).toContain('sudah terbit dengan nomor 470/010/KU/XI/2026');
    expect(issued).toContain(c.link);
    expect(residentText('processing', c, 'catatan internal')).toBeNull();
    expect(residentText('awaiting_signature', c, 'catatan internal')).toBeNull();
  });

  it('every text is signed with the village and carries no long number but the ones given', () => {
    const texts = [
      residentText('submitted', c, null)!,
      signerText('Sukamaju', 3, 'https://balai.desa.id/admin/signing'),
      confirmText('Sukamaju', '123456'),
      resetText('Sukamaju', 'https://balai.desa.id/auth/reset-password?token=abc'),
      linkedText('Sukamaju'),
      stoppedText('Sukamaju'),
      linkExpiredText('Sukamaju'),
      testText('Sukamaju'),
    ];
    for (const t of texts) {
      expect(t).toContain('— Pemerintah Desa Sukamaju');
      expect(t).not.toMatch(/\d{16}/);
    }
    expect(signerText('Sukamaju', 3, 'https://x/admin/signing')).toContain(
      '3 surat menunggu tanda tangan Anda',
    );
    expect(stopHint('https://x/profile')).toContain('Matikan di https://x/profile');
  });
});
