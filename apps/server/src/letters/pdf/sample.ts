/**
 * A realistic letter for tests, the benchmark and visual checks, and a generated logo
 * (drawn with sharp from an inline SVG: nothing is downloaded).
 */
import sharp from 'sharp';
import type { LetterPdfInput } from './render-letter.ts';

const LOGO_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="280" viewBox="0 0 240 280">
  <path d="M120 6 L228 40 L222 150 C214 214 170 252 120 274 C70 252 26 214 18 150 L12 40 Z"
        fill="#1d5e3a" stroke="#c9a227" stroke-width="8"/>
  <circle cx="120" cy="118" r="58" fill="#f4efe1" stroke="#c9a227" stroke-width="5"/>
  <polygon points="120,66 133,104 173,104 141,127 153,165 120,142 87,165 99,127 67,104 107,104"
           fill="#c9a227"/>
  <path d="M60 196 Q120 236 180 196" fill="none" stroke="#f4efe1" stroke-width="10"/>
  <path d="M70 176 Q120 206 170 176" fill="none" stroke="#c9a227" stroke-width="6"/>
</svg>`;

/** The sample logo as PNG (with transparency), JPEG or WebP bytes. */
export async function sampleLogo(format: 'png' | 'jpeg' | 'webp' = 'png'): Promise<Buffer> {
  const img = sharp(Buffer.from(LOGO_SVG));
  if (format === 'jpeg') return img.flatten({ background: '#ffffff' }).jpeg().toBuffer();
  if (format === 'webp') return img.webp({ lossless: true }).toBuffer();
  return img.png().toBuffer();
}

export function sampleLetterInput(logo: Uint8Array | null = null): LetterPdfInput {
  return {
    village: {
      name: 'Sukamaju',
      kecamatan: 'Cibinong',
      kabupaten: 'Bogor',
      provinsi: 'Jawa Barat',
      address: 'Jl. Raya Sukamaju No. 1, Cibinong',
      postal_code: '16911',
      phone: '(021) 8765-4321',
      email: 'pemdes@sukamaju.desa.id',
      head_name: 'H. Ahmad Suryadi, S.Sos.',
      head_nip: '19700512 199803 1 004',
      logo,
    },
    title: 'SURAT KETERANGAN USAHA',
    number: '500/007/3201012001/XI/2026',
    applicant: [
      ['Nama Lengkap', 'Siti Rahmawati'],
      ['NIK', '3201014507880002'],
      ['No. KK', '3201011203150007'],
      ['Tempat/Tanggal Lahir', 'Bogor, 5 Juli 1988'],
      ['Jenis Kelamin', 'Perempuan'],
      ['Agama', 'Islam'],
      ['Status Perkawinan', 'Kawin'],
      ['Pekerjaan', 'Wiraswasta'],
      ['Pendidikan', 'SMA/Sederajat'],
      ['Kewarganegaraan', 'WNI'],
      ['Alamat', 'Kp. Babakan RT 003/RW 005, Dusun II, Desa Sukamaju, Kecamatan Cibinong'],
    ],
    statement:
      'Nama tersebut di atas adalah benar warga Desa Sukamaju yang berdomisili di alamat ' +
      'tersebut dan, sepanjang pengetahuan kami, benar memiliki serta menjalankan usaha ' +
      'sebagai berikut:',
    details: [
      ['Nama Usaha', 'Warung Berkah Ibu Siti'],
      ['Jenis Usaha', 'Warung sembako'],
      ['Alamat Usaha', 'Jl. Raya Sukamaju No. 17, RT 003/RW 005'],
      ['Mulai Usaha', '3 Maret 2019'],
      ['Jumlah Karyawan', '2 orang'],
    ],
    purpose: 'pengajuan Kredit Usaha Rakyat (KUR) di Bank BRI Unit Cibinong',
    issueDate: '2026-11-22',
    issuedAt: '2026-11-22T09:30:00+07:00',
    verifyUrl: 'http://localhost:3000/verify/q9V3xM2kT8rLp4WzY7nB1cQe6HfJ0aDs',
  };
}
