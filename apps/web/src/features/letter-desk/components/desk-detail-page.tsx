import {
  ADMIN_ROLE,
  APPLICANT_FIELDS,
  ROLE_LABELS,
  ageInDays,
  canDeleteLetter,
  canEditLetter,
  formatAge,
  formatDateTimeId,
  formatFieldValue,
  isOverdue,
  requestReference,
  type ApplicantSnapshot,
  type LetterStatus,
  type LetterTransition,
  type LetterType,
} from '@balai/domain';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { AdminPage } from '../../../components/admin/admin-page.tsx';
import { Textarea } from '../../../components/form/textarea.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/load-state.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { adminPaths } from '../../../lib/admin-paths.ts';
import { errorMessage, httpStatus } from '../../../lib/http-client.ts';
import { StatusTag } from '../../../components/letters/status-tag.tsx';
import { SummaryList } from '../../../components/letters/summary-list.tsx';
import { Timeline } from '../../../components/letters/timeline.tsx';
import { downloadPdf } from '../../../api/download.ts';
import { useDeskActions, useDeskRequest } from '../api/desk-api.ts';
import { OverdueMark } from './desk-list-page.tsx';
import { ShortcutHelp, ShortcutHint } from './desk-shortcut-help.tsx';
import {
  ACTION_KEYS,
  DELETE_KEY,
  DOWNLOAD_KEY,
  EDIT_KEY,
  NOTE_PICKS,
  changedMessage,
  deskTransitions,
} from './status-actions.tsx';
import { useReviewShortcuts } from './use-review-shortcuts.ts';
import type { DeskEvent, DeskRequestDetail } from '../api/types.ts';

const group = (type: LetterType) => `service-${type.code}`;

interface Banner {
  kind: 'success' | 'error';
  title: string;
  text: string;
}

/** GOV.UK notification banner: what just happened, focused so it is read out. */
function NotificationBanner({ banner }: { banner: Banner }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), [banner]);
  const success = banner.kind === 'success';
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role={success ? 'status' : 'alert'}
      aria-labelledby="banner-title"
      className={`mb-6 rounded-md border-4 outline-none ${
        success ? 'border-emerald-700' : 'border-red-700'
      }`}
    >
      <p
        id="banner-title"
        className={`px-4 py-1 font-semibold text-white ${success ? 'bg-emerald-700' : 'bg-red-700'}`}
      >
        {banner.title}
      </p>
      <p className="bg-white px-4 py-3 text-lg font-semibold text-slate-900">{banner.text}</p>
    </div>
  );
}

/** Who acted, as the office reads it: the name and the role. */
function deskActor(event: DeskEvent): string {
  const role = event.actor_role ? ` (${ROLE_LABELS[event.actor_role] ?? event.actor_role})` : '';
  return `${event.actor_name ?? 'Sistem'}${role}`;
}

const ONLINE_LABEL = {
  required: 'foto wajib dikirim bersama permohonan',
  optional: 'foto atau dokumen di kantor desa',
  office: 'dibawa ke kantor desa',
} as const;

