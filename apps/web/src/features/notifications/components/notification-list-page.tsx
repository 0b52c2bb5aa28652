import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useToast } from '../../../components/toast/toast-context.ts';
import { Button } from '../../../components/ui/button.tsx';
import { LoadState } from '../../../components/ui/load-state.tsx';
import { errorMessage } from '../../../lib/http-client.ts';
import { usePageMeta } from '../../../lib/page-meta.ts';
import { paths } from '../../../lib/paths.ts';
import { NotificationItem } from './notification-item.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import {
  useNotifications,
  useUnreadCount,
  markAllNotificationsRead,
  useRefreshNotifications,
} from '../../../api/notifications.ts';

interface ListQuery {
  page: number;
  unread: boolean;
}

/** The list's own address: `?page=` from 2 on, `unread=true` for "Belum dibaca". */
function listHref({ page, unread }: ListQuery): string {
  const search = new URLSearchParams();
  if (unread) search.set('unread', 'true');
  if (page > 1) search.set('page', String(page));
  const query = search.toString();
  return query ? `${paths.notification}?${query}` : paths.notification;
}

function parsePage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

const FILTERS = [
  { label: 'Semua', unread: false },
  { label: 'Belum dibaca', unread: true },
] as const;

/** /notification: the signed-in user's notifications, newest first, a page at a time. */
export function NotificationListPage() {
  usePageMeta('Notifikasi');
  const [params] = useSearchParams();
  const query: ListQuery = {
    page: parsePage(params.get('page')),
    unread: params.get('unread') === 'true',
  };
  const { notifications, meta, error, isLoading, retry } = useNotifications(query);
  const unreadCount = useUnreadCount(true);
  const refresh = useRefreshNotifications();
  const toast = useToast();
  const [marking, setMarking] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);

  // A new page replaces the list under the reader's feet (the link they used may be gone):
  // start them at the top, as a page load would.
  const shownPage = useRef(query.page);
  useEffect(() => {
    if (shownPage.current === query.page) return;
    shownPage.current = query.page;
    headingRef.current?.focus();
  }, [query.page]);

  const hasUnread = unreadCount > 0 || !!notifications?.some((n) => !n.read);

  async function markAll() {
    setMarking(true);
    try {
      const { message } = await markAllNotificationsRead();
      toast.success(message);
      // The button goes away with the last unread notification; keep focus on the page.
      headingRef.current?.focus();
      await refresh({ readIds: 'all', unreadCount: 0 });
    } catch (failure) {
      toast.error(errorMessage(failure));
    } finally {
      setMarking(false);
    }
  }

  const here = listHref(query);
  const emptyText = query.unread
    ? 'Tidak ada notifikasi yang belum dibaca.'
    : 'Belum ada notifikasi.';

  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1
          ref={headingRef}
          tabIndex={-1}
          className="text-3xl font-bold text-slate-900 outline-none"
        >
          Notifikasi
        </h1>
        {hasUnread && (
          <Button variant="outlined" size="sm" loading={marking} onClick={() => void markAll()}>
            Tandai semua sudah dibaca
          </Button>
        )}
      </div>
      <p className="mt-2 text-slate-700">Kabar terbaru tentang permohonan surat.</p>

      <nav aria-label="Saring notifikasi" className="mt-6 border-b border-slate-200">
        <ul className="-mb-px flex gap-x-6">
          {FILTERS.map((filter) => {
            const current = filter.unread === query.unread;
            return (
              <li key={filter.label}>
                <Link
                  to={listHref({ page: 1, unread: filter.unread })}
                  aria-current={current ? 'page' : undefined}
                  className={`inline-block border-b-4 py-2 font-semibold ${
                    current
                      ? 'border-brand-800 text-brand-800'
                      : 'border-transparent text-slate-700 hover:text-slate-900'
                  }`}
                >
                  {filter.label}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>

      <div className="mt-6">
        <LoadState
          data={notifications}
          error={error}
          isLoading={isLoading}
          onRetry={retry}
          empty={
            query.page > 1 ? (
              <>
                Tidak ada notifikasi di halaman ini.{' '}
                <Link
                  to={listHref({ page: 1, unread: query.unread })}
                  className="font-semibold text-brand-800 underline underline-offset-4"
                >
                  Ke halaman pertama
                </Link>
              </>
            ) : (
              emptyText
            )
          }
        >
          {(items) => (
            <ul
              aria-label="Daftar notifikasi"
              className="divide-y divide-slate-200 border-y border-slate-200"
            >
              {items.map((notification) => (
                <NotificationItem key={notification.id} notification={notification} backTo={here} />
              ))}
            </ul>
          )}
        </LoadState>
        {meta && notifications && notifications.length > 0 && meta.last_page > 1 && (
          <Pagination
            page={query.page}
            lastPage={meta.last_page}
            hrefFor={(page) => listHref({ page, unread: query.unread })}
            label="Halaman notifikasi"
          />
        )}
      </div>
    </div>
  );
}
