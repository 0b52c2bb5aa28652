import type { FieldDef } from '@balai/domain';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Checkbox } from '../../../components/form/checkbox.tsx';
import { NumberInput } from '../../../components/form/number-input.tsx';
import { Select } from '../../../components/form/select.tsx';
import { TextInput } from '../../../components/form/text-input.tsx';
import { Textarea } from '../../../components/form/textarea.tsx';

export interface FieldControlProps {
  field: FieldDef;
  error?: string;
  registration: UseFormRegisterReturn;
}

/** The hint a kind needs when the definition gives none: what format to type. */
function hintOf(field: FieldDef): string | undefined {
  if (field.hint) return field.hint;
  if (field.kind === 'nik') return '16 digit, sesuai KTP.';
  if (field.kind === 'money') return 'Dalam rupiah, tanpa titik. Contoh: 2500000';
  if (field.kind === 'phone') return 'Contoh: 081234567890';
  return undefined;
}

/**
 * One field of a letter definition as its input control: the kind decides the control, the
 * input mode on a phone keyboard and the width (GOV.UK: the width hints at the answer). Limits
 * are checked on submit with a message, never by cutting off what is typed (no maxlength).
 */
export function FieldControl({ field, error, registration }: FieldControlProps) {
  const common = {
    label: field.label,
    hint: hintOf(field),
    error,
    optional: !field.required,
  };
  switch (field.kind) {
    case 'textarea':
      return <Textarea {...common} rows={3} {...registration} />;
    case 'select':
      return <Select {...common} options={field.options ?? []} {...registration} />;
    case 'number':
      return field.decimal ? (
        // "49,5": a text input with the decimal keyboard, so a comma is accepted.
        <TextInput {...common} inputMode="decimal" width="10" {...registration} />
      ) : (
        <NumberInput {...common} min={field.min ?? 0} max={field.max} {...registration} />
      );
    case 'money':
      return <TextInput {...common} inputMode="numeric" width="20" {...registration} />;
    case 'date':
      return <TextInput {...common} type="date" width="20" {...registration} />;
    case 'time':
      return <TextInput {...common} type="time" width="10" {...registration} />;
    case 'nik':
      return (
        <TextInput
          {...common}
          inputMode="numeric"
          width="20"
          spellCheck={false}
          {...registration}
        />
      );
    case 'phone':
      return <TextInput {...common} type="tel" autoComplete="tel" width="20" {...registration} />;
    case 'email':
      return <TextInput {...common} type="email" spellCheck={false} {...registration} />;
    case 'boolean':
      return <Checkbox label={field.label} hint={field.hint} {...registration} />;
    default:
      return <TextInput {...common} {...registration} />;
  }
}
