import { formatMoneyInput, timeOfDay, type FieldDef, type FieldValues } from '@balai/domain';
import { Controller, type Control, type UseFormRegister } from 'react-hook-form';
import { Checkbox } from './checkbox.tsx';
import { ImageUpload } from './image-upload.tsx';
import { NumberInput } from './number-input.tsx';
import { ReferenceSelect } from './reference-select.tsx';
import { RichTextField } from './rich-text-field.tsx';
import { Select } from './select.tsx';
import { TextInput, type TextInputProps } from './text-input.tsx';
import { Textarea } from './textarea.tsx';

/** What the inputs of a generated form hold: text (ids as text too); a checkbox holds a boolean. */
export type RawValues = Record<string, string | boolean>;

export interface DefinitionFieldProps {
  field: FieldDef;
  /** react-hook-form's `register` and `control` of the form the field belongs to. */
  register: UseFormRegister<RawValues>;
  control: Control<RawValues, unknown, FieldValues>;
  error?: string;
  /** image: the address of the image the field held when the form opened. */
  imageUrl?: string | null;
  /** image: told when an upload starts and ends. */
  onUploadingChange?: (uploading: boolean) => void;
  /** reference: a record not to offer (the one being edited, when it refers to its own kind). */
  excludeId?: string | number;
  /**
   * The input's purpose when the form asks about the person filling it in (WCAG 1.3.5): e.g.
   * 'name', 'email', 'bday' on the resident's own profile; left out on forms about others.
   */
  autoComplete?: string;
}

/** The hint a kind needs when the definition gives none: what format to type. */
export function hintOf(field: FieldDef): string | undefined {
  if (field.hint) return field.hint;
  if (field.kind === 'nik') return '16 digit, sesuai KTP.';
  if (field.kind === 'money') return 'Dalam rupiah. Contoh: 2.500.000';
  if (field.kind === 'time') return 'Format 24 jam. Contoh: 08.00 atau 19.30';
  if (field.kind === 'phone') return 'Contoh: 081234567890';
  return undefined;
}

/** A short text's box as wide as its longest answer (GOV.UK: the width hints at the answer). */
function textWidth(field: FieldDef): TextInputProps['width'] {
  const max = field.maxLength;
  if (max === undefined) return undefined;
  return max <= 3 ? '5' : max <= 10 ? '10' : max <= 20 ? '20' : undefined;
}

/** "7.30" or "07:30" → "07.30"; anything unreadable stays as typed (the schema says why). */
function tidyTime(value: string): string {
  const t = timeOfDay(value);
  return /^\d{2}:\d{2}$/.test(t) ? t.replace(':', '.') : value;
}

/**
 * One field of a definition (`FieldDef`) as its control: the kind decides the control, the
 * input mode on a phone keyboard and the width (GOV.UK: the width hints at the answer). Limits
 * are checked on submit with a message, never by cutting off what is typed (no maxlength).
 * Rich text, images and references are controlled (their value is not a plain input's).
 */
export function DefinitionField({
  field,
  register,
  control,
  error,
  imageUrl,
  onUploadingChange,
  excludeId,
  autoComplete,
}: DefinitionFieldProps) {
  const common = {
    label: field.label,
    hint: hintOf(field),
    error,
    optional: !field.required,
    ...(autoComplete ? { autoComplete } : {}),
  };
  const registration = () => register(field.name);
  switch (field.kind) {
    case 'textarea':
      return <Textarea {...common} rows={3} {...registration()} />;
    case 'select':
      return <Select {...common} options={field.options ?? []} {...registration()} />;
    case 'number':
      return field.decimal ? (
        // "49,5": a text input with the decimal keyboard, so a comma is accepted.
        <TextInput {...common} inputMode="decimal" width="10" {...registration()} />
      ) : (
        <NumberInput {...common} min={field.min ?? 0} max={field.max} {...registration()} />
      );
    case 'money':
    case 'time':
      // Typed as people write them ("Rp 1.200.000", "19.30"), shown tidied when focus leaves:
      // "1.200.000", "19.30" (24-hour whatever the phone's settings; a native time input would
      // follow the device's 12-hour clock). The schema reads the same spellings.
      return (
        <Controller
          name={field.name}
          control={control}
          render={({ field: f }) => (
            <TextInput
              {...common}
              name={f.name}
              ref={f.ref}
              value={typeof f.value === 'string' ? f.value : ''}
              onChange={f.onChange}
              onBlur={() => {
                const value = typeof f.value === 'string' ? f.value : '';
                const tidy = field.kind === 'money' ? formatMoneyInput(value) : tidyTime(value);
                if (tidy !== value) f.onChange(tidy);
                f.onBlur();
              }}
              inputMode={field.kind === 'money' ? 'numeric' : 'decimal'}
              autoComplete="off"
              prefix={field.kind === 'money' ? 'Rp' : undefined}
              suffix={field.kind === 'time' ? 'WIB' : undefined}
              width={field.kind === 'money' ? '20' : '10'}
            />
          )}
        />
      );
    case 'date':
      return <TextInput {...common} type="date" width="20" {...registration()} />;
    case 'nik':
      return (
        <TextInput
          {...common}
          inputMode="numeric"
          width="20"
          spellCheck={false}
          {...registration()}
        />
      );
    case 'phone':
      return <TextInput {...common} type="tel" autoComplete="tel" width="20" {...registration()} />;
    case 'email':
      return <TextInput {...common} type="email" spellCheck={false} {...registration()} />;
    case 'boolean':
      return <Checkbox label={field.label} hint={field.hint} {...registration()} />;
    case 'richtext':
      return (
        <Controller
          name={field.name}
          control={control}
          render={({ field: f }) => (
            <RichTextField
              {...common}
              id={field.name}
              value={typeof f.value === 'string' ? f.value : ''}
              onChange={f.onChange}
              onBlur={f.onBlur}
            />
          )}
        />
      );
    case 'image':
      return (
        <Controller
          name={field.name}
          control={control}
          render={({ field: f }) => (
            <ImageUpload
              {...common}
              id={field.name}
              value={typeof f.value === 'string' ? f.value : ''}
              onChange={f.onChange}
              currentUrl={imageUrl}
              onUploadingChange={onUploadingChange}
            />
          )}
        />
      );
    case 'reference':
      return (
        <Controller
          name={field.name}
          control={control}
          render={({ field: f }) => (
            <ReferenceSelect
              {...common}
              id={field.name}
              resource={field.references ?? ''}
              titleField={field.titleField ?? 'id'}
              value={typeof f.value === 'string' ? f.value : ''}
              onChange={f.onChange}
              onBlur={f.onBlur}
              excludeId={excludeId}
            />
          )}
        />
      );
    default:
      return <TextInput {...common} width={textWidth(field)} {...registration()} />;
  }
}
