import { z } from 'zod';
import { errorSchema } from '@balai/domain/contract';

/** A route's answer that is a file, not JSON: documented as binary, errors as JSON. */
export function binaryResponse(description: string, mimes: readonly string[], status = 200) {
  const schema = z
    .custom<Buffer>((v) => Buffer.isBuffer(v))
    .meta({ type: 'string', format: 'binary' });
  return {
    [status]: {
      description,
      content: Object.fromEntries(mimes.map((mime) => [mime, { schema }])),
    },
    '4xx': errorSchema,
    '5xx': errorSchema,
  };
}
