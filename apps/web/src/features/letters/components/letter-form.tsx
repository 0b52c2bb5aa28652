import { letterSchema, type FieldValues, type LetterType } from '@balai/domain';
import { useEffect, type ReactNode } from 'react';
import { FormErrorSummary } from '../../../components/form/form-error-summary.tsx';
import { applyServerErrors } from '../../../components/form/server-errors.ts';
import { useZodForm } from '../../../components/form/use-zod-form.ts';
import { Button } from '../../../components/ui/button.tsx';
import { FieldControl } from './field-control.tsx';

/** What the resident typed, as the inputs hold it (strings; a checkbox holds a boolean). */
export type RawValues = Record<string, string | boolean>;

/** A stored value back into its input: numbers as typed, empty for nothing. */
export function toRawValues(type: LetterType, values: Partial<FieldValues>): RawValues {
  return Object.fromEntries(
    type.fields.map((f) => {
      const v = values[f.name];
      if (f.kind === 'boolean') return [f.name, v === true];
      return [f.name, v === null || v === undefined ? '' : String(v)];
    }),
  );
}

export interface LetterFormProps {
  type: LetterType;
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
}

/**
 * The request form generated from a letter definition and validated with the type's shared
 * schema (the server checks the same one): GOV.UK style, errors on submit with a summary that
 * takes focus, the message beside each field, what was typed kept.
 */
export function LetterForm({
  type,
  defaultValues,
  submitLabel,
  onSubmit,
  serverError,
  focusField,
  secondary,
}: LetterFormProps) {
  const form = useZodForm(letterSchema(type), { defaultValues });
  const { errors, submitCount, isSubmitting } = form.formState;
  const names = type.fields.map((f) => f.name);

  useEffect(() => {
    if (serverError) applyServerErrors(form.setError, serverError, names);
    else if (focusField) document.getElementById(focusField)?.focus();
    // Only when the form opens: later errors come from its own submissions.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(values, form.getValues() as RawValues);
    } catch (error) {
      applyServerErrors(form.setError, error, names);
    }
  });

  return (
    <>
      <FormErrorSummary errors={errors} submitCount={submitCount + (serverError ? 1 : 0)} />
      <form noValidate onSubmit={submit}>
        {type.fields.map((f) => {
          const message = (errors as Record<string, { message?: unknown } | undefined>)[f.name]
            ?.message;
          return (
            <FieldControl
              key={f.name}
              field={f}
              error={typeof message === 'string' ? message : undefined}
              registration={form.register(f.name)}
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
