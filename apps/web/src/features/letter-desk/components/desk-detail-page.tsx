import { RegisterLinkSection } from './register-link-section.tsx';
import {
  ADMIN_ROLE,
  ROLE_LABELS,
  ageInDays,
  canDeleteLetter,
  canEditLetter,
  formatAge,
  formatDateTimeId,
  formatFieldValue,
  isOverdue,
  requestReference,
  type LetterStatus,
  type LetterTransition,
  type LetterType,
} from '@balai/domain';
import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { AdminPage } from '../../../components/admin/admin-page.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/load-state.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { adminPaths } from '../../../lib/admin-paths.ts';
import { errorMessage, httpStatus } from '../../../lib/http-client.ts';
import { StatusTag } from '../../../components/letters/status-tag.tsx';
import { SummaryList } from '../../../components/letters/summary-list.tsx';
import { Timeline } from '../../../components/letters/timeline.tsx';
import { downloadPdf } from '../../../api/download.ts';
import { ApplicantSection } from './applicant-section.tsx';
import { OverdueMark } from './desk-list-page.tsx';
import { ShortcutHelp, ShortcutHint } from './desk-shortcut-help.tsx';
import { IssuePreview } from './issue-preview.tsx';
import { NoteDialog } from './note-dialog.tsx';
import { NotificationBanner, type Banner } from './notification-banner.tsx';
import { RequirementChecklist } from './requirement-checklist.tsx';
import { RequestNotices } from './request-notices.tsx';
import {
  ACTION_KEYS,
  DELETE_KEY,
  DOWNLOAD_KEY,
  EDIT_KEY,
  changedMessage,
  deskTransitions,
} from './status-actions.tsx';
import { useReviewShortcuts } from './use-review-shortcuts.ts';
import type { LetterEvent, LetterRequestDetail } from '@balai/domain/contract';
import { useDeskActions, useDeskRequest } from '../../../api/letter-desk.ts';

const group = (type: LetterType) => `service-${type.code}`;

/** Who acted, as the office reads it: the name and the role. */
function deskActor(event: LetterEvent): string {
  const role = event.actor_role ? ` (${ROLE_LABELS[event.actor_role] ?? event.actor_role})` : '';
  return `${event.actor_name ?? 'Sistem'}${role}`;
}

/** `/admin/service-{type}/{id}`: one request as the office reviews and decides it. */
export function DeskDetailPage({
  type,
  id,
  renderAttachments,
}: {
  type: LetterType;
  id: number;
  /** The request's photos (composed in by the app: the resident's feature draws them). */
  renderAttachments?: (request: LetterRequestDetail) => ReactNode;
}) {
  const { request, error, isLoading, mutate } = useDeskRequest(type, id);
  const reference = requestReference(type.code, id);
  const crumbs = [
    { label: 'Layanan', to: adminPaths.desks },
    { label: type.title, to: adminPaths.list(group(type)) },
    { label: reference },
  ];
  if (error !== undefined && !request) {
    return (
      <AdminPage
        title={httpStatus(error) === 404 ? 'Permohonan tidak ditemukan' : reference}
        breadcrumbs={crumbs}
      >
        {httpStatus(error) === 404 ? (
          <>
            <p className="text-lg text-slate-800">
              Permohonan {reference} tidak ada atau sudah dihapus.
            </p>
            <Button href={adminPaths.list(group(type))} className="mt-4">
              Kembali ke daftar {type.title}
            </Button>
          </>
        ) : (
          <ErrorBlock error={error} onRetry={() => void mutate()} />
        )}
      </AdminPage>
    );
  }
  if (isLoading || !request) {
    return (
      <AdminPage title={reference} breadcrumbs={crumbs}>
        <LoadingBlock />
      </AdminPage>
    );
  }
  return (
    <DeskReview
      type={type}
      request={request}
      crumbs={crumbs}
      reload={() => void mutate()}
      renderAttachments={renderAttachments}
    />
  );
}

