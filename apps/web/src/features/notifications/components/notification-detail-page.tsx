import { useEffect, useRef } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/load-state.tsx';
import { httpStatus } from '../../../lib/http-client.ts';
import { usePageMeta } from '../../../lib/page-meta.ts';
import { paths, safeReturnTo } from '../../../lib/paths.ts';
import { DateTime } from '../../../components/ui/date-time.tsx';
import {
  useNotification,
  markNotificationRead,
  useRefreshNotifications,
} from '../../../api/notifications.ts';

const NOT_FOUND = 'Notifikasi tidak ditemukan.';

/** The list page the reader came from (its page and filter), else the list's first page. */
function listAddress(state: unknown): string {
  const backTo = (state as { backTo?: unknown } | null)?.backTo;
  return typeof backTo === 'string' &&
    safeReturnTo(backTo) &&
    (backTo === paths.notification || backTo.startsWith(`${paths.notification}?`))
    ? backTo
    : paths.notification;
}

/** What the button to the notification's subject says. */
function linkLabel(link: string): string {
  return /^\/(admin\/)?service[-/]/.test(link) ? 'Lihat permohonan' : 'Buka halaman terkait';
}

/**
 * The server writes the office's note after the message ("… Catatan petugas: …", "… Alasan: …");
 * it is set apart so the resident does not miss it. Anything else is shown as it is.
 */
function splitNote(body: string): { text: string; label?: string; note?: string } {
  const match = /^([\s\S]*?[.!?]) (Catatan petugas|Alasan|Catatan): ([\s\S]+)$/.exec(body);
  return match ? { text: match[1]!, label: match[2]!, note: match[3]! } : { text: body };
}

const BACK_LINK_CLASSES =
  'inline-flex items-center gap-1 font-semibold text-brand-800 underline underline-offset-4 hover:decoration-2';

/** /notification/{id}: one notification in full, marked read on opening. */
export function NotificationDetailPage() {
  const { id = '' } = useParams();
  const validId = /^[1-9]\d{0,15}$/.test(id) ? id : null;
  const { notification, error, isLoading, mutate } = useNotification(validId);
  const notFound = validId === null || (!!error && httpStatus(error) === 404);
  usePageMeta(notification?.title ?? (notFound ? 'Notifikasi tidak ditemukan' : 'Notifikasi'));
  const backTo = listAddress(useLocation().state);
  const refresh = useRefreshNotifications();

  // Once per opening: mark it read, then bring the bell and the list up to date.
  const marking = useRef<number | null>(null);
  useEffect(() => {
    if (!notification || notification.read || marking.current === notification.id) return;
    const target = notification.id;
    marking.current = target;
    markNotificationRead(target)
      .then(async (saved) => {
        await mutate({ data: saved }, { revalidate: false });
        await refresh({ readIds: [target] });
      })
      .catch(() => {
        // It stays unread; the bell keeps counting it and the next opening tries again.
        marking.current = null;
      });
  }, [notification, mutate, refresh]);

  const backLink = (
    <Link to={backTo} className={BACK_LINK_CLASSES}>
      <span aria-hidden="true">←</span> Kembali ke daftar notifikasi
    </Link>
  );

  if (notFound && !notification) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
        <h1 className="text-3xl font-bold text-slate-900">{NOT_FOUND}</h1>
        <p className="mt-4 text-lg text-slate-800">
          Notifikasi ini tidak ada, sudah dihapus, atau alamatnya salah.
        </p>
        <Button href={backTo} variant="outlined" className="mt-6">
          Kembali ke daftar notifikasi
        </Button>
      </div>
    );
  }

  if (!notification) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
        {backLink}
        <h1 className="mt-6 text-3xl font-bold text-slate-900">Notifikasi</h1>
        <div className="mt-6">
          {error ? (
            <ErrorBlock error={error} onRetry={() => void mutate()} />
          ) : (
            isLoading && <LoadingBlock label="Memuat notifikasi…" />
          )}
        </div>
      </div>
    );
  }

  const { text, label, note } = splitNote(notification.body);
  const subject = notification.link ? safeReturnTo(notification.link) : null;

  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      {backLink}
      <article className="mt-6">
        <h1 className="break-words text-3xl font-bold text-slate-900">{notification.title}</h1>
        <p className="mt-2 text-slate-700">
          Diterima <DateTime value={notification.created_at} />
        </p>
        <p className="mt-6 whitespace-pre-line break-words text-lg leading-relaxed text-slate-900">
          {text}
        </p>
        {note && (
          <div className="mt-4 rounded-md border-l-4 border-amber-600 bg-amber-50 p-4 text-amber-950">
            <p className="font-semibold">{label}:</p>
            <p className="mt-1 whitespace-pre-line break-words text-lg">{note}</p>
          </div>
        )}
        {subject && (
          <Button href={subject} className="mt-8">
            {linkLabel(subject)}
          </Button>
        )}
      </article>
    </div>
  );
}
