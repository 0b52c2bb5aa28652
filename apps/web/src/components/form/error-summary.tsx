import { useEffect, useId, useRef, type MouseEvent, type ReactNode } from 'react';
import { useErrorTitle } from '../../lib/page-meta.ts';

export interface ErrorSummaryItem {
  /** The id of the field the message belongs to; without it the message is not a link. */
  fieldId?: string;
  message: string;
}

export interface ErrorSummaryProps {
  items: readonly ErrorSummaryItem[];
  /** "Ada masalah" unless set. */
  title?: string;
  /** A line above the list, e.g. the server's overall message. */
  description?: ReactNode;
  /** Focus moves to the summary on mount and whenever this value changes. */
  focusKey?: unknown;
}

/**
 * The GOV.UK error summary: at the top of the form, takes focus, links to each field, and puts
 * "Kesalahan: " before the page title while it shows. Renders nothing without errors.
 */
export function ErrorSummary({
  items,
  title = 'Ada masalah',
  description,
  focusKey,
}: ErrorSummaryProps) {
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const visible = items.length > 0 || !!description;
  useErrorTitle(visible);

  useEffect(() => {
    if (!visible) return;
    ref.current?.focus();
    ref.current?.scrollIntoView?.({ block: 'start' });
  }, [visible, focusKey]);

  if (!visible) return null;

  return (
    <div
      ref={ref}
      tabIndex={-1}
      aria-labelledby={titleId}
      className="mb-8 rounded-md border-4 border-red-700 bg-white p-4 focus-visible:outline-offset-4"
    >
      <h2 id={titleId} className="text-xl font-bold text-slate-900">
        {title}
      </h2>
      {description && <p className="mt-2 text-slate-900">{description}</p>}
      {items.length > 0 && (
        <ul className="mt-3 list-none space-y-2">
          {items.map((item, index) => (
            <li key={`${item.fieldId ?? ''}-${index}`}>
              {item.fieldId ? (
                <a
                  href={`#${item.fieldId}`}
                  onClick={(event) => focusField(event, item.fieldId!)}
                  className="font-semibold text-red-700 underline underline-offset-2 hover:text-red-900"
                >
                  {item.message}
                </a>
              ) : (
                <span className="font-semibold text-red-700">{item.message}</span>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Moves focus to the field and brings its label into view, as GOV.UK's script does. */
function focusField(event: MouseEvent<HTMLAnchorElement>, fieldId: string) {
  const field = document.getElementById(fieldId);
  if (!field) return;
  event.preventDefault();
  const label = document.querySelector(`label[for="${CSS.escape(fieldId)}"]`);
  (label ?? field).scrollIntoView?.({ block: 'start' });
  field.focus({ preventScroll: true });
}
