import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { Field, controlClasses } from './field.tsx';

/** Widths matched to the expected answer (GOV.UK): a 16-digit NIK does not need the full row. */
export const INPUT_WIDTHS = {
  full: 'w-full',
  '20': 'w-full max-w-[22ch]',
  '10': 'w-full max-w-[12ch]',
  '5': 'max-w-[7ch]',
  '3': 'max-w-[5ch]',
} as const;

export interface TextInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  name: string;
  label: ReactNode;
  /** Defaults to `name`. */
  id?: string;
  hint?: ReactNode;
  error?: string;
  optional?: boolean;
  width?: keyof typeof INPUT_WIDTHS;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled text input; spread react-hook-form's `register(name)` into it. */
export function TextInput({
  name,
  label,
  id = name,
  hint,
  error,
  optional,
  width = 'full',
  className = '',
  type = 'text',
  ref,
  ...rest
}: TextInputProps) {
  return (
    <Field id={id} label={label} hint={hint} error={error} optional={optional}>
      {(control) => (
        <input
          ref={ref}
          name={name}
          type={type}
          className={controlClasses(!!error, `${INPUT_WIDTHS[width]} ${className}`)}
          {...control}
          {...rest}
        />
      )}
    </Field>
  );
}
