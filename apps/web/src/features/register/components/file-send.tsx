/**
 * Where a file being sent is: its bytes going up (XHR upload progress, 0 to 1), then the server
 * reading and checking it (no figure to show: the bar runs without a value), then done.
 */
export type SendPhase =
  { step: 'idle' } | { step: 'sending'; share: number } | { step: 'checking' } | { step: 'done' };

/** The phase after an upload progress event: all bytes sent means the server is checking. */
export function phaseFromShare(share: number): SendPhase {
  return share >= 1 ? { step: 'checking' } : { step: 'sending', share: Math.max(0, share) };
}

/** The progress bar and its words while a file is sent and checked; nothing otherwise. */
export function SendProgress({
  id,
  phase,
  checking,
}: {
  id: string;
  phase: SendPhase;
  /** What the server is doing once the file is up ("Memeriksa berkas…"). */
  checking: string;
}) {
  if (phase.step !== 'sending' && phase.step !== 'checking') return null;
  const percent = phase.step === 'sending' ? Math.round(Math.min(1, phase.share) * 100) : null;
  return (
    <div className="mt-4 max-w-md" aria-live="polite">
      <label htmlFor={id} className="block text-slate-900">
        {percent === null ? checking : `Mengirim berkas… ${percent}%`}
      </label>
      {percent === null ? (
        <progress id={id} className="mt-1 h-3 w-full accent-brand-800" />
      ) : (
        <progress id={id} max={100} value={percent} className="mt-1 h-3 w-full accent-brand-800" />
      )}
    </div>
  );
}
