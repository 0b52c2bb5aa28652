/**
 * What a shared link and a search engine read from a server-rendered page (issue 23): title,
 * description, canonical address, Open Graph and Twitter card tags, and on the home page the
 * village as schema.org `GovernmentOrganization`. Built from the data the page was rendered from.
 */

export const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** JSON inside a `<script>`: nothing in it may close the element. */
export const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

interface ImageUrl {
  original: string;
  width: number | null;
  height: number | null;
}

interface Settings {
  village_name?: string;
  kecamatan?: string;
  kabupaten?: string;
  provinsi?: string;
  address?: string | null;
  postal_code?: string | null;
  phone?: string | null;
  email?: string | null;
  logo_url?: ImageUrl | null;
}

export interface HeadInput {
  /** The page's address on the site ("/about"). */
  pathname: string;
  publicUrl: string;
  documentTitle: string;
  title: string;
  description: string | null;
  /** The public data the page was rendered from, by API address. */
  data: Record<string, unknown>;
}

const isImage = (v: unknown): v is ImageUrl =>
  typeof v === 'object' && v !== null && typeof (v as ImageUrl).original === 'string';

/** The first header image of the home page's carousel, if the page data has one. */
function headerImage(data: Record<string, unknown>): ImageUrl | null {
  for (const [url, answer] of Object.entries(data)) {
    if (!url.startsWith('/api/homepage-headers')) continue;
    const items = (answer as { data?: unknown[] } | null)?.data ?? [];
    for (const item of items) {
      const image = (item as { image_url?: unknown }).image_url;
      if (isImage(image)) return image;
    }
  }
  return null;
}

function settingsOf(data: Record<string, unknown>): Settings | null {
  return (data['/api/settings'] as { data?: Settings } | undefined)?.data ?? null;
}

const absolute = (publicUrl: string, href: string) =>
  /^https?:\/\//.test(href) ? href : `${publicUrl.replace(/\/$/, '')}${href}`;

function organization(settings: Settings, url: string, logo: string | null) {
  const name = `Pemerintah Desa ${settings.village_name}`;
  return {
    '@context': 'https://schema.org',
    '@type': 'GovernmentOrganization',
    name,
    url,
    ...(logo ? { logo } : {}),
    ...(settings.phone ? { telephone: settings.phone } : {}),
    ...(settings.email ? { email: settings.email } : {}),
    address: {
      '@type': 'PostalAddress',
      ...(settings.address ? { streetAddress: settings.address } : {}),
      addressLocality: settings.kecamatan,
      addressRegion: [settings.kabupaten, settings.provinsi].filter(Boolean).join(', '),
      ...(settings.postal_code ? { postalCode: settings.postal_code } : {}),
      addressCountry: 'ID',
    },
  };
}

/** The `<head>` tags of a rendered page (title included). */
export function headTags(input: HeadInput): string {
  const settings = settingsOf(input.data);
  const site = settings?.village_name
    ? `Pemerintah Desa ${settings.village_name}`
    : 'Pemerintah Desa';
  const url = absolute(input.publicUrl, input.pathname);
  const description =
    input.description ??
    'Situs resmi pemerintah desa: profil desa, galeri, dan layanan surat secara daring.';
  const header = headerImage(input.data);
  const image = header ?? settings?.logo_url ?? null;
  const tags = [
    `<title>${escapeHtml(input.documentTitle)}</title>`,
    `<meta name="description" content="${escapeHtml(description)}">`,
    `<link rel="canonical" href="${escapeHtml(url)}">`,
    `<meta property="og:type" content="website">`,
    `<meta property="og:locale" content="id_ID">`,
    `<meta property="og:site_name" content="${escapeHtml(site)}">`,
    `<meta property="og:title" content="${escapeHtml(input.title === site ? site : `${input.title} | ${site}`)}">`,
    `<meta property="og:description" content="${escapeHtml(description)}">`,
    `<meta property="og:url" content="${escapeHtml(url)}">`,
    `<meta name="twitter:card" content="${header ? 'summary_large_image' : 'summary'}">`,
    `<meta name="twitter:title" content="${escapeHtml(input.documentTitle)}">`,
    `<meta name="twitter:description" content="${escapeHtml(description)}">`,
  ];
  if (image) {
    const src = escapeHtml(absolute(input.publicUrl, image.original));
    tags.push(
      `<meta property="og:image" content="${src}">`,
      `<meta name="twitter:image" content="${src}">`,
    );
    if (image.width && image.height) {
      tags.push(
        `<meta property="og:image:width" content="${image.width}">`,
        `<meta property="og:image:height" content="${image.height}">`,
      );
    }
    tags.push(`<meta property="og:image:alt" content="${escapeHtml(site)}">`);
  }
  if (input.pathname === '/' && settings?.village_name) {
    const logo = settings.logo_url ? absolute(input.publicUrl, settings.logo_url.original) : null;
    tags.push(
      `<script type="application/ld+json">${scriptJson(organization(settings, url, logo))}</script>`,
    );
  }
  return tags.join('\n    ');
}

/** robots.txt: the public pages open, the private ones and the API not, and the sitemap. */
export function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /admin',
    'Disallow: /profile',
    'Disallow: /notification',
    'Disallow: /auth',
    'Disallow: /api/',
    `Sitemap: ${absolute(publicUrl, '/sitemap.xml')}`,
    '',
  ].join('\n');
}

/** sitemap.xml of the public pages (a letter type's page each). */
export function sitemapXml(publicUrl: string, paths: readonly string[]): string {
  const urls = paths
    .map((p) => `  <url><loc>${escapeHtml(absolute(publicUrl, p))}</loc></url>`)
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}
