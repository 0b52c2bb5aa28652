import type { Kysely } from 'kysely';
import sharp from 'sharp';
import { CONTENT_RESOURCES, contentResourceByKey, contentSchema } from '@balai/domain';
import type { Database } from '../db/schema.ts';
import { countContent, insertContent } from '../repositories/content.ts';
import { insertFile } from '../repositories/files.ts';
import { DEFAULT_LETTER_NUMBER_FORMAT, upsertSettings } from '../repositories/settings.ts';
import { processImage, type ProcessedImage } from '../services/images.ts';
import { sanitizeRichText } from '../routes/content/rich-text.ts';
import * as art from './content-art.ts';

/**
 * The demo village's content (issue 3): Desa Sukamaju, Kecamatan Cibeureum, Kabupaten Bogor.
 * Every resource and the settings are filled; the pictures are drawn here as SVG, rendered by
 * sharp and passed through the same upload pipeline as an administrator's photos.
 */

export const DEMO_SETTINGS = {
  village_name: 'Sukamaju',
  kecamatan: 'Cibeureum',
  kabupaten: 'Bogor',
  provinsi: 'Jawa Barat',
  address: 'Jl. Raya Sukamaju No. 1, Kecamatan Cibeureum, Kabupaten Bogor',
  postal_code: '16720',
  phone: '(0251) 8612-345',
  email: 'pemdes@sukamaju.desa.id',
  head_name: 'H. Dedi Supriadi, S.Sos.',
  head_nip: null,
  village_code: '3201012001',
  letter_number_format: DEFAULT_LETTER_NUMBER_FORMAT,
  social_whatsapp: 'https://wa.me/6281110002001',
  social_youtube: 'https://www.youtube.com/@desasukamaju',
  social_instagram: 'https://www.instagram.com/desasukamaju',
  social_twitter: 'https://x.com/desasukamaju',
  // The demo runs on one computer: its letters may carry a localhost QR address (issue 25.1).
  allow_loopback_qr: 1,
} as const;

/** Population by sex; every table below adds up to these. */
export const DEMO_POPULATION = { male: 2487, female: 2431, households: 1462, areaHa: 487.35 };

type Row = Record<string, string | number | boolean | null>;
type Picture = () => string;
/** A record and the picture drawn for its image field. */
type Entry = {
  [field: string]: string | number | boolean | null | Picture | undefined;
  picture?: Picture;
};

const HEADERS: Entry[] = [
  {
    title: 'Selamat Datang di Desa Sukamaju',
    subtitle: 'Desa agraris di kaki Gunung Salak yang asri, ramah, dan terus bergerak maju.',
    button_label: 'Kenali Desa Kami',
    button_link: '/about',
    active: true,
    position: 1,
    picture: art.headerMountain,
  },
  {
    title: 'Urus Surat dari Rumah',
    subtitle:
      'Ajukan 15 jenis surat keterangan secara daring, pantau prosesnya, lalu unduh suratnya.',
    button_label: 'Ajukan Surat',
    button_link: '/service',
    active: true,
    position: 2,
    picture: art.headerVillageHall,
  },
  {
    title: 'Gotong Royong Membangun Desa',
    subtitle: 'Lihat kegiatan warga Sukamaju dari panen raya hingga lomba Agustusan.',
    button_label: 'Lihat Galeri',
    button_link: '/gallery',
    active: true,
    position: 3,
    picture: art.headerRiceFields,
  },
];

const BENEFITS: Entry[] = [
  {
    title: 'Tanpa Antre',
    description:
      'Ajukan surat dari ponsel kapan saja. Tidak perlu datang ke kantor desa hanya untuk mengisi formulir.',
    position: 1,
    picture: () => art.benefitIcon('document'),
  },
  {
    title: 'Proses Terpantau',
    description:
      'Status permohonan selalu terlihat: diajukan, diproses, perlu dilengkapi, atau selesai. Ada pemberitahuan setiap kali berubah.',
    position: 2,
    picture: () => art.benefitIcon('clock'),
  },
  {
    title: 'Surat Resmi Bisa Dicek',
    description:
      'Setiap surat yang terbit bernomor resmi dan memuat kode QR, sehingga keasliannya bisa diperiksa siapa saja.',
    position: 3,
    picture: () => art.benefitIcon('qr'),
  },
  {
    title: 'Informasi Desa Terbuka',
    description:
      'Profil, aparat, data penduduk, dan kegiatan desa dapat dibaca oleh seluruh warga dan masyarakat umum.',
    position: 4,
    picture: () => art.benefitIcon('info'),
  },
];

