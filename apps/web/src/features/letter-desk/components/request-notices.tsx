import { formatDateTimeId } from '@balai/domain';
import type { NoticeItem } from '@balai/domain/contract';
import { useRequestNotices } from '../../../api/notices.ts';

const STATE_CLASSES: Record<NoticeItem['state'], string> = {
  queued: 'bg-slate-100 text-slate-900 border-slate-400',
  sending: 'bg-sky-50 text-sky-950 border-sky-700',
  sent: 'bg-green-50 text-green-950 border-green-700',
  failed: 'bg-red-50 text-red-950 border-red-700',
};

/**
 * The notices about one request on the desk's detail, under its history (issue 22): each one's
 * subject, channel, masked recipient and state (queued, sent, failed with the provider's answer).
 * Polled every 5 s while some are still on their way. Never the text (it may carry a link).
 */
export function RequestNotices({ requestId }: { requestId: number }) {
  const { notices, error } = useRequestNotices(requestId);
  return (
    <section aria-labelledby="pemberitahuan" className="mt-8">
      <h2 id="pemberitahuan" className="text-xl font-bold text-slate-900">
        Pemberitahuan ke warga
      </h2>
      {error !== undefined && notices === undefined ? (
        <p className="mt-2 text-slate-700">Daftar pemberitahuan tidak dapat dimuat.</p>
      ) : notices === undefined ? (
        <p className="mt-2 text-slate-700">Memuat pemberitahuan…</p>
      ) : notices.length === 0 ? (
        <p className="mt-2 text-slate-700">
          Belum ada pemberitahuan lewat WhatsApp, Telegram atau e-mail.
        </p>
      ) : (
        <ul className="mt-3 space-y-3" aria-label="Pemberitahuan">
          {notices.map((n) => (
            <li key={n.id} className="rounded-md border border-slate-200 p-3">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="font-semibold text-slate-900">{n.subject ?? n.kind_label}</p>
                <span
                  className={`rounded-full border px-2 py-0.5 text-sm font-semibold ${STATE_CLASSES[n.state]}`}
                >
                  {n.state_label}
                </span>
              </div>
              <p className="text-sm text-slate-700">
                {n.channel_label} ke {n.recipient} ·{' '}
                <time dateTime={n.sent_at ?? n.created_at}>
                  {formatDateTimeId(n.sent_at ?? n.created_at)}
                </time>
                {n.tries > 1 && ` · ${n.tries} kali dicoba`}
              </p>
              {n.last_error && n.state !== 'sent' && (
                <p className="mt-1 text-sm break-words text-red-900">
                  {n.state === 'failed' ? 'Gagal: ' : 'Percobaan terakhir: '}
                  {n.last_error}
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
