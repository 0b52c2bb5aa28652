import {
  ADMIN_ROLE,
  RESIDENT_ROLE,
  LETTER_STATUS_MEANINGS,
  formatDateTimeId,
  formatFieldValue,
  letterSchema,
  letterTypeByCode,
  requestReference,
  type LetterType,
} from '@balai/domain';
import { Fragment, useRef, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { DefinitionForm, toRawValues } from '../../../components/form/definition-form.tsx';
import { useToast } from '../../../components/toast/toast-context.ts';
import { Button } from '../../../components/ui/button.tsx';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/load-state.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { errorMessage, httpStatus } from '../../../lib/http-client.ts';
import { usePageMeta } from '../../../lib/page-meta.ts';
import { paths } from '../../../lib/paths.ts';
import { Timeline } from '../../../components/letters/timeline.tsx';
import { ApplicantRows } from './applicant-block.tsx';
import { Confirmation } from './confirmation.tsx';
import { DownloadButton } from './download-button.tsx';
import { RequirementUploads } from './requirement-uploads.tsx';
import { StatusTag } from './status-tag.tsx';
import { SummaryList } from './summary-list.tsx';
import type { LetterEvent, LetterRequestDetail } from '@balai/domain/contract';
import { useLetterActions, useLetterRequest } from '../../../api/letters.ts';

/** Who made a change, as the resident is told: themselves or the village office. */
function residentActor(event: LetterEvent): string {
  if (event.actor_role === RESIDENT_ROLE) return 'Anda';
  if (event.actor_role === ADMIN_ROLE) return 'Petugas desa';
  return 'Sistem';
}

/** /service/{type}/{id}: one of the resident's requests, its progress and what they can do. */
export function RequestDetailPage() {
  const { type: code = '', id = '' } = useParams();
  const type = letterTypeByCode(code);
  const validId = /^[1-9]\d{0,15}$/.test(id);
  const { request, error, isLoading, mutate } = useLetterRequest(validId ? type : undefined, id);
  const reference = type && validId ? requestReference(type.code, Number(id)) : 'Permohonan';
  usePageMeta(request ? `${request.letter_title} ${reference}` : reference);

  const notFound = !type || !validId || (error !== undefined && httpStatus(error) === 404);
  if (notFound) {
    return (
      <Shell title="Permohonan tidak ditemukan">
        <p className="mt-4 text-lg text-slate-800">
          Permohonan ini tidak ada atau bukan milik akun Anda.
        </p>
        <Button href={type ? paths.serviceType(type.code) : paths.service} className="mt-6">
          {type ? `Kembali ke layanan ${type.name}` : 'Lihat semua layanan'}
        </Button>
      </Shell>
    );
  }
  if (error && !request) {
    return (
      <Shell title={reference}>
        <div className="mt-6">
          <ErrorBlock error={error} onRetry={() => void mutate()} />
        </div>
      </Shell>
    );
  }
  if (isLoading || !request) return <LoadingBlock />;
  return <RequestDetail type={type} request={request} />;
}

function Shell({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold text-slate-900">{title}</h1>
      {children}
    </div>
  );
}

function RequestDetail({ type, request }: { type: LetterType; request: LetterRequestDetail }) {
  const [editing, setEditing] = useState(false);
  const [cancelOpen, setCancelOpen] = useState(false);
  const toast = useToast();
  const actions = useLetterActions();
  const reference = requestReference(type.code, request.id);
  const cancel = request.actions.find((a) => a.status === 'cancelled');
  const resubmits = request.status === 'needs_revision';
  // Just sent (the check step replaced its address with this one): the confirmation on top.
  const [params] = useSearchParams();
  const justSent = params.get('terkirim') === '1';

  if (editing) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
        <h1 className="text-3xl font-bold text-slate-900">Ubah permohonan {reference}</h1>
        <p className="mt-2 text-lg text-slate-700">{request.letter_title}</p>
        {request.note && resubmits && (
          <OfficeNote note={request.note} title="Yang perlu dilengkapi" />
        )}
        <div className="mt-8">
          <DefinitionForm
            fields={type.fields}
            schema={letterSchema(type)}
            defaultValues={toRawValues(type.fields, request.fields)}
            submitLabel={resubmits ? 'Kirim ulang permohonan' : 'Simpan perubahan'}
            onSubmit={async (values) => {
              await actions.update(type, request.id, values);
              setEditing(false);
              window.scrollTo(0, 0);
              toast.success(
                resubmits
                  ? 'Permohonan dikirim ulang ke petugas desa.'
                  : 'Perubahan permohonan disimpan.',
              );
            }}
            secondary={
              <Button variant="outlined" onClick={() => setEditing(false)}>
                Batal
              </Button>
            }
          />
        </div>
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <nav aria-label="Remah roti" className="text-sm">
        <Link
          to={paths.serviceType(type.code)}
          className="text-brand-800 underline underline-offset-4"
        >
          Layanan {type.name}
        </Link>
      </nav>
      <p className="mt-4 text-lg text-slate-700">{request.letter_title}</p>
      <h1 className="text-3xl font-bold text-slate-900">
        Permohonan <span className="whitespace-nowrap">{reference}</span>
      </h1>
      <p className="mt-3 flex flex-wrap items-center gap-3 text-slate-700">
        <StatusTag status={request.status} />
        <span>Diajukan {formatDateTimeId(request.created_at)}</span>
      </p>

      {justSent && <Confirmation type={type} request={request} />}

      <StatusPanel type={type} request={request} />

      {(request.editable || cancel) && (
        <div className="mt-6 flex flex-wrap gap-3">
          {request.editable && (
            <Button onClick={() => setEditing(true)}>
              {resubmits ? 'Perbaiki dan kirim ulang' : 'Ubah permohonan'}
            </Button>
          )}
          {cancel && (
            <Button variant="outlined" onClick={() => setCancelOpen(true)}>
              Batalkan permohonan
            </Button>
          )}
        </div>
      )}

      <section aria-labelledby="riwayat-status" className="mt-10">
        <h2 id="riwayat-status" className="text-2xl font-bold text-slate-900">
          Riwayat status
        </h2>
        <Timeline events={request.events} actor={residentActor} />
      </section>

      <section aria-labelledby="isian-surat" className="mt-10">
        <h2 id="isian-surat" className="text-2xl font-bold text-slate-900">
          Isian surat
        </h2>
        <div className="mt-3">
          <SummaryList
            rows={type.fields.map((f) => ({
              key: f.name,
              label: f.label,
              value: formatFieldValue(f, request.fields[f.name]),
            }))}
          />
        </div>
      </section>

      <RequirementUploads
        type={type}
        scope={{ kind: 'request', base: type.base, requestId: request.id }}
        editable={request.editable}
      />

      <section aria-labelledby="data-pemohon" className="mt-10">
        <h2 id="data-pemohon" className="text-2xl font-bold text-slate-900">
          Data pemohon
        </h2>
        <p className="mt-1 text-slate-700">Sesuai profil saat permohonan diajukan.</p>
        <div className="mt-3">
          <ApplicantRows applicant={request.applicant} />
        </div>
      </section>

      <CancelDialog
        open={cancelOpen}
        onClose={() => setCancelOpen(false)}
        onConfirm={async () => {
          await actions.changeStatus(type, request.id, 'cancelled');
          toast.success('Permohonan dibatalkan.');
        }}
      />
    </div>
  );
}