const GALLERY: Entry[] = [
  {
    title: 'Gotong Royong Membersihkan Saluran Irigasi',
    description:
      'Warga RW 03 Dusun Babakan membersihkan saluran irigasi Cileungsi Girang menjelang musim tanam.',
    taken_at: '2025-09-14',
    picture: art.galleryIrrigation,
  },
  {
    title: 'Panen Raya Padi Musim Gadu',
    description:
      'Kelompok Tani Sri Mukti memanen padi varietas Ciherang di hamparan sawah Sirnagalih.',
    taken_at: '2025-07-26',
    picture: art.galleryHarvest,
  },
  {
    title: 'Posyandu Melati Bulan Ini',
    description: 'Penimbangan balita dan pemberian makanan tambahan oleh kader Posyandu Melati.',
    taken_at: '2025-10-08',
    picture: art.galleryPosyandu,
  },
  {
    title: 'Lomba Agustusan di Lapangan Desa',
    description: 'Panjat pinang, balap karung, dan tarik tambang memeriahkan HUT ke-80 RI.',
    taken_at: '2025-08-17',
    picture: art.galleryIndependenceDay,
  },
  {
    title: 'Musyawarah Desa Penyusunan RKP Desa',
    description:
      'BPD, aparat desa, dan perwakilan warga membahas Rencana Kerja Pemerintah Desa tahun 2026.',
    taken_at: '2025-09-30',
    picture: art.galleryMeeting,
  },
  {
    title: 'Pasar Desa Setiap Kamis',
    description: 'Pasar desa menjadi tempat warga menjual sayur, gula aren, dan kerajinan bambu.',
    taken_at: '2025-10-16',
    picture: art.galleryMarket,
  },
];

const PROFILES: Entry[] = [
  {
    title: 'Sejarah Desa',
    position: 1,
    picture: art.profileHistory,
    content: `<p>Desa Sukamaju berdiri pada tahun 1912 sebagai pemekaran dari Desa Cibeureum. Wilayahnya semula berupa beberapa kampung kecil di tepi aliran Ci Leungsi yang dihuni para penggarap sawah dan pekebun aren.</p>
<h2>Asal Nama</h2>
<p>Nama <strong>Sukamaju</strong> berasal dari bahasa Sunda: <em>suka</em> berarti senang dan <em>maju</em> berarti bergerak ke depan. Para sesepuh memilih nama itu sebagai doa agar warganya selalu gemar belajar dan bekerja untuk kemajuan bersama.</p>
<h2>Perkembangan Desa</h2>
<p>Pada tahun 1970-an dibangun saluran irigasi teknis yang mengubah sawah tadah hujan menjadi sawah yang dapat ditanami dua kali setahun. Jalan desa diaspal pada tahun 1998, disusul pembangunan balai desa, puskesmas pembantu, dan dua sekolah dasar negeri.</p>
<p>Sejak 2019 pemerintah desa mengembangkan layanan administrasi daring agar warga di dusun yang jauh tidak perlu bolak-balik ke kantor desa.</p>
<h2>Kepala Desa dari Masa ke Masa</h2>
<ol>
<li>Mas Wiradisastra (1912–1938)</li>
<li>Raden Saleh Kartadinata (1938–1961)</li>
<li>H. Oyo Sunarya (1961–1989)</li>
<li>Drs. Ahmad Rukmana (1989–2007)</li>
<li>Hj. Nining Kurniasih (2007–2019)</li>
<li>H. Dedi Supriadi, S.Sos. (2019–sekarang)</li>
</ol>`,
  },
  {
    title: 'Visi',
    position: 2,
    content: `<blockquote>Terwujudnya Desa Sukamaju yang mandiri, sejahtera, dan berakhlak mulia melalui pelayanan publik yang cepat, terbuka, dan berkeadilan.</blockquote>
<p><strong>Mandiri</strong> berarti desa mampu mengelola potensi pertanian, peternakan, dan usaha warganya sendiri. <strong>Sejahtera</strong> berarti kebutuhan dasar warga akan pangan, kesehatan, pendidikan, dan tempat tinggal terpenuhi. <strong>Berakhlak mulia</strong> berarti kehidupan bermasyarakat dilandasi nilai agama, gotong royong, dan saling menghormati.</p>`,
  },
  {
    title: 'Misi',
    position: 3,
    content: `<ol>
<li>Meningkatkan mutu pelayanan administrasi kependudukan dan persuratan yang cepat, mudah, dan dapat diakses secara daring.</li>
<li>Meningkatkan hasil pertanian melalui perbaikan irigasi, penyuluhan, dan penguatan kelompok tani.</li>
<li>Mengembangkan usaha ekonomi desa melalui BUMDes dan pasar desa.</li>
<li>Meningkatkan derajat kesehatan warga melalui posyandu, sanitasi, dan air bersih.</li>
<li>Menyelenggarakan pemerintahan desa yang terbuka, dengan anggaran dan kegiatan yang dapat diketahui seluruh warga.</li>
<li>Melestarikan budaya Sunda, kerukunan umat beragama, dan semangat gotong royong.</li>
</ol>`,
  },
  {
    title: 'Geografis',
    position: 4,
    picture: art.profileMap,
    content: `<p>Desa Sukamaju terletak di bagian selatan Kecamatan Cibeureum, Kabupaten Bogor, pada ketinggian 450–620 meter di atas permukaan laut. Luas wilayahnya 487,35 hektare, terbagi atas tiga dusun, tujuh RW, dan dua puluh delapan RT.</p>
<h2>Batas Wilayah</h2>
<ul>
<li><strong>Utara:</strong> Desa Cibeureum</li>
<li><strong>Timur:</strong> Desa Mekarjaya</li>
<li><strong>Selatan:</strong> kawasan hutan lindung Gunung Salak</li>
<li><strong>Barat:</strong> Desa Sukaresmi</li>
</ul>
<h2>Iklim dan Tata Guna Lahan</h2>
<p>Sukamaju beriklim tropis basah dengan curah hujan rata-rata 3.500 mm per tahun dan suhu 21–30 °C. Sebagian besar lahan berupa sawah (182 ha) dan kebun campuran (156 ha); sisanya permukiman, hutan rakyat, kolam ikan, dan fasilitas umum.</p>`,
  },
];

