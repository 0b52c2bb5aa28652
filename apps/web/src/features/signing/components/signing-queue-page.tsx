import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { AdminPage } from '../../../components/admin/admin-page.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyBlock, ErrorBlock, LoadingBlock } from '../../../components/ui/load-state.tsx';
import { adminPaths } from '../../../lib/admin-paths.ts';
import { ApproveDialog } from './approve-dialog.tsx';
import { ApprovedPanel } from './approved-panel.tsx';
import { NotSignerBlock, OnBehalfNote, waitingSince } from './signing-shared.tsx';
import { useViewedPreviews } from './viewed-previews.ts';
import type { ApproveAnswer, SigningQueueItem } from '@balai/domain/contract';
import { useSigningMe, useSigningQueue } from '../../../api/signing.ts';

/** What the detail page hands back after a return (router state). */
export interface QueueState {
  returned?: string;
  approved?: ApproveAnswer;
}

function QueueCard({
  item,
  viewed,
  selected,
  onSelect,
}: {
  item: SigningQueueItem;
  viewed: boolean;
  selected: boolean;
  onSelect: (on: boolean) => void;
}) {
  const checkId = `pilih-${item.id}`;
  return (
    <li className="rounded-lg border border-slate-300 bg-white p-4 shadow-sm">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="text-lg font-bold text-slate-900">
            <Link
              to={adminPaths.signingLetter(item.id)}
              className="text-brand-800 underline underline-offset-4"
            >
              {item.reference}
            </Link>
          </h2>
          <p className="text-slate-800">{item.letter_title}</p>
        </div>
        {viewed ? (
          <strong className="shrink-0 rounded bg-emerald-100 px-2 py-0.5 text-sm text-emerald-900">
            Sudah dibuka
          </strong>
        ) : (
          <strong className="shrink-0 rounded bg-slate-200 px-2 py-0.5 text-sm text-slate-800">
            Belum dibuka
          </strong>
        )}
      </div>
      <dl className="mt-2 space-y-1 text-slate-900">
        <div>
          <dt className="inline font-semibold">Pemohon: </dt>
          <dd className="inline">
            {item.applicant.name}
            {item.applicant.verified ? ' (terverifikasi)' : ''}
          </dd>
        </div>
        <div>
          <dt className="inline font-semibold">Catatan petugas: </dt>
          <dd className="inline whitespace-pre-line">
            {item.clerk_note ?? <span className="italic text-slate-700">tidak ada</span>}
          </dd>
        </div>
        {item.clerk?.name && (
          <div>
            <dt className="inline font-semibold">Diajukan oleh: </dt>
            <dd className="inline">{item.clerk.name}</dd>
          </div>
        )}
        <div>
          <dt className="inline font-semibold">Menunggu sejak: </dt>
          <dd className="inline">{waitingSince(item)}</dd>
        </div>
      </dl>
      {viewed ? (
        <div className="mt-3 flex min-h-11 items-center gap-3">
          <input
            id={checkId}
            type="checkbox"
            checked={selected}
            onChange={(e) => onSelect(e.target.checked)}
            className="size-6 shrink-0 accent-brand-800"
          />
          <label htmlFor={checkId} className="font-semibold text-slate-900">
            Pilih untuk disetujui<span className="sr-only"> {item.reference}</span>
          </label>
        </div>
      ) : (
        <p className="mt-3 text-sm text-slate-700">
          Buka pratinjaunya dulu untuk dapat memilih surat ini.
        </p>
      )}
      <Button
        href={adminPaths.signingLetter(item.id)}
        variant={viewed ? 'outlined' : 'filled'}
        block
        className="mt-3 min-h-12"
      >
        {viewed ? 'Lihat lagi' : 'Periksa surat'}
        <span className="sr-only"> {item.reference}</span>
      </Button>
    </li>
  );
}

/**
 * `/admin/signing`, "Menunggu tanda tangan Anda": the letters awaiting the signer, oldest first,
 * as cards for one hand at 375 px. Several can be approved at once, but only those whose preview
 * was opened (viewed-previews.ts).
 */