function DeskReview({
  type,
  request,
  crumbs,
  reload,
  renderAttachments,
}: {
  type: LetterType;
  request: LetterRequestDetail;
  crumbs: { label: string; to?: string }[];
  reload: () => void;
  renderAttachments?: (request: LetterRequestDetail) => ReactNode;
}) {
  const actions = useDeskActions(type);
  const navigate = useNavigate();
  const [banner, setBanner] = useState<Banner | null>(null);
  const [noteFor, setNoteFor] = useState<LetterTransition | null>(null);
  const [issuing, setIssuing] = useState<LetterTransition | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [busy, setBusy] = useState(false);
  const reference = requestReference(type.code, request.id);
  const now = new Date();
  const transitions = deskTransitions(request.status, request.actions);

  async function change(to: LetterStatus, note: string | null) {
    setBusy(true);
    try {
      const updated = await actions.changeStatus(request.id, to, note);
      setBanner({ kind: 'success', title: 'Berhasil', text: changedMessage(to, updated.number) });
      setNoteFor(null);
      setIssuing(null);
    } catch (e) {
      // Lost a race (409) or refused: say why, and show the request as it is now.
      setBanner({ kind: 'error', title: 'Tidak berhasil', text: errorMessage(e) });
      setNoteFor(null);
      setIssuing(null);
      if (httpStatus(e) === 409) await actions.refresh(request.id);
    } finally {
      setBusy(false);
    }
  }

  async function remove() {
    setBusy(true);
    try {
      await actions.remove(request.id);
      void navigate(adminPaths.list(group(type)), {
        state: { deleted: reference },
      });
    } catch (e) {
      setBanner({ kind: 'error', title: 'Tidak berhasil', text: errorMessage(e) });
      setDeleting(false);
      if (httpStatus(e) === 409) reload();
    } finally {
      setBusy(false);
    }
  }

  const onAction = (t: LetterTransition) => {
    setBanner(null);
    // Issuing, or sending to the Kepala Desa to sign: the draft first (issue 15).
    if (t.to === 'completed' || t.to === 'awaiting_signature') setIssuing(t);
    else if (t.noteRequired) setNoteFor(t);
    else void change(t.to, null);
  };

  const downloadLetter = () => {
    const pdf = request.pdf;
    if (!pdf) return;
    setBusy(true);
    downloadPdf(pdf.url, `${reference}.pdf`)
      .catch((e: unknown) =>
        setBanner({ kind: 'error', title: 'Tidak berhasil', text: errorMessage(e) }),
      )
      .finally(() => setBusy(false));
  };

  // The same actions from the keyboard (p, m, t, s, e, d, h), j/k through the queue, u back.
  const keyboard = useReviewShortcuts({
    type,
    request,
    transitions,
    busy,
    issuing: issuing !== null,
    onAction,
    onCancelIssue: () => setIssuing(null),
    onDownload: downloadLetter,
    onDelete: () => setDeleting(true),
  });

  const fieldRows = type.fields.map((f) => ({
    key: f.name,
    label: f.label,
    value: formatFieldValue(f, request.fields[f.name]),
  }));

  return (
    <AdminPage title={`Permohonan ${reference}`} breadcrumbs={crumbs} lead={request.letter_title}>
      {banner && <NotificationBanner banner={banner} />}

      <section aria-labelledby="status" className="rounded-lg border border-slate-200 bg-white p-4">
        <h2 id="status" className="sr-only">
          Status
        </h2>
        <div className="flex flex-wrap items-center gap-3">
          <StatusTag status={request.status} />
          <span className="text-slate-700">
            Diajukan{' '}
            <time dateTime={request.created_at}>{formatDateTimeId(request.created_at)}</time> (
            {ageInDays(request.created_at, now) === 0
              ? 'hari ini'
              : `${formatAge(ageInDays(request.created_at, now))} lalu`}
            )
          </span>
          {isOverdue(type, request, now) && <OverdueMark type={type} />}
        </div>
        {request.number && (
          <p className="mt-2 text-slate-900">
            <span className="font-semibold">Nomor surat:</span> {request.number}
          </p>
        )}
        {request.note && (
          <p className="mt-2 whitespace-pre-line break-words text-slate-900">
            <span className="font-semibold">Catatan terakhir:</span> {request.note}
          </p>
        )}
        <div className="mt-4 flex flex-wrap gap-2" role="group" aria-label="Tindakan">
          {transitions.map((t) => (
            <Button
              key={t.to}
              onClick={() => onAction(t)}
              aria-keyshortcuts={ACTION_KEYS[t.actionLabel]}
              disabled={busy || issuing !== null}
              variant={t.to === 'rejected' ? 'outlined' : 'filled'}
              className={t.to === 'rejected' ? 'border-red-700 text-red-800' : undefined}
            >
              {t.actionLabel}
            </Button>
          ))}
          {canEditLetter(request.status, ADMIN_ROLE) && (
            <Button
              variant="outlined"
              href={adminPaths.edit(group(type), request.id)}
              aria-keyshortcuts={EDIT_KEY}
            >
              Ubah isian
            </Button>
          )}
          {request.status === 'completed' && request.pdf && (
            <Button
              variant="outlined"
              loading={busy}
              onClick={downloadLetter}
              aria-keyshortcuts={DOWNLOAD_KEY}
            >
              Unduh PDF
            </Button>
          )}
          {canDeleteLetter(request.status) && (
            <Button
              variant="outlined"
              className="border-red-700 text-red-800"
              onClick={() => setDeleting(true)}
              aria-keyshortcuts={DELETE_KEY}
              disabled={busy}
            >
              Hapus
            </Button>
          )}
        </div>
        <ShortcutHint onOpen={keyboard.openHelp} className="mt-2" />
        <ShortcutHelp
          open={keyboard.helpOpen}
          onClose={keyboard.closeHelp}
          shortcuts={keyboard.shortcuts}
        />
      </section>

      {issuing && (
        <IssuePreview
          type={type}
          request={request}
          transition={issuing}
          busy={busy}
          onCancel={() => setIssuing(null)}
          onIssue={() => void change(issuing.to, null)}
        />
      )}

      <div className="mt-8 grid gap-8 lg:grid-cols-[3fr_2fr]">
        <div className="min-w-0">
          <ApplicantSection request={request} />
          <RegisterLinkSection request={request} />

          <section aria-labelledby="isian" className="mt-8">
            <h2 id="isian" className="text-xl font-bold text-slate-900">
              Isian surat
            </h2>
            <div className="mt-3">
              <SummaryList rows={fieldRows} />
            </div>
          </section>

          <RequirementChecklist type={type} request={request} />
          {renderAttachments && (
            <section aria-labelledby="foto-dokumen" className="mt-8">
              <h2 id="foto-dokumen" className="text-xl font-bold text-slate-900">
                Foto dokumen
              </h2>
              {renderAttachments(request)}
            </section>
          )}
        </div>

        <section aria-labelledby="riwayat" className="min-w-0">
          <h2 id="riwayat" className="text-xl font-bold text-slate-900">
            Riwayat
          </h2>
          <Timeline events={request.events} actor={deskActor} />
          <RequestNotices requestId={request.id} />
        </section>
      </div>

      <NoteDialog
        key={noteFor?.to ?? 'none'}
        transition={noteFor}
        busy={busy}
        onCancel={() => setNoteFor(null)}
        onConfirm={(note) => noteFor && void change(noteFor.to, note)}
      />

      <Modal
        open={deleting}
        onClose={() => !busy && setDeleting(false)}
        role="alertdialog"
        title={`Hapus permohonan ${reference}?`}
        description="Permohonan dan riwayatnya dihapus dan tidak dapat dikembalikan."
        footer={
          <>
            <Button variant="outlined" onClick={() => setDeleting(false)} disabled={busy}>
              Batal
            </Button>
            <Button
              onClick={() => void remove()}
              loading={busy}
              className="bg-red-700 hover:bg-red-800"
            >
              Hapus
            </Button>
          </>
        }
      />
    </AdminPage>
  );
}
