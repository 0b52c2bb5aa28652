import type { PasswordOwner } from '@balai/domain';
import { useEffect, useState } from 'react';
import type { Strength, estimateStrength } from './password-strength.ts';

/** The estimator, loaded once on first use (a chunk of its own, never in the first load). */
let estimator: Promise<{ estimateStrength: typeof estimateStrength }> | undefined;
const loadEstimator = () => (estimator ??= import('./password-strength.ts'));

const LEVELS = [
  // Colours the public stylesheet already has (bars are a 4 px bottom border): the hint adds no
  // CSS to the first load.
  { label: 'Sangat lemah', bar: 'border-red-700', text: 'text-red-800' },
  { label: 'Lemah', bar: 'border-red-700', text: 'text-red-800' },
  { label: 'Cukup', bar: 'border-amber-600', text: 'text-amber-900' },
  { label: 'Kuat', bar: 'border-emerald-700', text: 'text-emerald-800' },
  { label: 'Sangat kuat', bar: 'border-emerald-700', text: 'text-emerald-800' },
] as const;

export interface PasswordHintProps {
  /** The new password as typed. */
  password: string;
  /** What is known of the person it is for: a password built from it is refused. */
  owner?: PasswordOwner;
  /** The id the password input points at with `aria-describedby`. */
  id: string;
}

/**
 * A strength hint under a new-password input while it is typed (issue 25.5): a five-step bar,
 * its word ("Lemah", "Kuat"), and why — the server's own refusal when it would refuse it (a
 * common password, one built from the person's name, NIK, birth date or e-mail), else zxcvbn's
 * advice. The estimator is loaded on the first character typed.
 */
export function PasswordHint({ password, owner, id }: PasswordHintProps) {
  // The estimate with the password and owner it is for: a stale one is never shown.
  const [estimate, setEstimate] = useState<{ key: string; strength: Strength } | null>(null);
  const ownerKey = JSON.stringify(owner ?? {});
  const key = `${ownerKey}\u0000${password}`;

  useEffect(() => {
    if (!password) return;
    let current = true;
    void loadEstimator().then((m) => {
      if (!current) return;
      const strength = m.estimateStrength(password, JSON.parse(ownerKey) as PasswordOwner);
      setEstimate({ key: `${ownerKey}\u0000${password}`, strength });
    });
    return () => {
      current = false;
    };
  }, [password, ownerKey]);

  const strength = password && estimate?.key === key ? estimate.strength : null;
  const level = strength ? LEVELS[strength.score] : null;
  const why = strength?.refusal ?? strength?.warning ?? strength?.suggestions[0] ?? null;
  return (
    <div id={id} aria-live="polite" className="-mt-4 mb-6 min-h-9 text-sm">
      {strength && level && (
        <>
          <div className="flex gap-1" aria-hidden="true">
            {LEVELS.slice(1).map((l, i) => (
              <span
                key={l.label}
                className={`flex-1 border-b-4 ${i < Math.max(1, strength.score) ? level.bar : 'border-slate-200'}`}
              />
            ))}
          </div>
          <p className={`mt-1 font-semibold ${level.text}`}>Kekuatan kata sandi: {level.label}</p>
          {why && <p className="text-slate-800">{why}</p>}
        </>
      )}
    </div>
  );
}
