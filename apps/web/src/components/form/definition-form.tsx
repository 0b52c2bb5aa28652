import { formatMoneyInput, type FieldDef, type FieldValues } from '@balai/domain';
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import type { FieldValues as FormValues, UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../ui/button.tsx';
import { DefinitionField, type RawValues } from './definition-field.tsx';
import { FormErrorSummary } from './form-error-summary.tsx';
import { applyServerErrors } from './server-errors.ts';
import { useZodForm } from './use-zod-form.ts';

export type { RawValues } from './definition-field.tsx';

/** A stored value back into its input: numbers and ids as text, empty for nothing. */
export function toRawValues(
  fields: readonly FieldDef[],
  values: Partial<Record<string, unknown>>,
): RawValues {
  return Object.fromEntries(
    fields.map((f) => {
      const v = values[f.name];
      if (f.kind === 'boolean') return [f.name, v === true];
      // Money grouped and times with a dot, as the inputs tidy them: "1.200.000", "07.30".
      if (f.kind === 'money' && v !== null && v !== undefined) {
        return [f.name, formatMoneyInput(String(v))];
      }
      if (f.kind === 'time' && typeof v === 'string') return [f.name, v.replace(':', '.')];
      return [f.name, v === null || v === undefined ? '' : String(v)];
    }),
  );
}

/** Shown on an image field when the form is sent while its upload still runs. */
export const STILL_UPLOADING = (label: string) =>
  `${label} masih diunggah. Tunggu sampai selesai, lalu kirim lagi.`;

export interface DefinitionFormProps {
  /** The fields, in form order. */
  fields: readonly FieldDef[];
  /** The zod schema of those fields (`schemaFromFields`, `letterSchema`, `contentSchema`). */
  schema: z.ZodType<FieldValues>;
  /** Starting values as the inputs hold them (`toRawValues`). */
  defaultValues: RawValues;
  submitLabel: string;
  /** Gets the checked values (and the raw ones, to come back to); may throw the server's error. */
  onSubmit: (values: FieldValues, raw: RawValues) => Promise<void> | void;
  /** A failed earlier submission whose messages belong on this form's fields. */
  serverError?: unknown;
  /** Field to put focus on when the form opens (the "Ubah" links of the answers check). */
  focusField?: string;
  /** Buttons after the submit button, e.g. "Batal". */
  secondary?: ReactNode;
  /** image fields: the address of the stored image (e.g. `photo_url.thumb`), by field name. */
  imageUrls?: Readonly<Record<string, string | null | undefined>>;
  /** reference fields: a record id not to offer, by field name (the record being edited). */
  excludeIds?: Readonly<Record<string, string | number | undefined>>;
  /** Told whether anything differs from the starting values (for "leave without saving?"). */
  onDirtyChange?: (dirty: boolean) => void;
  /** Told what the inputs hold after every change (to keep a draft). */
  onValuesChange?: (raw: RawValues) => void;
}

/**
 * The form generated from a list of field definitions and validated with their shared schema
 * (the server checks the same one): GOV.UK style, errors on submit with a summary "Ada masalah"
 * that takes focus, the message beside each field, what was typed kept, a 422's messages on
 * their fields. Used by the resident's letter forms and by the admin's content forms.
 */
export function DefinitionForm({
  fields,
  schema,
  defaultValues,
  submitLabel,
  onSubmit,
  serverError,
  focusField,
  secondary,
  imageUrls,
  excludeIds,
  onDirtyChange,
  onValuesChange,
}: DefinitionFormProps) {
  const form = useZodForm(schema as unknown as z.ZodType<FormValues, FormValues>, {
    defaultValues,
  }) as unknown as UseFormReturn<RawValues, unknown, FieldValues>;
  const { errors, submitCount, isSubmitting, isDirty } = form.formState;
  const names = fields.map((f) => f.name);
  const uploading = useRef(new Set<string>());
  const [waits, setWaits] = useState(0);

  useEffect(() => {
    if (serverError) applyServerErrors(form.setError, serverError, names);
    else if (focusField) document.getElementById(focusField)?.focus();
    // Only when the form opens: later errors come from its own submissions.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const dirtyChanged = useRef(onDirtyChange);
  useLayoutEffect(() => {
    dirtyChanged.current = onDirtyChange;
  });
  useEffect(() => dirtyChanged.current?.(isDirty), [isDirty]);

  const valuesChanged = useRef(onValuesChange);
  useLayoutEffect(() => {
    valuesChanged.current = onValuesChange;
  });
  useEffect(() => {
    const subscription = form.watch(() => valuesChanged.current?.(form.getValues()));
    return () => subscription.unsubscribe();
  }, [form]);

  const save = async (values: FieldValues) => {
    try {
      await onSubmit(values, form.getValues());
      // Saved: what is in the form is now the starting point.
      form.reset(form.getValues());
    } catch (error) {
      applyServerErrors(form.setError, error, names);
    }
  };

  return (
    <>
      <FormErrorSummary
        errors={errors}
        submitCount={submitCount + waits + (serverError ? 1 : 0)}
        order={names}
      />
      <form
        noValidate
        onSubmit={(event) => {
          // An image still on its way: say so on its field instead of checking or saving.
          const busy = fields.filter((f) => uploading.current.has(f.name));
          if (busy.length === 0) return void form.handleSubmit(save)(event);
          event.preventDefault();
          form.clearErrors();
          for (const f of busy) {
            form.setError(f.name, { type: 'upload', message: STILL_UPLOADING(f.label) });
          }
          setWaits((n) => n + 1);
        }}
      >
        {fields.map((f) => {
          const message = (errors as Record<string, { message?: unknown } | undefined>)[f.name]
            ?.message;
          return (
            <DefinitionField
              key={f.name}
              field={f}
              register={form.register}
              control={form.control}
              error={typeof message === 'string' ? message : undefined}
              imageUrl={imageUrls?.[f.name]}
              excludeId={excludeIds?.[f.name]}
              onUploadingChange={(busy) => {
                if (busy) uploading.current.add(f.name);
                else uploading.current.delete(f.name);
              }}
            />
          );
        })}
        <div className="flex flex-wrap gap-3">
          <Button type="submit" loading={isSubmitting}>
            {submitLabel}
          </Button>
          {secondary}
        </div>
      </form>
    </>
  );
}
