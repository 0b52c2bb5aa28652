/**
 * The address QR codes on letters point at (PUBLIC_URL, issue 25.1). A loopback address
 * (localhost, 127.x.x.x, ::1, 0.0.0.0, *.localhost) opens only on the computer running Balai:
 * a printed letter's QR code cannot be checked from a phone. The server warns at start, the
 * settings page shows the address with a warning, and a letter is issued with such an address
 * only when the administrator confirmed it (a demo: `allow_loopback_qr`).
 */

/** The host of an absolute URL, lower case, without brackets or port; null for no URL. */
function hostOf(url: string): string | null {
  const authority = /^[a-z][a-z0-9+.-]*:\/\/([^/?#]*)/i.exec(url.trim())?.[1];
  if (!authority) return null;
  const hostPort = authority.slice(authority.lastIndexOf('@') + 1).toLowerCase();
  const bracketed = /^\[([^\]]*)\]/.exec(hostPort);
  const host = bracketed ? bracketed[1]! : hostPort.replace(/:\d*$/, '');
  return host.length > 0 ? host.replace(/\.$/, '') : null;
}

/** True when `url`'s host is a loopback or unspecified address (or it is no URL at all). */
export function isLoopbackUrl(url: string): boolean {
  const host = hostOf(url);
  if (host === null) return true;
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    /^127(\.\d{1,3}){3}$/.test(host) ||
    host === '0.0.0.0' ||
    host === '::1' ||
    host === '::' ||
    /^::ffff:127\./.test(host) ||
    /^::ffff:7f/.test(host)
  );
}

/** The one-line warning printed at start and shown in Pengaturan for a loopback address. */
export function loopbackQrWarning(url: string): string {
  return (
    `Kode QR pada surat menunjuk ke ${url}, alamat lokal yang tidak dapat dibuka dari ponsel warga. ` +
    'Atur PUBLIC_URL ke alamat publik situs desa (misalnya https://sukamaju.desa.id), lalu mulai ulang server.'
  );
}

/** The 409 of issuing a letter while the QR address is loopback and nobody confirmed it. */
export function loopbackQrRefusal(url: string): string {
  return (
    `Surat belum dapat diterbitkan: kode QR-nya akan menunjuk ke ${url}, alamat lokal yang tidak dapat dibuka dari ponsel warga. ` +
    'Atur PUBLIC_URL ke alamat publik situs desa lalu mulai ulang server, atau (hanya untuk demo) centang "Izinkan QR alamat lokal" di Pengaturan.'
  );
}
