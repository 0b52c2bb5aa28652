import type { ReactNode, Ref, TextareaHTMLAttributes } from 'react';
import { Field, controlClasses } from './field.tsx';

export interface TextareaProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> {
  name: string;
  label: ReactNode;
  /** Defaults to `name`. */
  id?: string;
  hint?: ReactNode;
  error?: string;
  optional?: boolean;
  ref?: Ref<HTMLTextAreaElement>;
}

export function Textarea({
  name,
  label,
  id = name,
  hint,
  error,
  optional,
  className = '',
  rows = 4,
  ref,
  ...rest
}: TextareaProps) {
  return (
    <Field id={id} label={label} hint={hint} error={error} optional={optional}>
      {(control) => (
        <textarea
          ref={ref}
          name={name}
          rows={rows}
          className={controlClasses(!!error, `w-full ${className}`)}
          {...control}
          {...rest}
        />
      )}
    </Field>
  );
}
