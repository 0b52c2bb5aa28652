import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/load-state.tsx';
import { paths } from '../../../lib/paths.ts';
import { RequestList } from './request-list.tsx';
import { useAllRequests } from '../../../api/letters.ts';

/** How many of the latest requests the home page shows. */
export const YOUR_LETTERS_COUNT = 3;

/**
 * "Surat Anda" on a signed-in resident's home page: the latest requests with their status and,
 * once issued, the PDF to download right there; the rest is in Riwayat Surat. A lazy chunk the
 * home page loads only for a signed-in resident, so the public first load does not carry it.
 */
export function YourLetters() {
  const { page, error, isLoading, retry } = useAllRequests({
    page: 1,
    per_page: YOUR_LETTERS_COUNT,
  });
  return (
    <section aria-labelledby="surat-anda" className="border-b border-slate-200">
      <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
        <h2 id="surat-anda" className="text-2xl font-bold text-slate-900 sm:text-3xl">
          Surat Anda
        </h2>
        <div className="mt-4">
          {error && !page ? (
            <ErrorBlock error={error} onRetry={retry} />
          ) : isLoading || !page ? (
            <LoadingBlock />
          ) : page.data.length === 0 ? (
            <>
              <p className="text-lg text-slate-800">Anda belum pernah mengajukan surat.</p>
              <Button href={paths.service} className="mt-4">
                Lihat Layanan Surat
              </Button>
            </>
          ) : (
            <>
              <RequestList requests={page.data} showTitle downloads />
              {page.meta.total > page.data.length && (
                <p className="mt-4">
                  <Link
                    to={paths.profile.letterHistory}
                    className="font-semibold text-brand-800 underline underline-offset-4"
                  >
                    Semua {page.meta.total} permohonan di Riwayat Surat
                  </Link>
                </p>
              )}
            </>
          )}
        </div>
      </div>
    </section>
  );
}