/**
 * A letter number that wraps only after a slash ("500/001/3201012001/XI/2026"), never inside
 * one of its parts.
 */
function LetterNumber({ number }: { number: string | null }) {
  if (!number) return null;
  const parts = number.split('/');
  return parts.map((part, i) => (
    <Fragment key={i}>
      <span className="whitespace-nowrap">
        {part}
        {i < parts.length - 1 && '/'}
      </span>
      {i < parts.length - 1 && <wbr />}
    </Fragment>
  ));
}

function OfficeNote({ title, note }: { title: string; note: string }) {
  return (
    <div className="mt-6 border-l-4 border-amber-600 bg-amber-50 p-4 text-slate-900">
      <h2 className="font-bold">{title}</h2>
      <p className="mt-1 whitespace-pre-line break-words">{note}</p>
    </div>
  );
}

/** What the status means for the resident now, with the letter once it is issued. */
function StatusPanel({ type, request }: { type: LetterType; request: LetterRequestDetail }) {
  switch (request.status) {
    case 'needs_revision':
      return <OfficeNote title="Perlu dilengkapi" note={request.note ?? 'Lihat riwayat status.'} />;
    case 'rejected':
      return (
        <OfficeNote title="Permohonan ditolak" note={request.note ?? 'Lihat riwayat status.'} />
      );
    case 'submitted':
      return (
        <p className="mt-6 text-lg text-slate-800">
          Permohonan menunggu diperiksa petugas desa. Anda masih dapat mengubah atau membatalkannya.
        </p>
      );
    case 'processing':
      return (
        <p className="mt-6 text-lg text-slate-800">
          Petugas desa sedang memproses surat Anda. Anda mendapat notifikasi saat surat terbit.
        </p>
      );
    case 'awaiting_signature':
      return (
        <p className="mt-6 text-lg text-slate-800">{LETTER_STATUS_MEANINGS.awaiting_signature}</p>
      );
    case 'cancelled':
      return <p className="mt-6 text-lg text-slate-800">Permohonan ini sudah dibatalkan.</p>;
    case 'completed':
      return (
        <section
          aria-labelledby="surat-terbit"
          className="mt-6 rounded-md border-2 border-emerald-700 bg-emerald-50 p-5"
        >
          <h2 id="surat-terbit" className="text-xl font-bold text-slate-900">
            Surat sudah terbit
          </h2>
          <dl className="mt-2 space-y-1 text-slate-900">
            <div>
              <dt className="inline font-semibold">Nomor surat: </dt>
              <dd className="inline" data-testid="nomor-surat">
                <LetterNumber number={request.number} />
              </dd>
            </div>
            {request.issued_at && (
              <div>
                <dt className="inline font-semibold">Diterbitkan: </dt>
                <dd className="inline">{formatDateTimeId(request.issued_at)}</dd>
              </div>
            )}
          </dl>
          <div className="mt-4 flex flex-wrap items-center gap-4">
            {request.pdf && (
              <DownloadButton
                url={request.pdf.url}
                fileName={`${type.pdfTitle.toLowerCase().replace(/\s+/g, '-')}.pdf`}
              />
            )}
            {request.verify_url && (
              <Link
                to={new URL(request.verify_url).pathname}
                className="font-semibold text-brand-800 underline underline-offset-4"
              >
                Cek keaslian surat
              </Link>
            )}
          </div>
          <p className="mt-3 text-sm text-slate-700">
            Surat ini sah tanpa perlu diambil ke kantor desa: siapa pun dapat memeriksa keasliannya
            dengan memindai kode QR pada surat.
          </p>
        </section>
      );
  }
}

function CancelDialog({
  open,
  onClose,
  onConfirm,
}: {
  open: boolean;
  onClose: () => void;
  onConfirm: () => Promise<void>;
}) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const keepRef = useRef<HTMLButtonElement>(null);
  async function confirm() {
    setBusy(true);
    setFailure(null);
    try {
      await onConfirm();
      onClose();
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }
  return (
    <Modal
      open={open}
      onClose={() => !busy && onClose()}
      title="Batalkan permohonan?"
      description="Permohonan yang dibatalkan tidak dapat dilanjutkan. Jika perlu, Anda dapat mengajukan permohonan baru."
      role="alertdialog"
      initialFocusRef={keepRef}
      footer={
        <>
          <Button ref={keepRef} variant="outlined" onClick={onClose} disabled={busy}>
            Jangan batalkan
          </Button>
          <Button onClick={() => void confirm()} loading={busy}>
            Ya, batalkan
          </Button>
        </>
      }
    >
      {failure && (
        <p role="alert" className="font-semibold text-red-700">
          {failure}
        </p>
      )}
    </Modal>
  );
}
