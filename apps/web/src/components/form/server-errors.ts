import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { errorMessage, fieldErrors } from '../../lib/http-client.ts';

/** Where the server's overall message goes in react-hook-form's errors (`errors.root.server`). */
export const SERVER_ERROR_KEY = 'server';

/**
 * Puts a failed submission's messages on the form: a 422's field messages on their fields (the
 * first of each) and the overall message in the error summary (unless it is one of the fields'
 * own, which the summary lists already), together with messages for fields the form does not
 * show. Any other failure puts its message in the summary.
 */
export function applyServerErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  error: unknown,
  fields: readonly string[],
) {
  const leftOver: string[] = [];
  const onFields: string[] = [];
  for (const [field, messages] of Object.entries(fieldErrors(error) ?? {})) {
    const message = Array.isArray(messages) ? messages[0] : undefined;
    if (!message) continue;
    if (fields.includes(field)) {
      setError(field as Path<T>, { type: 'server', message }, { shouldFocus: false });
      onFields.push(message);
    } else {
      leftOver.push(message);
    }
  }
  // A one-field refusal's message is its field's (e.g. "Kata sandi saat ini salah."): the
  // summary links to it once instead of saying it twice.
  const overall = errorMessage(error);
  const message = [onFields.includes(overall) ? '' : overall, ...leftOver]
    .filter(Boolean)
    .join(' ');
  if (message) setError(`root.${SERVER_ERROR_KEY}` as Path<T>, { type: 'server', message });
}
