import { formatDateId, type ApiUser } from '@balai/domain';
import {
  IDENTITY_CORRECTION,
  PROFILE_GROUPS,
  PROFILE_LABELS,
  identityLocked,
  isLockedField,
  type ProfileField,
} from './profile-fields.ts';
import { VerifiedTag } from './verified-tag.tsx';

function display(profile: ApiUser, field: ProfileField): string {
  const value = profile[field];
  if (value === null || value === undefined || value === '') return 'Belum diisi';
  if (field === 'birth_date') return formatDateId(String(value));
  return String(value);
}

/** The profile as a GOV.UK summary list, one section per group. */
export function ProfileDetails({ profile }: { profile: ApiUser }) {
  return (
    <div className="space-y-8">
      {identityLocked(profile) && (
        <p className="rounded-md border-l-4 border-emerald-700 bg-emerald-50 p-4 text-emerald-900">
          {IDENTITY_CORRECTION}
        </p>
      )}
      {PROFILE_GROUPS.map((group) => (
        <section key={group.legend} aria-labelledby={`ringkasan-${group.legend}`}>
          <h2 id={`ringkasan-${group.legend}`} className="text-xl font-bold text-slate-900">
            {group.legend}
          </h2>
          <dl className="mt-3 divide-y divide-slate-200 border-y border-slate-200">
            {group.fields.map((field) => {
              const text = display(profile, field);
              return (
                <div key={field} className="py-3 sm:grid sm:grid-cols-3 sm:gap-4">
                  <dt className="font-semibold text-slate-900">
                    {PROFILE_LABELS[field]}
                    {isLockedField(profile, field) && <VerifiedTag />}
                  </dt>
                  <dd
                    className={`mt-1 break-words sm:col-span-2 sm:mt-0 ${
                      text === 'Belum diisi' ? 'italic text-slate-600' : 'text-slate-900'
                    }`}
                  >
                    {text}
                  </dd>
                </div>
              );
            })}
          </dl>
        </section>
      ))}
    </div>
  );
}
