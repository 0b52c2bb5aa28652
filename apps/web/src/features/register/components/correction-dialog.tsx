import { schemaFromFields, type FieldValues } from '@balai/domain';
import type { RegisterEvent } from '@balai/domain/contract';
import { correctEvent, refreshRegister } from '../../../api/register.ts';
import { DefinitionForm, toRawValues } from '../../../components/form/definition-form.tsx';
import { useToast } from '../../../components/toast/toast-context.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { CORRECTION_FIELDS } from '../event-fields.ts';
import { dayText } from './register-cells.tsx';

const SCHEMA = schemaFromFields(CORRECTION_FIELDS);

/**
 * Corrects a recorded event: its dates and note, always with a reason; the server keeps the old
 * and new values (an event is corrected, never silently edited).
 */
export function CorrectionDialog({
  event,
  onClose,
}: {
  event: RegisterEvent | null;
  onClose: () => void;
}) {
  const toast = useToast();

  async function save(values: FieldValues) {
    if (!event) return;
    await correctEvent(event.id, {
      occurred_on: String(values.occurred_on),
      reported_on: String(values.reported_on),
      note: values.note === null ? null : String(values.note),
      reason: String(values.reason ?? ''),
    });
    await refreshRegister();
    toast.success(`${event.kind_label} ${event.person_name} dikoreksi.`);
    onClose();
  }

  return (
    <Modal
      open={event !== null}
      onClose={onClose}
      title={event ? `Koreksi ${event.kind_label.toLowerCase()} ${event.person_name}` : 'Koreksi'}
      description={
        event
          ? `Tercatat: terjadi ${dayText(event.occurred_on)}, dilaporkan ${dayText(event.reported_on)}.`
          : undefined
      }
      scrollable
    >
      {event && (
        <DefinitionForm
          fields={CORRECTION_FIELDS}
          schema={SCHEMA}
          defaultValues={toRawValues(CORRECTION_FIELDS, { ...event, reason: '' })}
          submitLabel="Simpan koreksi"
          onSubmit={save}
          secondary={
            <Button variant="outlined" onClick={onClose}>
              Batal
            </Button>
          }
        />
      )}
    </Modal>
  );
}
