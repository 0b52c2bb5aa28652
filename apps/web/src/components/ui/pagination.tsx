import { Link } from 'react-router';
import { buttonClasses } from './button.tsx';

const linkClasses = buttonClasses({ variant: 'outlined', size: 'sm' });

/** Previous and next links with "Halaman x dari y" between them; each page has its own address. */
export function Pagination({
  page,
  lastPage,
  hrefFor,
  label,
}: {
  page: number;
  lastPage: number;
  hrefFor: (page: number) => string;
  /** Names the navigation for screen readers, e.g. "Halaman notifikasi". */
  label: string;
}) {
  return (
    <nav aria-label={label} className="mt-6 flex flex-wrap items-center justify-between gap-3">
      <p className="w-full text-center text-slate-700 sm:order-2 sm:w-auto">
        Halaman {page} dari {lastPage}
      </p>
      <div className="sm:order-1">
        {page > 1 && (
          <Link to={hrefFor(Math.min(page - 1, lastPage))} rel="prev" className={linkClasses}>
            <span aria-hidden="true">←</span> Sebelumnya
          </Link>
        )}
      </div>
      <div className="sm:order-3">
        {page < lastPage && (
          <Link to={hrefFor(page + 1)} rel="next" className={linkClasses}>
            Berikutnya <span aria-hidden="true">→</span>
          </Link>
        )}
      </div>
    </nav>
  );
}
