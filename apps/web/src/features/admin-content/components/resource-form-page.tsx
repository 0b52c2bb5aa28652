import { contentSchema, type ContentResource, type FieldValues } from '@balai/domain';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useSWRConfig } from 'swr';
import { AdminPage } from '../../../components/admin/admin-page.tsx';
import { useLeaveWarning } from '../../../components/admin/use-leave-warning.tsx';
import { DefinitionForm, toRawValues } from '../../../components/form/definition-form.tsx';
import { useToast } from '../../../components/toast/toast-context.ts';
import { Button } from '../../../components/ui/button.tsx';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/load-state.tsx';
import { adminPaths } from '../../../lib/admin-paths.ts';
import { stripApi } from '../../../lib/paths.ts';
import { rowTitle } from './resource-list-page.tsx';
import type { ContentRecord } from '@balai/domain/contract';
import { createContent, updateContent, useContentRow } from '../../../api/content.ts';

/** Every cached list and record of the resource, the public pages' too: a change shows at once. */
const isResourceKey = (resource: ContentResource) => (key: unknown) =>
  typeof key === 'string' && key.startsWith(stripApi(resource.base));

/** The image fields' stored thumbnails, by field name, for the form's previews. */
function imageUrls(resource: ContentResource, row: ContentRecord | undefined) {
  return Object.fromEntries(
    resource.fields
      .filter((f) => f.kind === 'image')
      .map((f) => [f.name, (row?.[`${f.name}_url`] as { thumb?: string } | null)?.thumb ?? null]),
  );
}

/** Starting values of a new record: each field's default, else empty. */
const defaults = (resource: ContentResource) =>
  Object.fromEntries(resource.fields.map((f) => [f.name, f.default ?? null]));

/**
 * `/admin/{group}/create` and `/admin/{group}/{id}/edit`: one form generated from the
 * definition, validated with the schema the server uses; a 422 lands on its fields; leaving
 * with unsaved changes asks first.
 */
export function ResourceFormPage({ resource, id }: { resource: ContentResource; id?: number }) {
  const editing = id !== undefined;
  const { row, error, isLoading, retry } = useContentRow(resource, id);
  const navigate = useNavigate();
  const toast = useToast();
  const { mutate } = useSWRConfig();
  const [dirty, setDirty] = useState(false);
  const leaveWarning = useLeaveWarning(dirty);

  const title = editing ? `Ubah ${resource.labels.singular}` : `Buat ${resource.labels.singular}`;

  async function save(values: FieldValues) {
    const saved = editing
      ? await updateContent(resource, id, values)
      : await createContent(resource, values);
    await mutate(isResourceKey(resource));
    toast.success(
      `${resource.labels.singular} "${rowTitle(resource, saved.data)}" ${editing ? 'disimpan' : 'dibuat'}.`,
    );
    leaveWarning.allowLeaving();
    await navigate(adminPaths.list(resource.group));
  }

  return (
    <AdminPage
      title={title}
      breadcrumbs={[
        { label: resource.menu.section },
        { label: resource.menu.title, to: adminPaths.list(resource.group) },
        { label: editing ? 'Ubah' : 'Buat' },
      ]}
      lead={editing && row ? rowTitle(resource, row) : undefined}
    >
      {editing && isLoading && !row && <LoadingBlock />}
      {editing && error != null && !row && <ErrorBlock error={error} onRetry={retry} />}
      {(!editing || row) && (
        <div className="max-w-2xl rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
          <DefinitionForm
            fields={resource.fields}
            schema={contentSchema(resource)}
            defaultValues={toRawValues(resource.fields, row ?? defaults(resource))}
            submitLabel={editing ? 'Simpan' : 'Buat'}
            onSubmit={save}
            imageUrls={imageUrls(resource, row)}
            excludeIds={Object.fromEntries(
              // A record cannot refer to itself (e.g. an official reporting to themselves).
              resource.fields
                .filter((f) => f.kind === 'reference' && f.references === resource.key)
                .map((f) => [f.name, id]),
            )}
            onDirtyChange={setDirty}
            secondary={
              <Button variant="outlined" href={adminPaths.list(resource.group)}>
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