interface Official {
  name: string;
  position_title: string;
  nip: string | null;
  period: string;
  /** Index in this list of the official they report to. */
  boss: number | null;
  woman?: boolean;
}

const OFFICIALS: Official[] = [
  {
    name: DEMO_SETTINGS.head_name,
    position_title: 'Kepala Desa',
    nip: DEMO_SETTINGS.head_nip,
    period: '2019–2027',
    boss: null,
  },
  {
    name: 'Asep Saepuloh, S.E.',
    position_title: 'Sekretaris Desa',
    nip: '3201010112150001',
    period: '2015–sekarang',
    boss: 0,
  },
  {
    name: 'Rina Marlina, A.Md.',
    position_title: 'Kaur Tata Usaha dan Umum',
    nip: '3201010307180002',
    period: '2018–sekarang',
    boss: 1,
    woman: true,
  },
  {
    name: 'Hj. Euis Komariah, S.Ak.',
    position_title: 'Kaur Keuangan',
    nip: '3201010208160003',
    period: '2016–sekarang',
    boss: 1,
    woman: true,
  },
  {
    name: 'Ujang Rahmat',
    position_title: 'Kaur Perencanaan',
    nip: '3201010905190004',
    period: '2019–sekarang',
    boss: 1,
  },
  {
    name: 'Dadang Kurnia',
    position_title: 'Kasi Pemerintahan',
    nip: '3201011104170005',
    period: '2017–sekarang',
    boss: 1,
  },
  {
    name: 'Neng Siti Nurhasanah, S.Pd.',
    position_title: 'Kasi Kesejahteraan',
    nip: '3201010601200006',
    period: '2020–sekarang',
    boss: 1,
    woman: true,
  },
  {
    name: 'Agus Setiawan',
    position_title: 'Kasi Pelayanan',
    nip: '3201012303210007',
    period: '2021–sekarang',
    boss: 1,
  },
  {
    name: 'Endang Suherman',
    position_title: 'Kepala Dusun Cibeureum',
    nip: '3201011506140008',
    period: '2014–sekarang',
    boss: 5,
  },
  {
    name: 'Yayan Sopyan',
    position_title: 'Kepala Dusun Babakan',
    nip: '3201012710160009',
    period: '2016–sekarang',
    boss: 5,
  },
  {
    name: 'Iwan Gunawan',
    position_title: 'Kepala Dusun Sirnagalih',
    nip: '3201010402220010',
    period: '2022–sekarang',
    boss: 5,
  },
];

