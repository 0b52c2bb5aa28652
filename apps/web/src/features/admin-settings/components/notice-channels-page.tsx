import { formatDateTimeId } from '@balai/domain';
import type { ChannelState, DeliveryChannel, NoticeItem } from '@balai/domain/contract';
import { useId, useState, type FormEvent } from 'react';
import { useSWRConfig } from 'swr';
import { AdminPage } from '../../../components/admin/admin-page.tsx';
import { Select } from '../../../components/form/select.tsx';
import { TextInput } from '../../../components/form/text-input.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyBlock, ErrorBlock, LoadingBlock } from '../../../components/ui/load-state.tsx';
import { useToast } from '../../../components/toast/toast-context.ts';
import { adminPaths } from '../../../lib/admin-paths.ts';
import { errorMessage } from '../../../lib/http-client.ts';
import {
  retryNotice,
  sendTestNotice,
  useChannelStates,
  useFailedNotices,
} from '../../../api/notices.ts';

const TARGET_HINTS: Record<DeliveryChannel, { label: string; hint: string; type: string }> = {
  email: { label: 'Alamat e-mail tujuan', hint: 'Contoh: operator@desa.id', type: 'email' },
  whatsapp: { label: 'Nomor WhatsApp tujuan', hint: 'Contoh: 0812 3456 7890', type: 'tel' },
  whatsapp_cloud: {
    label: 'Nomor WhatsApp tujuan',
    hint: 'Contoh: 0812 3456 7890',
    type: 'tel',
  },
  telegram: {
    label: 'ID obrolan Telegram tujuan',
    hint: 'Angka ID obrolan, misalnya dari akun yang sudah terhubung.',
    type: 'text',
  },
};

const when = (iso: string | null) => (iso ? formatDateTimeId(iso) : '—');

/**
 * `/admin/settings/notices` (issue 22, docs/operations.md): each delivery channel's state (set up
 * by the server's configuration, on or off, where it sends, what waits and what failed), a
 * "Kirim pesan uji" per channel that is on, and the failed notices of the last days with
 * "Kirim ulang".
 */
export function NoticeChannelsPage() {
  const { states, error, isLoading, retry } = useChannelStates();
  return (
    <AdminPage
      title="Saluran Pemberitahuan"
      breadcrumbs={[{ label: 'Pengaturan', to: adminPaths.settings }, { label: 'Pemberitahuan' }]}
      lead="Pemberitahuan ke warga dan penanda tangan lewat e-mail, WhatsApp dan Telegram. Saluran diaktifkan di konfigurasi server."
    >
      <div className="max-w-4xl">
        {isLoading && !states && <LoadingBlock />}
        {error != null && !states && <ErrorBlock error={error} onRetry={retry} />}
        {states && (
          <section aria-labelledby="channels-heading">
            <h2 id="channels-heading" className="mb-3 text-xl font-bold text-slate-900">
              Saluran
            </h2>
            <ul className="grid gap-4 md:grid-cols-2">
              {states.data.map((s) => (
                <li key={s.channel}>
                  <ChannelCard state={s} days={states.meta.days} />
                </li>
              ))}
            </ul>
          </section>
        )}
        <FailedNotices />
      </div>
    </AdminPage>
  );
}

function ChannelCard({ state, days }: { state: ChannelState; days: number }) {
  const toast = useToast();
  const { mutate } = useSWRConfig();
  const id = useId();
  const [target, setTarget] = useState('');
  const [targetError, setTargetError] = useState<string | undefined>();
  const [sending, setSending] = useState(false);
  const [open, setOpen] = useState(false);
  const hint = TARGET_HINTS[state.channel];

  async function send(event: FormEvent) {
    event.preventDefault();
    if (!target.trim()) {
      setTargetError('Tujuan wajib diisi.');
      return;
    }
    setSending(true);
    setTargetError(undefined);
    try {
      const answer = await sendTestNotice(
        { channel: state.channel, target: target.trim() },
        mutate,
      );
      toast.success(answer.message);
      setOpen(false);
    } catch (err) {
      setTargetError(errorMessage(err));
    } finally {
      setSending(false);
    }
  }

  const status = state.on ? 'Aktif' : state.configured ? 'Belum lengkap' : 'Tidak aktif';
  const statusClass = state.on
    ? 'border-green-700 bg-green-50 text-green-950'
    : state.configured
      ? 'border-amber-600 bg-amber-50 text-amber-950'
      : 'border-slate-400 bg-slate-100 text-slate-900';
  return (
    <article
      aria-labelledby={`${id}-title`}
      className="h-full rounded-lg border border-slate-200 bg-white p-4"
    >
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <h3 id={`${id}-title`} className="text-lg font-bold text-slate-900">
          {state.label}
        </h3>
        <span className={`rounded-full border px-2 py-0.5 text-sm font-semibold ${statusClass}`}>
          {status}
        </span>
      </div>
      <dl className="grid grid-cols-1 gap-x-3 text-sm text-slate-900 sm:grid-cols-[auto_1fr] sm:gap-y-1">
        <dt className="font-semibold">Tujuan</dt>
        <dd className="break-all">{state.endpoint ?? '—'}</dd>
        <dt className="font-semibold">Menunggu</dt>
        <dd>{state.queued}</dd>
        <dt className="font-semibold">Gagal ({days} hari)</dt>
        <dd>{state.failed_recent}</dd>
        <dt className="font-semibold">Terakhir terkirim</dt>
        <dd>{when(state.last_sent_at)}</dd>
        <dt className="font-semibold">Terakhir gagal</dt>
        <dd>{when(state.last_failed_at)}</dd>
      </dl>
      {state.last_error && (
        <p className="mt-2 text-sm break-words text-red-900">
          <span className="font-semibold">Galat terakhir:</span> {state.last_error}
        </p>
      )}
      {!state.on && (
        <p className="mt-2 text-sm text-slate-700">
          {state.configured
            ? 'Sebagian pengaturan sudah ada, tetapi belum lengkap. Lihat docs/operations.md.'
            : 'Belum diatur di konfigurasi server (lihat docs/operations.md).'}
        </p>
      )}
      {state.on &&
        (open ? (
          <form
            onSubmit={(e) => void send(e)}
            noValidate
            aria-label={`Kirim pesan uji lewat ${state.label}`}
            className="mt-4"
          >
            <TextInput
              name="target"
              id={`${id}-target`}
              label={hint.label}
              hint={hint.hint}
              type={hint.type}
              value={target}
              error={targetError}
              onChange={(e) => setTarget(e.target.value)}
            />
            <div className="flex flex-wrap gap-3">
              <Button type="submit" size="sm" loading={sending}>
                Kirim
              </Button>
              <Button variant="outlined" size="sm" onClick={() => setOpen(false)}>
                Batal
              </Button>
            </div>
          </form>
        ) : (
          <Button variant="outlined" size="sm" className="mt-4" onClick={() => setOpen(true)}>
            Kirim pesan uji
          </Button>
        ))}
    </article>
  );
}