export function SigningQueuePage() {
  const { me, error: meError, mutate: retryMe } = useSigningMe();
  const canSign = me?.can_sign === true;
  const { page, error, isLoading, mutate } = useSigningQueue(canSign);
  const viewed = useViewedPreviews();
  const location = useLocation();
  const state = (location.state ?? {}) as QueueState;
  const [picked, setPicked] = useState<ReadonlySet<number>>(new Set());
  const [approving, setApproving] = useState<SigningQueueItem[]>([]);
  const [answer, setAnswer] = useState<ApproveAnswer | null>(state.approved ?? null);

  const rows = page?.data ?? [];
  // Only letters still in the queue and already looked at can be chosen.
  const chosen = rows.filter((r) => picked.has(r.id) && viewed.has(r.id));
  const viewedRows = rows.filter((r) => viewed.has(r.id));

  const select = (id: number, on: boolean) =>
    setPicked((was) => {
      const next = new Set(was);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  return (
    <AdminPage
      title="Menunggu tanda tangan Anda"
      breadcrumbs={[{ label: 'Tanda Tangan' }]}
      lead={
        page && page.meta.total > 0
          ? `${page.meta.total} surat menunggu, terlama di atas.`
          : 'Surat yang sudah diperiksa petugas dan menunggu persetujuan Anda.'
      }
    >
      <div className="max-w-2xl pb-24 lg:pb-0">
        {answer && <ApprovedPanel answer={answer} />}
        {state.returned && !answer && (
          <div
            role="status"
            className="mb-6 rounded-md border-l-8 border-brand-700 bg-brand-50 p-4 text-slate-900"
          >
            {state.returned} dikembalikan ke petugas dengan catatan Anda.
          </div>
        )}
        {meError != null && !me && <ErrorBlock error={meError} onRetry={() => void retryMe()} />}
        {!me && meError == null && <LoadingBlock />}
        {me && !canSign && <NotSignerBlock me={me} />}
        {me && canSign && page?.meta.signs_on_behalf && <OnBehalfNote />}
        {canSign && error != null && !page && (
          <ErrorBlock error={error} onRetry={() => void mutate()} />
        )}
        {canSign && isLoading && !page && <LoadingBlock />}
        {canSign && page && rows.length === 0 && (
          <EmptyBlock>
            Tidak ada surat yang menunggu. Surat yang diajukan petugas untuk ditandatangani muncul
            di sini.
          </EmptyBlock>
        )}
        {canSign && rows.length > 0 && (
          <>
            <p className="mb-3 text-slate-800">
              Buka setiap surat untuk memeriksa pratinjaunya. Surat yang sudah dibuka dapat dipilih
              lalu disetujui sekaligus.
            </p>
            {viewedRows.length > 1 && (
              <p className="mb-3">
                <button
                  type="button"
                  className="min-h-11 font-semibold text-brand-800 underline underline-offset-4"
                  onClick={() =>
                    setPicked(
                      chosen.length === viewedRows.length
                        ? new Set()
                        : new Set(viewedRows.map((r) => r.id)),
                    )
                  }
                >
                  {chosen.length === viewedRows.length
                    ? 'Batalkan semua pilihan'
                    : `Pilih semua yang sudah dibuka (${viewedRows.length})`}
                </button>
              </p>
            )}
            <ul className="space-y-4">
              {rows.map((item) => (
                <QueueCard
                  key={item.id}
                  item={item}
                  viewed={viewed.has(item.id)}
                  selected={picked.has(item.id)}
                  onSelect={(on) => select(item.id, on)}
                />
              ))}
            </ul>
            {page && page.meta.total > rows.length && (
              <p className="mt-4 text-slate-800">
                {page.meta.total - rows.length} surat lagi tampil setelah yang di atas disetujui
                atau dikembalikan.
              </p>
            )}
            {/* Within the thumb's reach on a phone: fixed at the bottom; in the flow on a wide screen. */}
            <div className="fixed inset-x-0 bottom-0 z-20 border-t border-slate-300 bg-white p-3 shadow-[0_-2px_8px_rgba(0,0,0,0.08)] lg:static lg:mt-6 lg:border-0 lg:bg-transparent lg:p-0 lg:shadow-none">
              <Button
                block
                className="min-h-12 text-lg lg:w-auto"
                disabled={chosen.length === 0}
                aria-describedby="setujui-hint"
                onClick={() => setApproving(chosen)}
              >
                {chosen.length === 0 ? 'Setujui surat terpilih' : `Setujui ${chosen.length} surat`}
              </Button>
              <p id="setujui-hint" className="mt-1 text-center text-sm text-slate-700 lg:text-left">
                {chosen.length === 0
                  ? 'Pilih surat yang sudah Anda buka.'
                  : chosen.map((r) => r.reference).join(', ')}
              </p>
            </div>
          </>
        )}
      </div>
      <ApproveDialog
        letters={approving}
        hasPin={me?.has_pin ?? false}
        onClose={() => setApproving([])}
        onStale={() => void mutate()}
        onApproved={(result) => {
          setApproving([]);
          setPicked(new Set());
          setAnswer(result);
          window.scrollTo?.({ top: 0 });
        }}
      />
    </AdminPage>
  );
}
