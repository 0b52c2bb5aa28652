/**
 * The Indonesian validation messages, in one place so the browser and the server say the same
 * thing. Each takes the field's label as the user sees it.
 */
export const msg = {
  required: (label: string) => `${label} wajib diisi.`,
  chooseOne: (label: string) => `Pilih ${label.toLowerCase()} dari daftar.`,
  minLength: (label: string, n: number) => `${label} minimal ${n} karakter.`,
  maxLength: (label: string, n: number) => `${label} maksimal ${n} karakter.`,
  exactDigits: (label: string, n: number) => `${label} harus ${n} digit angka.`,
  digitsOnly: (label: string) => `${label} hanya boleh berisi angka.`,
  email: (label: string) =>
    `${label} harus berupa alamat e-mail yang valid, misalnya nama@contoh.id.`,
  date: (label: string) => `${label} harus tanggal yang valid (TTTT-BB-HH).`,
  dateNotFuture: (label: string) => `${label} tidak boleh di masa depan.`,
  dateNotPast: (label: string) => `${label} tidak boleh di masa lalu.`,
  dateNotBefore: (label: string, other: string) => `${label} tidak boleh sebelum ${other}.`,
  time: (label: string) =>
    `${label} harus jam yang valid, 24 jam (JJ.MM), misalnya 08.00 atau 19.30.`,
  timeNotBefore: (label: string, other: string) =>
    `${label} tidak boleh sebelum ${other} pada hari yang sama.`,
  integer: (label: string) => `${label} harus bilangan bulat.`,
  number: (label: string) => `${label} harus berupa angka.`,
  min: (label: string, n: number) => `${label} minimal ${n}.`,
  max: (label: string, n: number) => `${label} maksimal ${n}.`,
  money: (label: string) => `${label} harus jumlah rupiah bulat, misalnya 1.200.000 (tanpa sen).`,
  boolean: (label: string) => `${label} harus ya atau tidak.`,
  passwordMismatch: (label: string, other: string) => `${label} harus sama dengan ${other}.`,
  url: (label: string) => `${label} harus alamat web yang valid (http atau https).`,
  text: (label: string) => `${label} harus berupa teks.`,
  pattern: (label: string) => `${label} tidak sesuai format yang diminta.`,
  dateRange: (label: string) => `${label} harus tanggal antara tahun 1900 dan 2100.`,
  notLessThan: (label: string, other: string) => `${label} tidak boleh kurang dari ${other}.`,
  image: (label: string) => `${label} harus gambar yang sudah diunggah.`,
  noteRequired: (label: string) => `${label} wajib diisi untuk perubahan status ini.`,
} as const;
