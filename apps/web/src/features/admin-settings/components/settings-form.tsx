import {
  SETTINGS_FIELDS,
  SETTINGS_SECTIONS,
  settingsUpdateSchema,
  type AdminSettings,
  type FieldValues,
  type SettingsUpdate,
} from '@balai/domain';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { get, useWatch, type UseFormReturn } from 'react-hook-form';
import { DefinitionField, type RawValues } from '../../../components/form/definition-field.tsx';
import { STILL_UPLOADING } from '../../../components/form/definition-form.tsx';
import { FormErrorSummary } from '../../../components/form/form-error-summary.tsx';
import { applyServerErrors } from '../../../components/form/server-errors.ts';
import { useZodForm } from '../../../components/form/use-zod-form.ts';
import { Button } from '../../../components/ui/button.tsx';
import { LetterNumberPreview } from './letter-number-preview.tsx';

/** The form's values: text as typed, nested like the API body (`social.whatsapp`). */
export interface SettingsFormValues {
  [name: string]: string | SettingsFormValues;
}

const NAMES = SETTINGS_FIELDS.map((f) => f.name);

/** A value by dotted path (`social.whatsapp`). */
const at = (source: unknown, path: string): unknown =>
  path
    .split('.')
    .reduce<unknown>(
      (node, key) =>
        node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined,
      source,
    );

/** The stored settings as the inputs hold them: text, '' for nothing, nested by dotted name. */
export function toFormValues(settings: AdminSettings): SettingsFormValues {
  const values: SettingsFormValues = {};
  for (const name of NAMES) {
    const v = at(settings, name);
    const keys = name.split('.');
    let node = values;
    for (const key of keys.slice(0, -1)) {
      node = (node[key] ??= {}) as SettingsFormValues;
    }
    node[keys.at(-1)!] = v === null || v === undefined ? '' : String(v);
  }
  return values;
}

export interface SettingsFormProps {
  settings: AdminSettings;
  /** Gets the checked body of `PUT /api/settings`; may throw the server's error (a 422). */
  onSubmit: (body: SettingsUpdate) => Promise<AdminSettings>;
  /** Told whether anything differs from the stored settings (for "leave without saving?"). */
  onDirtyChange: (dirty: boolean) => void;
}

/**
 * The settings form, one fieldset per section of SETTINGS_SECTIONS, each field drawn by the
 * shared DefinitionField and checked with `settingsUpdateSchema` (the server's schema), with
 * the letter-number preview under the format. Built from the shared form parts rather than
 * DefinitionForm, which draws one flat list of fields with flat names.
 */
export function SettingsForm({ settings, onSubmit, onDirtyChange }: SettingsFormProps) {
  const form = useZodForm(settingsUpdateSchema, {
    defaultValues: toFormValues(settings) as never,
  }) as unknown as UseFormReturn<RawValues, unknown, FieldValues>;
  const { errors, submitCount, isSubmitting, isDirty } = form.formState;
  const uploading = useRef(new Set<string>());
  const [waits, setWaits] = useState(0);
  const [format, villageCode] = useWatch({
    control: form.control,
    name: ['letter_number_format', 'village_code'],
  });

  const dirtyChanged = useRef(onDirtyChange);
  useLayoutEffect(() => {
    dirtyChanged.current = onDirtyChange;
  });
  useEffect(() => dirtyChanged.current(isDirty), [isDirty]);

  const save = async (values: FieldValues) => {
    try {
      // The schema's output: the body of `PUT /api/settings`, nulls for what is left empty.
      const saved = await onSubmit(values as unknown as SettingsUpdate);
      // Saved: the stored values (cleaned by the server) are the new starting point.
      form.reset(toFormValues(saved) as never);
    } catch (error) {
      applyServerErrors(form.setError, error, NAMES);
    }
  };

  return (
    <>
      <FormErrorSummary errors={errors} submitCount={submitCount + waits} />
      <form
        noValidate
        aria-label="Pengaturan desa"
        onSubmit={(event) => {
          // The logo still on its way: say so on its field instead of checking or saving.
          const busy = SETTINGS_FIELDS.filter((f) => uploading.current.has(f.name));
          if (busy.length === 0) return void form.handleSubmit(save)(event);
          event.preventDefault();
          form.clearErrors();
          for (const f of busy) {
            form.setError(f.name, { type: 'upload', message: STILL_UPLOADING(f.label) });
          }
          setWaits((n) => n + 1);
        }}
      >
        {SETTINGS_SECTIONS.map((section, index) => (
          // Named by its visible heading rather than a <legend>, so the heading sits inside the
          // card without extra styles in the app's one stylesheet.
          <fieldset
            key={section.legend}
            aria-labelledby={`settings-section-${index}`}
            className="mb-6 rounded-lg border border-slate-200 bg-white p-4 sm:p-6"
          >
            <h2 id={`settings-section-${index}`} className="mb-4 text-xl font-bold text-slate-900">
              {section.legend}
            </h2>
            {section.fields.map((f) => {
              const message = (get(errors, f.name) as { message?: unknown } | undefined)?.message;
              return (
                <div key={f.name}>
                  <DefinitionField
                    field={f}
                    register={form.register}
                    control={form.control}
                    error={typeof message === 'string' ? message : undefined}
                    imageUrl={f.kind === 'image' ? settings.logo_url?.thumb : undefined}
                    onUploadingChange={(busy) => {
                      if (busy) uploading.current.add(f.name);
                      else uploading.current.delete(f.name);
                    }}
                  />
                  {f.name === 'letter_number_format' && (
                    <LetterNumberPreview
                      format={typeof format === 'string' ? format : ''}
                      villageCode={typeof villageCode === 'string' ? villageCode : ''}
                    />
                  )}
                </div>
              );
            })}
          </fieldset>
        ))}
        <div className="flex flex-wrap gap-3">
          <Button type="submit" loading={isSubmitting}>
            Simpan pengaturan
          </Button>
        </div>
      </form>
    </>
  );
}
