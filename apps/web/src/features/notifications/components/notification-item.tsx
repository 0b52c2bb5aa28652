import { Link } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { DateTime } from '../../../components/ui/date-time.tsx';
import type { ApiNotification } from '@balai/domain/contract';

/**
 * One row of the list. The title is the link and the whole row is its click area. An unread
 * one is bold with a "Baru" tag, and its link name starts with "Belum dibaca" for screen readers.
 */
export function NotificationItem({
  notification,
  backTo,
}: {
  notification: ApiNotification;
  /** The list address (page and filter) the detail page leads back to. */
  backTo: string;
}) {
  const unread = !notification.read;
  return (
    <li
      className={`relative px-3 py-4 hover:bg-slate-50 sm:px-4 ${
        unread ? 'border-l-4 border-l-brand-800 bg-brand-50/60' : 'border-l-4 border-l-transparent'
      }`}
    >
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        {unread && (
          <span
            aria-hidden="true"
            className="rounded bg-brand-800 px-2 py-0.5 text-xs font-bold uppercase tracking-wide text-white"
          >
            Baru
          </span>
        )}
        <Link
          to={paths.notificationDetail(notification.id)}
          state={{ backTo }}
          className={`break-words text-lg text-brand-900 underline decoration-1 underline-offset-4 after:absolute after:inset-0 hover:decoration-2 ${
            unread ? 'font-bold' : 'font-medium'
          }`}
        >
          {unread && <span className="sr-only">Belum dibaca: </span>}
          {notification.title}
        </Link>
      </div>
      <p
        className={`mt-1 line-clamp-2 break-words text-slate-800 ${unread ? 'font-semibold' : ''}`}
      >
        {notification.body}
      </p>
      <p className="mt-2 text-sm text-slate-600">
        <DateTime value={notification.created_at} />
      </p>
    </li>
  );
}
