import type { InputHTMLAttributes, ReactNode, Ref } from 'react';

export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'> {
  name: string;
  label: ReactNode;
  /** Defaults to `name`. */
  id?: string;
  hint?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

/** A single checkbox with its label to the right and a large touch target. */
export function Checkbox({ name, label, id = name, hint, ref, ...rest }: CheckboxProps) {
  return (
    <div className="mb-6 flex items-start gap-3">
      <input
        ref={ref}
        id={id}
        name={name}
        type="checkbox"
        aria-describedby={hint ? `${id}-hint` : undefined}
        className="mt-0.5 size-6 shrink-0 accent-brand-800"
        {...rest}
      />
      <div>
        <label htmlFor={id} className="text-slate-900">
          {label}
        </label>
        {hint && (
          <p id={`${id}-hint`} className="text-sm text-slate-700">
            {hint}
          </p>
        )}
      </div>
    </div>
  );
}
