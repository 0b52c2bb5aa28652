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
  /** Text before or after the input, e.g. "Rp" or "gram" (GOV.UK prefix and suffix; the hint or label says it too). */
  prefix?: string;
  suffix?: string;
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
  prefix,
  suffix,
  ref,
  ...rest
}: TextInputProps) {
  return (
    <Field id={id} label={label} hint={hint} error={error} optional={optional}>
      {(control) => {
        const input = (
          <input
            ref={ref}
            name={name}
            type={type}
            className={controlClasses(!!error, `${INPUT_WIDTHS[width]} ${className}`)}
            {...control}
            {...rest}
          />
        );
        if (!prefix && !suffix) return input;
        return (
          <div className="flex items-center gap-2">
            {prefix && (
              <span aria-hidden="true" className="font-semibold text-slate-700">
                {prefix}
              </span>
            )}
            {input}
            {suffix && (
              <span aria-hidden="true" className="font-semibold text-slate-700">
                {suffix}
              </span>
            )}
          </div>
        );
      }}
    </Field>
  );
}
