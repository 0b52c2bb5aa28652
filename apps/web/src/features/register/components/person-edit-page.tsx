import { AREA_FIELDS, PERSON_FIELDS, schemaFromFields, type FieldValues } from '@balai/domain';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { refreshRegister, updatePerson, usePerson } from '../../../api/register.ts';
import { AdminPage } from '../../../components/admin/admin-page.tsx';
import { useLeaveWarning } from '../../../components/admin/use-leave-warning.tsx';
import { DefinitionForm, toRawValues } from '../../../components/form/definition-form.tsx';
import { useToast } from '../../../components/toast/toast-context.ts';
import { Button } from '../../../components/ui/button.tsx';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/load-state.tsx';
import { adminPaths } from '../../../lib/admin-paths.ts';

/** The form's fields: the person's, then the place (dusun, RW, RT), as the definitions order them. */
const FIELDS = [...PERSON_FIELDS, ...AREA_FIELDS];
const SCHEMA = schemaFromFields(FIELDS);

/**
 * `/admin/register/persons/{id}/edit`: the person's form, generated from the register's field
 * definitions and checked with the schema the server uses; the server audits every change with
 * its old and new values. Life status is not here: it follows from events (Peristiwa).
 */
export default function PersonEditPage({ id }: { id: number }) {
  const { person, error, isLoading, retry } = usePerson(id);
  const navigate = useNavigate();
  const toast = useToast();
  const [dirty, setDirty] = useState(false);
  const leaveWarning = useLeaveWarning(dirty);

  async function save(values: FieldValues) {
    const saved = await updatePerson(id, values);
    await refreshRegister();
    toast.success(`Data "${saved.data.name}" disimpan.`);
    leaveWarning.allowLeaving();
    await navigate(adminPaths.register.person(id));
  }

  return (
    <AdminPage
      title="Ubah Penduduk"
      breadcrumbs={[
        { label: 'Kependudukan' },
        { label: 'Penduduk', to: adminPaths.register.persons() },
        { label: 'Ubah' },
      ]}
      lead={person?.name}
    >
      {isLoading && !person && <LoadingBlock />}
      {error != null && !person && <ErrorBlock error={error} onRetry={retry} />}
      {person && (
        <div className="max-w-2xl rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
          <DefinitionForm
            fields={FIELDS}
            schema={SCHEMA}
            defaultValues={toRawValues(FIELDS, person)}
            submitLabel="Simpan"
            onSubmit={save}
            onDirtyChange={setDirty}
            secondary={
              <Button variant="outlined" href={adminPaths.register.person(id)}>
                Batal
              </Button>
            }
          />
        </div>
      )}
      {leaveWarning.dialog}
    </AdminPage>
  );
}
