/** Test support: one complete, believable record per content resource (every field filled). */
export const CONTENT_EXAMPLES: Record<string, Record<string, unknown>> = {
  'homepage-headers': {
    title: 'Selamat Datang di Desa Sukamaju',
    subtitle: 'Layanan surat kini bisa diajukan dari rumah, kapan saja.',
    image: 12,
    button_label: 'Ajukan Surat',
    button_link: '/service',
    active: true,
    position: 1,
  },
  'homepage-benefits': {
    title: 'Tanpa Antre',
    description: 'Ajukan surat dari ponsel dan pantau prosesnya tanpa datang ke kantor desa.',
    image: '7',
    position: 2,
  },
  'homepage-galleries': {
    title: 'Gotong Royong Membersihkan Saluran Irigasi',
    description: 'Warga RW 03 membersihkan saluran irigasi menjelang musim tanam.',
    image: 31,
    taken_at: '2025-08-17',
  },
  'village-profiles': {
    title: 'Sejarah Desa',
    content:
      '<p>Desa Sukamaju berdiri pada tahun 1912 sebagai pemekaran dari Desa Cibeber.</p><h2>Asal Nama</h2><p>Nama Sukamaju berarti "senang maju".</p>',
    image: 4,
    position: 1,
  },
  'village-structures': {
    name: 'H. Asep Saepudin, S.IP.',
    position_title: 'Sekretaris Desa',
    nip: '19780512 200801 1 004',
    photo: 9,
    period: '2021–2027',
    reports_to: 1,
    position: 2,
  },
  'village-infos': { label: 'Luas Wilayah', value: '1.250', unit: 'ha', icon: 3, position: 1 },
  'population-infos': { label: 'Jumlah Kepala Keluarga', value: '1.284', unit: 'KK', position: 2 },
  'population-ages': {
    label: '15–19 tahun',
    age_from: 15,
    age_to: '19',
    male_count: 212,
    female_count: '198',
  },
  'population-jobs': { job: 'Petani', male_count: 534, female_count: 121, position: 1 },
  'population-religions': { religion: 'Islam', male_count: 2231, female_count: 2190, position: 1 },
};
