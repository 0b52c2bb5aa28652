import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { errorMessage, fieldErrors } from '../../lib/http-client.ts';

/** Where the server's overall message goes in react-hook-form's errors (`errors.root.server`). */
export const SERVER_ERROR_KEY = 'server';

/**
 * Puts a failed submission's messages on the form: a 422's field messages on their fields (the
 * first of each) and the overall message in the error summary, together with messages for
 * fields the form does not show. Any other failure puts its message in the summary.
 */
export function applyServerErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  error: unknown,
  fields: readonly string[],
) {
  const leftOver: string[] = [];
  for (const [field, messages] of Object.entries(fieldErrors(error) ?? {})) {
    const message = Array.isArray(messages) ? messages[0] : undefined;
    if (!message) continue;
    if (fields.includes(field)) {
      setError(field as Path<T>, { type: 'server', message }, { shouldFocus: false });
    } else {
      leftOver.push(message);
    }
  }
  setError(`root.${SERVER_ERROR_KEY}` as Path<T>, {
    type: 'server',
    message: [errorMessage(error), ...leftOver].join(' '),
  });
}
