import type { ReactNode } from 'react';

/** What a control needs to be tied to its label, hint and error message. */
export interface FieldControlProps {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
}

export interface FieldProps {
  /** The control's id: the label points at it and the error summary links to `#id`. */
  id: string;
  label: ReactNode;
  /** Help text under the label. */
  hint?: ReactNode;
  /** The error message, shown above the control with a hidden "Kesalahan:" before it. */
  error?: string;
  /** Adds "(opsional)" to the label; required fields carry no mark (GOV.UK). */
  optional?: boolean;
  className?: string;
  /** Renders the control with the ids and ARIA attributes it must carry. */
  children: (control: FieldControlProps) => ReactNode;
}

export const hintId = (id: string) => `${id}-hint`;
export const errorId = (id: string) => `${id}-error`;
/** The label's own id, for controls a `<label for>` cannot name (an editable region). */
export const labelId = (id: string) => `${id}-label`;

/** Label, hint, error message and control, in the GOV.UK order. */
export function Field({ id, label, hint, error, optional, className = '', children }: FieldProps) {
  const describedBy = [hint ? hintId(id) : null, error ? errorId(id) : null]
    .filter(Boolean)
    .join(' ');
  return (
    <div
      className={`mb-6 ${error ? 'border-l-4 border-red-700 pl-3' : ''} ${className}`}
      data-field={id}
    >
      <label id={labelId(id)} htmlFor={id} className="block font-semibold text-slate-900">
        {label}
        {optional && <span className="font-normal text-slate-700"> (opsional)</span>}
      </label>
      {hint && (
        <p id={hintId(id)} className="mt-1 text-sm text-slate-700">
          {hint}
        </p>
      )}
      {error && <FieldError id={errorId(id)}>{error}</FieldError>}
      <div className="mt-1.5">
        {children({
          id,
          'aria-describedby': describedBy || undefined,
          'aria-invalid': error ? true : undefined,
        })}
      </div>
    </div>
  );
}

export function FieldError({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} className="mt-1 font-semibold text-red-700">
      <span className="sr-only">Kesalahan:</span> {children}
    </p>
  );
}

/** The look shared by text inputs, selects and text areas; red and thicker when invalid. */
export function controlClasses(invalid: boolean, extra = '') {
  return [
    'block rounded-md border-2 bg-white px-3 py-2 text-base text-slate-900',
    'focus:border-slate-900 focus-visible:outline-offset-0',
    invalid ? 'border-red-700' : 'border-slate-600',
    extra,
  ]
    .filter(Boolean)
    .join(' ');
}
