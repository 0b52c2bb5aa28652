/** How many of a NIK's digits the list shows: enough to tell two people apart at the counter. */
export const NIK_SHOWN_DIGITS = 4;

/**
 * A NIK in the list, all but its last 4 digits hidden: the list is open on an office screen
 * that residents at the counter can see, and a whole NIK is what the village's letters (and a
 * fraudster) need. The edit form shows it whole; search still finds it by the whole number.
 */
export function MaskedNik({ nik }: { nik: string | null }) {
  if (!nik) return <span className="text-slate-600">—</span>;
  const shown = nik.slice(-NIK_SHOWN_DIGITS);
  return (
    <span className="whitespace-nowrap tabular-nums">
      <span aria-hidden="true">••••</span>
      <span className="sr-only">berakhiran </span>
      {shown}
    </span>
  );
}

/** An e-mail address that may wrap before its "@" (and only there) when the table is tight. */
export function EmailCell({ email }: { email: string }) {
  const at = email.indexOf('@');
  if (at <= 0) return <>{email}</>;
  return (
    <>
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </>
  );
}

/** The letters' status tag's look and colours (no new CSS in the shared stylesheet). */
const TAG = 'inline-block rounded px-2 py-0.5 text-sm font-bold tracking-wide whitespace-nowrap';

/** Active or not, as a short tag (GOV.UK: status tags are adjectives). */
export function ActiveTag({ active }: { active: boolean }) {
  return active ? (
    <strong className={`${TAG} bg-sky-100 text-sky-900`}>Aktif</strong>
  ) : (
    <strong className={`${TAG} bg-slate-200 text-slate-800`}>Nonaktif</strong>
  );
}

/** Whether the office has checked the identity against the KTP and KK. */
export function VerifiedTag({ verified }: { verified: boolean }) {
  return verified ? (
    <strong className={`${TAG} bg-emerald-100 text-emerald-900`}>Terverifikasi</strong>
  ) : (
    <strong className={`${TAG} bg-amber-100 text-amber-950`}>Belum</strong>
  );
}
