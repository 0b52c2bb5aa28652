import type { FieldErrors, FieldValues } from 'react-hook-form';
import { ErrorSummary, type ErrorSummaryItem } from './error-summary.tsx';
import { SERVER_ERROR_KEY } from './server-errors.ts';

export interface FormErrorSummaryProps<T extends FieldValues> {
  /** react-hook-form's `formState.errors`. */
  errors: FieldErrors<T>;
  /** react-hook-form's `formState.submitCount`: the summary takes focus after every submit. */
  submitCount: number;
  /** Put before each field name to make its id (when the form's ids are prefixed). */
  idPrefix?: string;
  /** The field names in form order: the lines follow it (a cross-field rule's message comes
   *  after the fields' own in the schema's output, but belongs where its field is). */
  order?: readonly string[];
}

/**
 * The error summary of a react-hook-form form: one linked line per invalid field, in the order
 * of the schema, and the server's overall message (set with `applyServerErrors`) above them.
 */
export function FormErrorSummary<T extends FieldValues>({
  errors,
  submitCount,
  idPrefix = '',
  order,
}: FormErrorSummaryProps<T>) {
  const items: ErrorSummaryItem[] = [];
  collect(errors as Record<string, unknown>, '', idPrefix, items);
  if (order) {
    const rank = (item: ErrorSummaryItem) => {
      const i = order.indexOf((item.fieldId ?? '').slice(idPrefix.length));
      return i < 0 ? order.length : i;
    };
    items.sort((a, b) => rank(a) - rank(b));
  }
  const root = (errors as { root?: Record<string, { message?: string }> }).root;
  const description = root?.[SERVER_ERROR_KEY]?.message;
  return <ErrorSummary items={items} description={description} focusKey={submitCount} />;
}

function collect(
  node: Record<string, unknown>,
  path: string,
  prefix: string,
  out: ErrorSummaryItem[],
) {
  for (const [key, value] of Object.entries(node)) {
    if (key === 'root' && path === '') continue;
    if (!value || typeof value !== 'object') continue;
    const name = path ? `${path}.${key}` : key;
    const message = (value as { message?: unknown }).message;
    if (typeof message === 'string' && message) {
      out.push({ fieldId: prefix + name, message });
    } else if (!('type' in value)) {
      collect(value as Record<string, unknown>, name, prefix, out);
    }
  }
}