/** The requirements as a checklist the clerk ticks while checking (kept on this screen only). */
function RequirementChecklist({ type, request }: { type: LetterType; request: DeskRequestDetail }) {
  const [checked, setChecked] = useState<ReadonlySet<string>>(new Set());
  const photos = (key: string) =>
    (request.attachments ?? []).filter((a) => a.requirement === key).length;
  const done = checked.size;
  return (
    <section aria-labelledby="persyaratan" className="mt-8">
      <h2 id="persyaratan" className="text-xl font-bold text-slate-900">
        Persyaratan
      </h2>
      <p className="mt-1 text-slate-700" aria-live="polite">
        {done} dari {type.requirements.length} sudah diperiksa. Centang yang sudah Anda periksa;
        centang ini tidak disimpan.
      </p>
      <ul className="mt-3 divide-y divide-slate-200 border-y border-slate-200">
        {type.requirements.map((r) => {
          const id = `syarat-${r.key}`;
          const n = photos(r.key);
          return (
            <li key={r.key} className="flex items-start gap-3 py-3">
              <input
                id={id}
                type="checkbox"
                checked={checked.has(r.key)}
                onChange={(e) => {
                  const next = new Set(checked);
                  if (e.target.checked) next.add(r.key);
                  else next.delete(r.key);
                  setChecked(next);
                }}
                className="mt-0.5 size-6 shrink-0 accent-brand-800"
              />
              <div>
                <label htmlFor={id} className="font-semibold text-slate-900">
                  {r.label}
                </label>
                <p className="text-sm text-slate-700">
                  {ONLINE_LABEL[r.online]}
                  {n > 0 ? ` · ${n} foto terlampir` : ''}
                </p>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** The dialog of a change that needs a note: Minta Dilengkapi (what is missing), Tolak (why). */
function NoteDialog({
  transition,
  busy,
  onCancel,
  onConfirm,
}: {
  transition: LetterTransition | null;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (note: string) => void;
}) {
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const textRef = useRef<HTMLTextAreaElement>(null);
  if (!transition) return null;
  const rejecting = transition.to === 'rejected';
  const label = rejecting ? 'Alasan penolakan' : 'Yang perlu dilengkapi';
  const submit = () => {
    if (!note.trim()) {
      setError(`${label} wajib diisi.`);
      textRef.current?.focus();
      return;
    }
    onConfirm(note.trim());
  };
  return (
    <Modal
      open
      onClose={busy ? () => undefined : onCancel}
      title={rejecting ? 'Tolak permohonan?' : 'Minta pemohon melengkapi'}
      description={
        rejecting
          ? 'Alasan dikirim kepada pemohon dan tercatat di riwayat. Permohonan yang ditolak tidak dapat diproses lagi.'
          : 'Catatan dikirim kepada pemohon; setelah ia memperbaiki, permohonan kembali ke antrean.'
      }
      initialFocusRef={textRef}
      footer={
        <>
          <Button variant="outlined" onClick={onCancel} disabled={busy}>
            Batal
          </Button>
          <Button
            onClick={submit}
            loading={busy}
            className={rejecting ? 'bg-red-700 hover:bg-red-800' : undefined}
          >
            {transition.actionLabel}
          </Button>
        </>
      }
    >
      <Textarea
        ref={textRef}
        name="note"
        label={label}
        value={note}
        maxLength={1000}
        error={error ?? undefined}
        onChange={(e) => {
          setNote(e.target.value);
          if (error) setError(null);
        }}
      />
      {NOTE_PICKS[transition.to] && (
        <fieldset>
          <legend className="mb-2 font-semibold text-slate-900">Alasan yang sering dipakai</legend>
          <div className="flex flex-wrap gap-2">
            {NOTE_PICKS[transition.to]!.map((pick) => (
              <button
                key={pick}
                type="button"
                onClick={() => {
                  setNote((n) => (n.trim() ? `${n.trim()}\n${pick}` : pick));
                  setError(null);
                }}
                className="min-h-11 rounded-md border-2 border-slate-400 bg-white px-3 py-1 text-left text-sm text-slate-900 hover:border-brand-800"
              >
                {pick}
              </button>
            ))}
          </div>
        </fieldset>
      )}
    </Modal>
  );
}

/**
 * The letter as it will be printed (a draft without a number, never stored), then "Terbitkan":
 * the clerk issues only after seeing it.
 */
function IssuePreview({
  type,
  request,
  transition,
  busy,
  onCancel,
  onIssue,
}: {
  type: LetterType;
  request: DeskRequestDetail;
  transition: LetterTransition;
  busy: boolean;
  onCancel: () => void;
  onIssue: () => void;
}) {
  const actions = useDeskActions(type);
  const [url, setUrl] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    headingRef.current?.focus();
    let href: string | null = null;
    let live = true;
    actions.preview(request.id).then(
      (blob) => {
        if (!live) return;
        href = URL.createObjectURL(blob);
        setUrl(href);
      },
      (e: unknown) => live && setFailure(errorMessage(e)),
    );
    return () => {
      live = false;
      if (href) URL.revokeObjectURL(href);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per request shown
  }, [request.id, request.updated_at]);
  return (
    <section
      aria-labelledby="pratinjau"
      className="mt-6 rounded-lg border-2 border-brand-800 bg-white p-4"
    >
      <h2
        id="pratinjau"
        ref={headingRef}
        tabIndex={-1}
        className="text-xl font-bold text-slate-900 outline-none"
      >
        Periksa surat sebelum diterbitkan
      </h2>
      <p className="mt-1 text-slate-700">
        Ini pratinjau (draf): belum bernomor dan tidak disimpan.{' '}
        {transition.to === 'awaiting_signature'
          ? 'Nomor surat diberikan saat Kepala Desa menyetujuinya.'
          : 'Nomor surat diberikan saat Anda menerbitkannya.'}
      </p>
      {failure ? (
        <p role="alert" className="mt-3 border-l-4 border-red-700 bg-red-50 p-3 text-red-900">
          Pratinjau tidak dapat dibuat: {failure}
        </p>
      ) : url ? (
        <>
          <iframe
            src={url}
            title={`Pratinjau draf ${type.pdfTitle}`}
            className="mt-3 h-[70vh] w-full rounded border border-slate-300"
          />
          <p className="mt-2">
            <a
              href={url}
              target="_blank"
              rel="noreferrer"
              className="text-brand-800 underline underline-offset-2"
            >
              Buka pratinjau di tab baru
            </a>
          </p>
        </>
      ) : (
        <LoadingBlock label="Menyiapkan pratinjau…" />
      )}
      <div className="mt-4 flex flex-wrap gap-3">
        <Button onClick={onIssue} loading={busy} disabled={!url}>
          {transition.actionLabel} sekarang
        </Button>
        <Button variant="outlined" onClick={onCancel} disabled={busy}>
          Batal
        </Button>
      </div>
    </section>
  );
}

function applicantRows(applicant: ApplicantSnapshot) {
  return APPLICANT_FIELDS.map((f) => ({
    key: f.name,
    label: f.label,
    value: formatFieldValue(f, applicant[f.name as keyof ApplicantSnapshot]),
  }));
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
  renderAttachments?: (request: DeskRequestDetail) => ReactNode;
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
  request: DeskRequestDetail;
  crumbs: { label: string; to?: string }[];
  reload: () => void;
  renderAttachments?: (request: DeskRequestDetail) => ReactNode;
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
          <section aria-labelledby="pemohon">
            <div className="flex flex-wrap items-center gap-3">
              <h2 id="pemohon" className="text-xl font-bold text-slate-900">
                Data pemohon
              </h2>
              {request.applicant_verified ? (
                <strong className="rounded bg-emerald-100 px-2 py-0.5 text-sm font-bold text-emerald-900">
                  Terverifikasi
                </strong>
              ) : (
                <span className="rounded bg-slate-200 px-2 py-0.5 text-sm font-bold text-slate-800">
                  Belum terverifikasi
                </span>
              )}
            </div>
            <p className="mt-1 text-slate-700">
              Data saat permohonan diajukan, seperti dicetak pada surat.{' '}
              {request.applicant_user_id !== null ? (
                <Link
                  to={adminPaths.userEdit(request.applicant_user_id)}
                  className="text-brand-800 underline underline-offset-2"
                >
                  Lihat akun warga
                </Link>
              ) : (
                'Pemohon tanpa akun (diisi petugas).'
              )}
            </p>
            <div className="mt-3">
              <SummaryList rows={applicantRows(request.applicant)} />
            </div>
          </section>

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