const DAY_OPTIONS = [
  { value: '1', label: '1 hari terakhir' },
  { value: '7', label: '7 hari terakhir' },
  { value: '30', label: '30 hari terakhir' },
];

function FailedNotices() {
  const [days, setDays] = useState(7);
  const [page, setPage] = useState(1);
  const { failed, error, isLoading, retry } = useFailedNotices(days, page);
  return (
    <section aria-labelledby="failed-heading" className="mt-10">
      <h2 id="failed-heading" className="mb-3 text-xl font-bold text-slate-900">
        Pemberitahuan gagal
      </h2>
      <div className="max-w-xs">
        <Select
          name="days"
          label="Rentang waktu"
          options={DAY_OPTIONS}
          placeholder="Pilih rentang waktu"
          value={String(days)}
          onChange={(e) => {
            setDays(Number(e.target.value) || 7);
            setPage(1);
          }}
        />
      </div>
      {isLoading && !failed && <LoadingBlock />}
      {error != null && !failed && <ErrorBlock error={error} onRetry={retry} />}
      {failed && failed.data.length === 0 && (
        <EmptyBlock>Tidak ada pemberitahuan yang gagal dalam rentang ini.</EmptyBlock>
      )}
      {failed && failed.data.length > 0 && (
        <>
          <ul className="space-y-3" aria-label="Pemberitahuan gagal">
            {failed.data.map((n) => (
              <li key={n.id}>
                <FailedRow notice={n} />
              </li>
            ))}
          </ul>
          {failed.meta.last_page > 1 && (
            <nav aria-label="Halaman pemberitahuan gagal" className="mt-4 flex items-center gap-3">
              <Button
                variant="outlined"
                size="sm"
                disabled={page <= 1}
                onClick={() => setPage(page - 1)}
              >
                Sebelumnya
              </Button>
              <span className="text-slate-800">
                Halaman {failed.meta.page} dari {failed.meta.last_page}
              </span>
              <Button
                variant="outlined"
                size="sm"
                disabled={page >= failed.meta.last_page}
                onClick={() => setPage(page + 1)}
              >
                Berikutnya
              </Button>
            </nav>
          )}
        </>
      )}
    </section>
  );
}

function FailedRow({ notice }: { notice: NoticeItem }) {
  const toast = useToast();
  const { mutate } = useSWRConfig();
  const [busy, setBusy] = useState(false);
  async function again() {
    setBusy(true);
    try {
      toast.success((await retryNotice(notice.id, mutate)).message);
    } catch (err) {
      toast.error(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }
  return (
    <article className="rounded-md border border-slate-200 bg-white p-3">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-semibold text-slate-900">
            {notice.subject ?? notice.kind_label}
            {notice.user_name && <span className="font-normal"> · {notice.user_name}</span>}
          </p>
          <p className="text-sm text-slate-700">
            {notice.channel_label} ke {notice.recipient} · {formatDateTimeId(notice.created_at)} ·{' '}
            {notice.tries} kali dicoba
          </p>
          {notice.last_error && (
            <p className="mt-1 text-sm break-words text-red-900">{notice.last_error}</p>
          )}
        </div>
        <Button
          variant="outlined"
          size="sm"
          loading={busy}
          onClick={() => void again()}
          aria-label={`Kirim ulang pemberitahuan ${notice.kind_label} ke ${notice.recipient}`}
        >
          Kirim ulang
        </Button>
      </div>
    </article>
  );
}
