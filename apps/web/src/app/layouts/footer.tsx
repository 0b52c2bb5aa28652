import { Link } from 'react-router';
import { MailIcon, MapPinIcon, PhoneIcon } from '../../components/ui/icons.tsx';
import { fullAddress } from '../../lib/address.ts';
import { governmentName, type VillageSettings } from '../../lib/settings.ts';
import { NAV_ITEMS } from './nav-items.ts';
import { socialLinks } from './social-links.ts';

/**
 * The footer of SPEC section 2: the village government's name and address, navigation, phone
 * and e-mail, social links (new tab) and the copyright line with the current year.
 */
export function Footer({ settings }: { settings: VillageSettings | null }) {
  const name = governmentName(settings);
  const address = fullAddress(settings);
  const social = socialLinks(settings?.social ?? null);
  // The year in the village (Asia/Jakarta), not the device's: it turns at midnight WIB.
  const year = new Intl.DateTimeFormat('en', {
    timeZone: 'Asia/Jakarta',
    year: 'numeric',
  }).format();
  const headingClass = 'text-sm font-bold uppercase tracking-wide text-brand-100';
  const linkClass = 'underline-offset-4 hover:underline';

  return (
    <footer className="surface-dark bg-brand-900 text-white">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:px-6 md:grid-cols-2 lg:grid-cols-4">
        <div className="lg:col-span-2">
          <p className="text-lg font-bold">{name}</p>
          {address && (
            <p className="mt-3 flex gap-2 text-brand-50">
              <MapPinIcon className="mt-0.5 size-5 shrink-0" />
              <span>{address}</span>
            </p>
          )}
        </div>

        <nav aria-labelledby="footer-navigasi">
          <h2 id="footer-navigasi" className={headingClass}>
            Navigasi
          </h2>
          <ul className="mt-3 space-y-2">
            {NAV_ITEMS.map((item) => (
              <li key={item.to}>
                <Link to={item.to} className={linkClass}>
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <div>
          <h2 className={headingClass}>Kontak</h2>
          <ul className="mt-3 space-y-2">
            <li className="flex items-center gap-2">
              <PhoneIcon className="size-5 shrink-0" />
              <span className="sr-only">Telepon: </span>
              {settings?.phone ? (
                <a href={`tel:${settings.phone.replace(/[^\d+]/g, '')}`} className={linkClass}>
                  {settings.phone}
                </a>
              ) : (
                <span>Belum tersedia</span>
              )}
            </li>
            <li className="flex items-center gap-2">
              <MailIcon className="size-5 shrink-0" />
              <span className="sr-only">E-mail: </span>
              {settings?.email ? (
                <a href={`mailto:${settings.email}`} className={`${linkClass} break-all`}>
                  {settings.email}
                </a>
              ) : (
                <span>Belum tersedia</span>
              )}
            </li>
          </ul>
          {social.length > 0 && (
            <>
              <h2 className={`${headingClass} mt-6`}>Media sosial</h2>
              <ul className="mt-3 flex flex-wrap gap-x-4 gap-y-2">
                {social.map((link) => (
                  <li key={link.label}>
                    <a
                      href={link.href}
                      target="_blank"
                      rel="noopener noreferrer"
                      className={linkClass}
                    >
                      {link.label}
                      <span className="sr-only"> (membuka tab baru)</span>
                    </a>
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      </div>
      <div className="border-t border-white/20">
        <p className="mx-auto max-w-7xl px-4 py-4 text-sm text-brand-50 sm:px-6">
          © {year} {name}. Hak cipta dilindungi undang-undang.
        </p>
      </div>
    </footer>
  );
}