const VILLAGE_INFOS: Entry[] = [
  {
    label: 'Luas Wilayah',
    value: '487,35',
    unit: 'ha',
    position: 1,
    picture: () => art.infoIcon('area'),
  },
  {
    label: 'Ketinggian',
    value: '450–620',
    unit: 'mdpl',
    position: 2,
    picture: () => art.infoIcon('mountain'),
  },
  {
    label: 'Jumlah Dusun',
    value: '3',
    unit: 'dusun',
    position: 3,
    picture: () => art.infoIcon('houses'),
  },
  { label: 'Jumlah RW', value: '7', unit: 'RW', position: 4, picture: () => art.infoIcon('group') },
  { label: 'Jumlah RT', value: '28', unit: 'RT', position: 5, picture: () => art.infoIcon('home') },
  {
    label: 'Lahan Sawah',
    value: '182',
    unit: 'ha',
    position: 6,
    picture: () => art.infoIcon('rice'),
  },
  {
    label: 'Jarak ke Kantor Kecamatan',
    value: '4,5',
    unit: 'km',
    position: 7,
    picture: () => art.infoIcon('road'),
  },
];

const thousands = (n: number) => n.toLocaleString('id-ID');
const total = DEMO_POPULATION.male + DEMO_POPULATION.female;

const POPULATION_INFOS: Row[] = [
  { label: 'Jumlah Penduduk', value: thousands(total), unit: 'jiwa', position: 1 },
  {
    label: 'Jumlah Kepala Keluarga',
    value: thousands(DEMO_POPULATION.households),
    unit: 'KK',
    position: 2,
  },
  { label: 'Laki-laki', value: thousands(DEMO_POPULATION.male), unit: 'jiwa', position: 3 },
  { label: 'Perempuan', value: thousands(DEMO_POPULATION.female), unit: 'jiwa', position: 4 },
  {
    label: 'Kepadatan Penduduk',
    value: thousands(Math.round(total / (DEMO_POPULATION.areaHa / 100))),
    unit: 'jiwa/km²',
    position: 5,
  },
];

/** [label, from, to, male, female]; the open top group has no upper age. */
const AGES: [string, number, number | null, number, number][] = [
  ['0–4 tahun', 0, 4, 199, 178],
  ['5–9 tahun', 5, 9, 195, 186],
  ['10–14 tahun', 10, 14, 201, 192],
  ['15–19 tahun', 15, 19, 207, 198],
  ['20–24 tahun', 20, 24, 199, 193],
  ['25–29 tahun', 25, 29, 191, 190],
  ['30–34 tahun', 30, 34, 188, 183],
  ['35–39 tahun', 35, 39, 182, 178],
  ['40–44 tahun', 40, 44, 174, 170],
  ['45–49 tahun', 45, 49, 166, 161],
  ['50–54 tahun', 50, 54, 153, 148],
  ['55–59 tahun', 55, 59, 134, 133],
  ['60–64 tahun', 60, 64, 113, 116],
  ['65–69 tahun', 65, 69, 86, 93],
  ['70–74 tahun', 70, 74, 58, 62],
  ['75 tahun ke atas', 75, null, 41, 50],
];

const JOBS: [string, number, number][] = [
  ['Petani/Pekebun', 534, 121],
  ['Buruh Tani', 287, 164],
  ['Pedagang', 146, 172],
  ['Wiraswasta', 168, 74],
  ['Karyawan Swasta', 189, 97],
  ['Buruh Harian Lepas', 121, 38],
  ['Peternak', 29, 6],
  ['Sopir/Ojek', 52, 0],
  ['Guru', 14, 33],
  ['Pegawai Negeri Sipil', 31, 28],
  ['Pensiunan', 18, 9],
  ['Mengurus Rumah Tangga', 12, 781],
  ['Pelajar/Mahasiswa', 478, 471],
  ['Belum/Tidak Bekerja', 402, 389],
  ['Lainnya', 6, 48],
];

const RELIGIONS: [string, number, number][] = [
  ['Islam', 2431, 2374],
  ['Kristen', 29, 31],
  ['Katolik', 17, 19],
  ['Hindu', 4, 3],
  ['Buddha', 6, 4],
];

function draw(entry: Entry): string {
  if (!entry.picture) throw new Error('demo entry without a picture');
  return entry.picture();
}

/**
 * SVG → PNG → the upload pipeline, so demo pictures are stored exactly like uploads. Photos
 * are opaque; the emblem keeps its transparent corners.
 */
