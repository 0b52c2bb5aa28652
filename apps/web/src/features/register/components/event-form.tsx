import { schemaFromFields, todayIso, type EventKind, type FieldValues } from '@balai/domain';
import { useId, useMemo, useState } from 'react';
import { recordEvent, refreshRegister } from '../../../api/register.ts';
import { DefinitionForm, toRawValues } from '../../../components/form/definition-form.tsx';
import { useToast } from '../../../components/toast/toast-context.ts';
import { EVENT_KIND_OPTIONS, NEW_PERSON_KINDS, eventBody, eventFields } from '../event-fields.ts';
import { FamilyPicker, PersonPicker, type Subject } from './subject-picker.tsx';

/**
 * "Catat peristiwa": the kind, then who it is about (a living person for a death, a move out or
 * a loss; the family a baby is born into, or that an arrival joins), then the form generated
 * from the event's and the person's field definitions. Life status follows from the event.
 */
export function EventForm({ initialPerson }: { initialPerson: Subject | null }) {
  const id = useId();
  const toast = useToast();
  const [kind, setKind] = useState<EventKind>(initialPerson ? 'death' : 'birth');
  const [person, setPerson] = useState<Subject | null>(initialPerson);
  const [family, setFamily] = useState<Subject | null>(null);
  const [subjectError, setSubjectError] = useState<string | null>(null);
  const [round, setRound] = useState(0);
  const newPerson = NEW_PERSON_KINDS.includes(kind);
  const fields = eventFields(kind);
  const schema = useMemo(() => schemaFromFields(fields), [fields]);
  const today = todayIso();

  async function save(values: FieldValues) {
    if (!newPerson && !person) {
      setSubjectError('Pilih penduduk yang mengalami peristiwa ini.');
      throw { message: 'Pilih penduduk yang mengalami peristiwa ini.' };
    }
    if (kind === 'birth' && !family) {
      setSubjectError('Pilih keluarga tempat bayi lahir.');
      throw { message: 'Pilih keluarga tempat bayi lahir.' };
    }
    setSubjectError(null);
    const saved = await recordEvent(
      eventBody(kind, values, { personId: person?.id, familyId: family?.id }),
    );
    await refreshRegister();
    toast.success(`${saved.data.kind_label} ${saved.data.person_name} dicatat.`);
    setPerson(null);
    setFamily(null);
    setRound((n) => n + 1);
  }

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="rounded-lg border border-slate-200 bg-white p-4 sm:p-6"
    >
      <h2 id={`${id}-title`} className="mb-4 text-xl font-bold text-slate-900">
        Catat peristiwa
      </h2>
      <div className="mb-6">
        <label htmlFor={`${id}-kind`} className="block font-semibold text-slate-900">
          Jenis peristiwa
        </label>
        <select
          id={`${id}-kind`}
          value={kind}
          onChange={(e) => {
            setKind(e.target.value as EventKind);
            setSubjectError(null);
          }}
          className="mt-1.5 h-11 w-full max-w-md rounded-md border-2 border-slate-600 bg-white px-2 text-base"
        >
          {EVENT_KIND_OPTIONS.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </div>
      {newPerson ? (
        <FamilyPicker
          key={`family-${round}`}
          label={kind === 'birth' ? 'Keluarga' : 'Keluarga tujuan (opsional)'}
          value={family}
          onChange={setFamily}
          error={subjectError}
        />
      ) : (
        <PersonPicker
          key={`person-${round}`}
          value={person}
          onChange={setPerson}
          error={subjectError}
        />
      )}
      <DefinitionForm
        key={`${kind}-${round}`}
        fields={fields}
        schema={schema}
        defaultValues={toRawValues(fields, { reported_on: today })}
        submitLabel="Catat"
        onSubmit={save}
      />
    </section>
  );
}
