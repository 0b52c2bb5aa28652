import { Link } from 'react-router';
import { BellIcon } from '../../../components/ui/icons.tsx';
import { paths } from '../../../lib/paths.ts';
import { useUnreadCount } from '../../../api/notifications.ts';

/** The bell in the top bar: a link to the notifications with the unread count. */
export function NotificationBell({ onNavigate }: { onNavigate?: () => void }) {
  const count = useUnreadCount(true);
  const label = count > 0 ? `Notifikasi, ${count} belum dibaca` : 'Notifikasi';
  return (
    <Link
      to={paths.notification}
      aria-label={label}
      onClick={onNavigate}
      className="relative inline-flex size-11 items-center justify-center rounded-full text-slate-800 hover:bg-slate-100"
    >
      <BellIcon />
      {count > 0 && (
        <span
          aria-hidden="true"
          className="absolute right-1 top-1 min-w-5 rounded-full bg-red-700 px-1 text-center text-xs font-bold leading-5 text-white"
        >
          {count > 99 ? '99+' : count}
        </span>
      )}
    </Link>
  );
}
