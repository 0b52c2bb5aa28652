import { formatFieldValue, letterTypeByCode } from '@balai/domain';
import { useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { AdminPage } from '../../../components/admin/admin-page.tsx';
import { SummaryList } from '../../../components/letters/summary-list.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/load-state.tsx';
import { adminPaths } from '../../../lib/admin-paths.ts';
import { ApproveDialog } from './approve-dialog.tsx';
import { ApprovedPanel } from './approved-panel.tsx';
import { LetterPreview } from './letter-preview.tsx';
import { ReturnDialog } from './return-dialog.tsx';
import { NotSignerBlock, OnBehalfNote, waitingSince } from './signing-shared.tsx';
import type { QueueState } from './signing-queue-page.tsx';
import { markViewed, useViewedPreviews } from './viewed-previews.ts';
import type { ApproveAnswer, SigningQueueItem } from '@balai/domain/contract';
import { QUEUE_PER_PAGE, useSigningMe, useSigningQueue } from '../../../api/signing.ts';

const crumbs = (label: string) => [{ label: 'Tanda Tangan', to: adminPaths.signing }, { label }];

/** The letter's fields as text: what the preview says, readable on any phone. */
function fieldRows(item: SigningQueueItem) {
  const type = letterTypeByCode(item.type);
  if (!type) {
    return Object.entries(item.fields).map(([key, value]) => ({
      key,
      label: key,
      value: value === null ? null : String(value),
    }));
  }
  return type.fields.map((f) => ({
    key: f.name,
    label: f.label,
    value: formatFieldValue(f, item.fields[f.name]),
  }));
}

function LetterView({
  item,
  hasPin,
  onBehalf,
  onApproved,
  onStale,
}: {
  item: SigningQueueItem;
  hasPin: boolean;
  onBehalf: boolean;
  onApproved: (answer: ApproveAnswer) => void;
  onStale: () => void;
}) {
  const navigate = useNavigate();
  const viewed = useViewedPreviews().has(item.id);
  const [approving, setApproving] = useState(false);
  const [returning, setReturning] = useState(false);
  const [notViewed, setNotViewed] = useState(false);
  const previewRef = useRef<HTMLAnchorElement>(null);
  const letter = { id: item.id, reference: item.reference };

  const approve = () => {
    if (!viewed) {
      setNotViewed(true);
      previewRef.current?.focus();
      return;
    }
    setApproving(true);
  };

  return (
    <>
      {onBehalf && <OnBehalfNote />}
      {/* A phone: preview, note, applicant, fields, and the decisions stuck at the thumb. A wide
          screen: the PDF on the left, the decisions on top of the text on the right. */}
      <div className="lg:grid lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start lg:gap-6">
        <section
          aria-labelledby="pratinjau"
          className="rounded-lg border border-slate-300 bg-white p-4"
        >
          <h2 id="pratinjau" className="mb-3 text-xl font-bold text-slate-900">
            Pratinjau surat
          </h2>
          <LetterPreview
            previewUrl={item.preview_url}
            title={`Pratinjau draf ${item.letter_title} ${item.reference}`}
            viewed={viewed}
            onViewed={() => {
              markViewed(item.id);
              setNotViewed(false);
            }}
            buttonRef={previewRef}
            downloadName={`${item.reference}-pratinjau.pdf`}
          />
        </section>

        <div className="flex flex-col">
          <div className="sticky bottom-0 z-20 order-last -mx-4 mt-6 border-t border-slate-300 bg-white p-3 sm:mx-0 sm:rounded-lg sm:border lg:static lg:order-first lg:mt-0">
            {notViewed && (
              <p role="alert" className="mb-2 font-semibold text-red-900">
                Buka pratinjau surat dulu sebelum menyetujui.
              </p>
            )}
            <div className="flex flex-col gap-2 sm:flex-row lg:flex-col 2xl:flex-row">
              <Button block className="min-h-14 text-lg sm:flex-1" onClick={approve}>
                Setujui dan Terbitkan
              </Button>
              <Button
                variant="outlined"
                block
                className="min-h-12 border-red-700 text-red-800 hover:bg-red-50 sm:w-auto sm:px-8"
                onClick={() => setReturning(true)}
              >
                Kembalikan
              </Button>
            </div>
          </div>

          <section aria-labelledby="catatan-petugas" className="mt-6">
            <h2 id="catatan-petugas" className="text-xl font-bold text-slate-900">
              Catatan petugas
            </h2>
            <div className="mt-2 rounded-md border-l-8 border-violet-700 bg-violet-50 p-3 text-slate-900">
              <p className="whitespace-pre-line">{item.clerk_note ?? 'Tidak ada catatan.'}</p>
              <p className="mt-1 text-sm text-slate-700">
                {item.clerk?.name ? `${item.clerk.name} · ` : ''}diajukan {waitingSince(item)}
              </p>
            </div>
          </section>

          <section aria-labelledby="pemohon" className="mt-6">
            <h2 id="pemohon" className="mb-2 text-xl font-bold text-slate-900">
              Pemohon
            </h2>
            <SummaryList
              rows={[
                {
                  key: 'name',
                  label: 'Nama',
                  value: `${item.applicant.name}${item.applicant.verified ? ' (identitas terverifikasi)' : ''}`,
                },
                { key: 'nik', label: 'NIK', value: item.applicant.nik },
                { key: 'address', label: 'Alamat', value: item.applicant.address },
              ]}
            />
          </section>

          <section aria-labelledby="isian" className="mt-6">
            <h2 id="isian" className="mb-2 text-xl font-bold text-slate-900">
              Isian surat
            </h2>
            <SummaryList rows={fieldRows(item)} />
          </section>

          <p className="mt-4">
            <Link to={item.desk_url} className="text-brand-800 underline underline-offset-2">
              Lihat di meja layanan (riwayat dan lampiran)
            </Link>
          </p>
        </div>
      </div>

      <ApproveDialog
        letters={approving ? [letter] : []}
        hasPin={hasPin}
        onClose={() => setApproving(false)}
        onStale={onStale}
        onApproved={(answer) => {
          setApproving(false);
          onApproved(answer);
        }}
      />
      <ReturnDialog
        key={returning ? 'open' : 'closed'}
        letter={returning ? letter : null}
        onClose={() => setReturning(false)}
        onStale={onStale}
        onReturned={() => {
          setReturning(false);
          void navigate(adminPaths.signing, {
            state: { returned: item.reference } satisfies QueueState,
          });
        }}
      />
    </>
  );
}

/**
 * `/admin/signing/{id}` (the notifications link here): one letter awaiting signature, its
 * preview, the clerk's note, the applicant and the fields as text, and the two big buttons.
 */
export function SigningDetailPage() {
  const { id: raw = '' } = useParams();
  const id = Number(raw);
  const { me, error: meError, mutate: retryMe } = useSigningMe();
  const canSign = me?.can_sign === true;
  const { page, error, isLoading, mutate } = useSigningQueue(canSign);
  const [answer, setAnswer] = useState<ApproveAnswer | null>(null);
  const item = page?.data.find((r) => r.id === id);
  const next = page?.data.find((r) => r.id !== id);

  if (answer) {
    return (
      <AdminPage title="Surat disetujui" breadcrumbs={crumbs('Surat disetujui')}>
        <div className="max-w-2xl">
          <ApprovedPanel answer={answer} />
          <div className="flex flex-col gap-3 sm:flex-row">
            {next && (
              <Button href={adminPaths.signingLetter(next.id)} block className="min-h-12 sm:w-auto">
                Surat berikutnya: {next.reference}
              </Button>
            )}
            <Button
              href={adminPaths.signing}
              variant="outlined"
              block
              className="min-h-12 sm:w-auto"
            >
              Kembali ke antrean
            </Button>
          </div>
        </div>
      </AdminPage>
    );
  }

  const title = item ? `${item.reference} · ${item.type_title}` : 'Surat menunggu tanda tangan';
  return (
    <AdminPage
      title={title}
      breadcrumbs={crumbs(item?.reference ?? 'Surat')}
      lead={item ? `${item.letter_title} untuk ${item.applicant.name}` : undefined}
    >
      <div className="max-w-3xl lg:max-w-none">
        {meError != null && !me && <ErrorBlock error={meError} onRetry={() => void retryMe()} />}
        {!me && meError == null && <LoadingBlock />}
        {me && !canSign && <NotSignerBlock me={me} />}
        {canSign && error != null && !page && (
          <ErrorBlock error={error} onRetry={() => void mutate()} />
        )}
        {canSign && isLoading && !page && <LoadingBlock />}
        {canSign && page && !item && (
          <div role="status" className="rounded-md border-l-8 border-slate-500 bg-slate-50 p-4">
            <p className="font-semibold text-slate-900">
              Surat ini tidak lagi menunggu tanda tangan Anda.
            </p>
            <p className="mt-1 text-slate-800">
              {page.meta.total > QUEUE_PER_PAGE
                ? `Antrean berisi ${page.meta.total} surat; surat ini belum termasuk ${QUEUE_PER_PAGE} yang terlama, atau sudah disetujui atau dikembalikan.`
                : 'Surat sudah disetujui atau dikembalikan, mungkin dari perangkat lain.'}
            </p>
            <Button href={adminPaths.signing} variant="outlined" className="mt-3">
              Kembali ke antrean
            </Button>
          </div>
        )}
        {canSign && item && me && (
          <LetterView
            item={item}
            hasPin={me.has_pin}
            onBehalf={me.signs_on_behalf}
            onApproved={setAnswer}
            onStale={() => void mutate()}
          />
        )}
      </div>
    </AdminPage>
  );
}
