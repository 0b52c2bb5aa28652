import { useLetterSubjects } from '../../../api/register-links.ts';
import type { SubjectChoice } from '../subject-choice.ts';

/**
 * "Untuk siapa surat ini?" (issue 21): a resident whose account is linked to the register files
 * for themselves or for a living member of their family (the same Kartu Keluarga). A member
 * who died or moved away is shown, not choosable, with the reason. Nothing shows for an account
 * not linked to the register, or for a person alone on their card.
 */
export function SubjectPicker({
  value,
  onChange,
}: {
  value: SubjectChoice | null;
  onChange: (choice: SubjectChoice | null) => void;
}) {
  const { subjects } = useLetterSubjects();
  const members = subjects?.linked ? subjects.data : [];
  if (members.length < 2) return null;
  const chosen = value?.person_id ?? members.find((m) => m.self)?.person_id;
  return (
    <fieldset className="mt-6" aria-describedby="untuk-hint">
      <legend className="text-xl font-bold text-slate-900">Untuk siapa surat ini?</legend>
      <p id="untuk-hint" className="mt-1 text-slate-700">
        Anda dapat mengajukan surat untuk diri sendiri atau anggota keluarga dalam Kartu Keluarga
        yang sama.
      </p>
      <div className="mt-3 space-y-2">
        {members.map((m) => {
          const id = `untuk-${m.person_id}`;
          const label = m.self ? `Diri saya sendiri (${m.name})` : m.name;
          return (
            <label
              key={m.person_id}
              htmlFor={id}
              className={`flex items-start gap-3 rounded-md border-2 p-3 ${
                m.allowed
                  ? 'cursor-pointer border-slate-300 has-[:checked]:border-brand-800 has-[:checked]:bg-brand-50'
                  : 'border-slate-200 bg-slate-50'
              }`}
            >
              <input
                id={id}
                type="radio"
                name="untuk"
                value={m.person_id}
                disabled={!m.allowed}
                checked={chosen === m.person_id}
                onChange={() =>
                  onChange(
                    m.self
                      ? null
                      : {
                          person_id: m.person_id,
                          name: m.name,
                          relationship: m.relationship,
                          nik_masked: m.nik_masked,
                        },
                  )
                }
                className="mt-1 size-5 accent-brand-800"
              />
              <span>
                <span className="block font-semibold text-slate-900">{label}</span>
                <span className="block text-slate-700">
                  {[m.relationship, `NIK berakhiran ${m.nik_masked.slice(-4)}`]
                    .filter(Boolean)
                    .join(' · ')}
                </span>
                {m.refusal && <span className="block text-red-800">{m.refusal}</span>}
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

/** The applicant of a family member's letter: from the register, as the check step shows it. */
export function SubjectApplicant({ choice }: { choice: SubjectChoice }) {
  return (
    <div className="mt-3 rounded-md border-l-4 border-brand-800 bg-brand-50 p-4 text-slate-900">
      <p className="font-semibold">
        Surat untuk {choice.name}
        {choice.relationship ? ` (${choice.relationship})` : ''}, NIK berakhiran{' '}
        {choice.nik_masked.slice(-4)}
      </p>
      <p className="mt-1 text-slate-700">
        Data pemohon diambil dari buku induk desa dan dicetak pada surat. Anda tercatat sebagai yang
        mengajukan.
      </p>
    </div>
  );
}