async function picture(svg: string, transparent = false): Promise<ProcessedImage> {
  const drawn = sharp(Buffer.from(svg));
  const png = await (transparent ? drawn : drawn.flatten({ background: '#ffffff' }))
    .png({ compressionLevel: 1 })
    .toBuffer();
  return processImage(png);
}

/** Checks a record against its definition (the demo must be valid content), then stores it. */
async function insert(
  db: Kysely<Database>,
  key: string,
  row: Record<string, unknown>,
): Promise<number> {
  const resource = contentResourceByKey(key);
  if (!resource) throw new Error(`unknown resource ${key}`);
  const parsed = contentSchema(resource).parse(row);
  for (const f of resource.fields) {
    const v = parsed[f.name];
    if (f.kind === 'richtext' && typeof v === 'string') parsed[f.name] = sanitizeRichText(v);
  }
  return insertContent(db, resource, parsed);
}

/** Whether the village already has an identity or any content (then the demo stays out). */
async function hasContent(db: Kysely<Database>): Promise<boolean> {
  if (await db.selectFrom('settings').select('id').executeTakeFirst()) return true;
  for (const resource of CONTENT_RESOURCES) {
    if ((await countContent(db, resource)) > 0) return true;
  }
  return false;
}

/**
 * Fills the settings and every content resource with the demo village, unless the village
 * already has some (so a retried first start never seeds twice).
 */
export async function seedDemoContent(db: Kysely<Database>): Promise<void> {
  if (await hasContent(db)) return;
  // Drawing and encoding run in sharp's thread pool, all at once; writing happens afterwards
  // in one transaction, so a failure leaves nothing half-seeded.
  const [logo, headers, benefits, gallery, profiles, officials, infos] = await Promise.all([
    picture(art.logo(), true),
    Promise.all(HEADERS.map((h) => picture(draw(h)))),
    Promise.all(BENEFITS.map((b) => picture(draw(b)))),
    Promise.all(GALLERY.map((g) => picture(draw(g)))),
    Promise.all(PROFILES.map((p) => (p.picture ? picture(p.picture()) : null))),
    Promise.all(OFFICIALS.map((o, i) => picture(art.portrait(i, Boolean(o.woman))))),
    Promise.all(VILLAGE_INFOS.map((v) => picture(draw(v)))),
  ]);

  await db.transaction().execute(async (trx) => {
    const store = (image: ProcessedImage) =>
      insertFile(trx, { kind: 'image', mime: 'image/webp', ...image });
    const strip = ({ picture: _p, ...row }: Entry) => row;

    await upsertSettings(trx, { ...DEMO_SETTINGS, logo_file_id: await store(logo) });

    for (const [i, h] of HEADERS.entries()) {
      await insert(trx, 'homepage-headers', { ...strip(h), image: await store(headers[i]!) });
    }
    for (const [i, b] of BENEFITS.entries()) {
      await insert(trx, 'homepage-benefits', { ...strip(b), image: await store(benefits[i]!) });
    }
    for (const [i, g] of GALLERY.entries()) {
      await insert(trx, 'homepage-galleries', { ...strip(g), image: await store(gallery[i]!) });
    }
    for (const [i, p] of PROFILES.entries()) {
      const image = profiles[i];
      await insert(trx, 'village-profiles', {
        ...strip(p),
        image: image ? await store(image) : null,
      });
    }
    const ids: number[] = [];
    for (const [i, o] of OFFICIALS.entries()) {
      ids.push(
        await insert(trx, 'village-structures', {
          name: o.name,
          position_title: o.position_title,
          nip: o.nip,
          period: o.period,
          photo: await store(officials[i]!),
          reports_to: o.boss === null ? null : ids[o.boss]!,
          position: i + 1,
        }),
      );
    }
    for (const [i, v] of VILLAGE_INFOS.entries()) {
      await insert(trx, 'village-infos', { ...strip(v), icon: await store(infos[i]!) });
    }
    for (const row of POPULATION_INFOS) await insert(trx, 'population-infos', row);
    for (const [label, age_from, age_to, male_count, female_count] of AGES) {
      await insert(trx, 'population-ages', { label, age_from, age_to, male_count, female_count });
    }
    for (const [i, [job, male_count, female_count]] of JOBS.entries()) {
      await insert(trx, 'population-jobs', { job, male_count, female_count, position: i + 1 });
    }
    for (const [i, [religion, male_count, female_count]] of RELIGIONS.entries()) {
      await insert(trx, 'population-religions', {
        religion,
        male_count,
        female_count,
        position: i + 1,
      });
    }
  });
}
