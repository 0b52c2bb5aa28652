import type { ReactNode, Ref, SelectHTMLAttributes } from 'react';
import { Field, controlClasses } from './field.tsx';

export type SelectOption = string | { value: string; label: string };

export interface SelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  name: string;
  label: ReactNode;
  options: readonly SelectOption[];
  /** Defaults to `name`. */
  id?: string;
  hint?: ReactNode;
  error?: string;
  optional?: boolean;
  /** The empty first choice; "Pilih {label}" for a text label ("Pilih agama"), else "Pilih…". */
  placeholder?: string;
  ref?: Ref<HTMLSelectElement>;
}

/** A labelled select with an empty first choice, so nothing is chosen for the user. */
export function Select({
  name,
  label,
  options,
  id = name,
  hint,
  error,
  optional,
  placeholder = typeof label === 'string' ? `Pilih ${label.toLowerCase()}` : 'Pilih…',
  className = '',
  ref,
  ...rest
}: SelectProps) {
  return (
    <Field id={id} label={label} hint={hint} error={error} optional={optional}>
      {(control) => (
        <select
          ref={ref}
          name={name}
          className={controlClasses(!!error, `w-full max-w-md ${className}`)}
          {...control}
          {...rest}
        >
          <option value="">{placeholder}</option>
          {options.map((option) => {
            const { value, label: text } =
              typeof option === 'string' ? { value: option, label: option } : option;
            return (
              <option key={value} value={value}>
                {text}
              </option>
            );
          })}
        </select>
      )}
    </Field>
  );
}
