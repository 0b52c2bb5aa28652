import { lazy, Suspense, type ReactNode } from 'react';
import { errorId, hintId, labelId, Field } from './field.tsx';

/** Tiptap and ProseMirror in their own chunk, fetched when the first rich-text field renders. */
const RichTextEditor = lazy(() => import('./rich-text-editor.tsx'));

export interface RichTextFieldProps {
  /** The editable region's id and the field's name. */
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  optional?: boolean;
  /** HTML; '' when empty. */
  value: string;
  onChange: (html: string) => void;
  onBlur?: () => void;
}

/** A rich-text field: label, hint and error the GOV.UK way, and the lazy editor under them. */
export function RichTextField({
  id,
  label,
  hint,
  error,
  optional,
  value,
  onChange,
  onBlur,
}: RichTextFieldProps) {
  return (
    <Field id={id} label={label} hint={hint} error={error} optional={optional}>
      {() => (
        <Suspense
          fallback={
            <p role="status" className="rounded-md border-2 border-slate-300 p-3 text-slate-700">
              Memuat editor…
            </p>
          }
        >
          <RichTextEditor
            id={id}
            labelledBy={labelId(id)}
            describedBy={
              [hint ? hintId(id) : null, error ? errorId(id) : null].filter(Boolean).join(' ') ||
              undefined
            }
            invalid={!!error}
            value={value}
            onChange={onChange}
            onBlur={onBlur}
          />
        </Suspense>
      )}
    </Field>
  );
}
