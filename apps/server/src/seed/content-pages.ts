/**
 * The demo village's pages (issue 3): the homepage's headers, benefits and gallery, the profile,
 * the officials and the village figures, each with the picture drawn for it (content-art.ts).
 */
import * as art from './content-art.ts';
import * as icons from './content-icons.ts';
import { DEMO_SETTINGS } from './demo-village.ts';

export type Picture = () => string;
/** A record and the picture drawn for its image field. */
export type Entry = {
  [field: string]: string | number | boolean | null | Picture | undefined;
  picture?: Picture;
};

export const HEADERS: Entry[] = [
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

export const BENEFITS: Entry[] = [
  {
    title: 'Tanpa Antre',
    description:
      'Ajukan surat dari ponsel kapan saja. Tidak perlu datang ke kantor desa hanya untuk mengisi formulir.',
    position: 1,
    picture: () => icons.benefitIcon('document'),
  },
  {
    title: 'Proses Terpantau',
    description:
      'Status permohonan selalu terlihat: diajukan, diproses, perlu dilengkapi, atau selesai. Ada pemberitahuan setiap kali berubah.',
    position: 2,
    picture: () => icons.benefitIcon('clock'),
  },
  {
    title: 'Surat Resmi Bisa Dicek',
    description:
      'Setiap surat yang terbit bernomor resmi dan memuat kode QR, sehingga keasliannya bisa diperiksa siapa saja.',
    position: 3,
    picture: () => icons.benefitIcon('qr'),
  },
  {
    title: 'Informasi Desa Terbuka',
    description:
      'Profil, aparat, data penduduk, dan kegiatan desa dapat dibaca oleh seluruh warga dan masyarakat umum.',
    position: 4,
    picture: () => icons.benefitIcon('info'),
  },
];

export const GALLERY: Entry[] = [
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

export const PROFILES: Entry[] = [
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

export interface Official {
  name: string;
  position_title: string;
  nip: string | null;
  period: string;
  /** Index in this list of the official they report to. */
  boss: number | null;
  woman?: boolean;
}

export const OFFICIALS: Official[] = [
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

export const VILLAGE_INFOS: Entry[] = [
  {
    label: 'Luas Wilayah',
    value: '487,35',
    unit: 'ha',
    position: 1,
    picture: () => icons.infoIcon('area'),
  },
  {
    label: 'Ketinggian',
    value: '450–620',
    unit: 'mdpl',
    position: 2,
    picture: () => icons.infoIcon('mountain'),
  },
  {
    label: 'Jumlah Dusun',
    value: '3',
    unit: 'dusun',
    position: 3,
    picture: () => icons.infoIcon('houses'),
  },
  {
    label: 'Jumlah RW',
    value: '7',
    unit: 'RW',
    position: 4,
    picture: () => icons.infoIcon('group'),
  },
  {
    label: 'Jumlah RT',
    value: '28',
    unit: 'RT',
    position: 5,
    picture: () => icons.infoIcon('home'),
  },
  {
    label: 'Lahan Sawah',
    value: '182',
    unit: 'ha',
    position: 6,
    picture: () => icons.infoIcon('rice'),
  },
  {
    label: 'Jarak ke Kantor Kecamatan',
    value: '4,5',
    unit: 'km',
    position: 7,
    picture: () => icons.infoIcon('road'),
  },
];
