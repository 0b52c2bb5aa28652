// The fuzzer's requests: bodies, queries, path parameters and sessions for one operation and role.
import fc from 'fast-check';
import type { FuzzRequest, Operation, Parameter, Role } from './fuzz-operations.ts';
import { junkValue, valueArb } from './fuzz-values.ts';

export interface RequestPlan {
  role: Role;
  /** How the request departs from the schemas (the property's label in the figures). */
  kind: string;
  request: FuzzRequest;
}

/** A value as query text (objects without a prototype included). */
const asText = (v: unknown): string => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''));

const JSON_HEADERS = { 'content-type': 'application/json' };

function bodyArb(
  op: Operation,
  ids: number[],
): fc.Arbitrary<{ kind: string; headers: Record<string, string>; body?: string }> {
  const json = (kind: string, v: fc.Arbitrary<unknown>) =>
    v.map((value) => ({ kind, headers: JSON_HEADERS, body: JSON.stringify(value) ?? 'null' }));
  if (!op.body) {
    // No JSON body declared (GET, DELETE, the upload): mostly none, sometimes junk anyway.
    return fc.oneof(
      { weight: 6, arbitrary: fc.constant({ kind: 'none', headers: {} }) },
      { weight: 1, arbitrary: json('unexpected-body', fc.jsonValue({ maxDepth: 2 })) },
      {
        weight: 1,
        arbitrary: fc
          .tuple(
            fc.constantFrom(
              'multipart/form-data',
              'multipart/form-data; boundary=x',
              'application/octet-stream',
              'image/png',
              'text/plain',
            ),
            fc.string({ unit: 'binary', maxLength: 200 }),
          )
          .map(([type, body]) => ({ kind: 'raw-body', headers: { 'content-type': type }, body })),
      },
    );
  }
  const valid = valueArb(op.body, ids);
  const withMutation = fc.tuple(valid, fc.string({ maxLength: 12 }), junkValue, fc.nat());
  return fc.oneof(
    { weight: 8, arbitrary: json('valid', valid) },
    {
      weight: 2,
      arbitrary: json(
        'extra-key',
        withMutation.map(([v, key, junk]) => ({ ...(v as object), [key || 'x']: junk })),
      ),
    },
    {
      weight: 3,
      arbitrary: json(
        'wrong-value',
        withMutation.map(([v, , junk, n]) => {
          const o = { ...(v as Record<string, unknown>) };
          const keys = Object.keys(o);
          if (keys.length > 0) o[keys[n % keys.length]!] = junk;
          return o;
        }),
      ),
    },
    {
      weight: 2,
      arbitrary: json(
        'missing-key',
        withMutation.map(([v, , , n]) => {
          const o = { ...(v as Record<string, unknown>) };
          const keys = Object.keys(o);
          if (keys.length > 0) delete o[keys[n % keys.length]!];
          return o;
        }),
      ),
    },
    { weight: 2, arbitrary: json('any-json', fc.jsonValue({ maxDepth: 4 })) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        { kind: 'not-json', headers: JSON_HEADERS, body: '{"a":' },
        { kind: 'not-json', headers: JSON_HEADERS, body: '' },
        { kind: 'not-json', headers: JSON_HEADERS, body: '\u0000' },
        {
          kind: 'proto',
          headers: JSON_HEADERS,
          body: '{"__proto__":{"role":"ADMINISTRATOR"},"constructor":{"prototype":{"x":1}}}',
        },
        { kind: 'deep', headers: JSON_HEADERS, body: `${'['.repeat(5000)}${']'.repeat(5000)}` },
        { kind: 'big', headers: JSON_HEADERS, body: JSON.stringify({ a: 'x'.repeat(900_000) }) },
        {
          kind: 'too-big',
          headers: JSON_HEADERS,
          body: JSON.stringify({ a: 'x'.repeat(1_100_000) }),
        },
      ),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          valid,
          fc.constantFrom(
            'text/plain',
            'application/x-www-form-urlencoded',
            'multipart/form-data',
            'application/xml',
          ),
        )
        .map(([v, type]) => ({
          kind: 'wrong-type',
          headers: { 'content-type': type },
          body: JSON.stringify(v) ?? '',
        })),
    },
  );
}

function pathValueArb(p: Parameter, ids: number[]): fc.Arbitrary<string> {
  const fromSchema = valueArb(p.schema, ids).map((v) => String(v));
  return fc.oneof(
    { weight: 4, arbitrary: fromSchema },
    {
      weight: ids.length > 0 ? 4 : 0,
      arbitrary: fc.constantFrom(...(ids.length > 0 ? ids : [1])).map(String),
    },
    {
      weight: 2,
      arbitrary: junkValue.map((v) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? 'x'))),
    },
  );
}

function queryArb(op: Operation, ids: number[]): fc.Arbitrary<[string, string][]> {
  const params = op.parameters.filter((p) => p.in === 'query');
  const one = (p: Parameter) =>
    fc
      .oneof({ weight: 5, arbitrary: valueArb(p.schema, ids) }, { weight: 1, arbitrary: junkValue })
      .map((v): [string, string] => [
        p.name,
        typeof v === 'string' ? v : (JSON.stringify(v) ?? ''),
      ]);
  return fc
    .tuple(
      fc.tuple(...params.map((p) => fc.option(one(p), { nil: undefined, freq: 2 }))),
      // Unknown keys and a key twice (an array to the parser).
      fc.array(
        fc.tuple(
          fc.oneof(
            fc.string({ maxLength: 10 }),
            fc.constantFrom(...(params.length ? params.map((p) => p.name) : ['x'])),
          ),
          junkValue.map(asText),
        ),
        { maxLength: 2 },
      ),
    )
    .map(([known, extra]) => [
      ...known.filter((x): x is [string, string] => x !== undefined),
      ...extra,
    ]);
}

/** Stands for the role's current session token; replaced when the request is sent. */
export const SESSION = '\u0000session';

const authArb: fc.Arbitrary<Record<string, string>> = fc.oneof(
  { weight: 12, arbitrary: fc.constant({ authorization: SESSION }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      { authorization: 'Bearer' },
      { authorization: 'Bearer ' + 'a'.repeat(64) },
      { authorization: 'Basic YWRtaW46YWRtaW4=' },
      { authorization: `${SESSION} extra` },
      { authorization: '\u00ff\u00fe' },
    ),
  },
);

/** Percent-encoded; a lone surrogate becomes the bytes of one (invalid UTF-8, on purpose). */
function encodePathValue(v: string): string {
  try {
    return encodeURIComponent(v);
  } catch {
    return `${encodeURIComponent(v.replace(/[\ud800-\udfff]/g, ''))}%ED%A0%80`;
  }
}

/** Requests for `op` as `role`. */
export function requestArb(op: Operation, role: Role, ids: number[]): fc.Arbitrary<RequestPlan> {
  const pathParams = op.parameters.filter((p) => p.in === 'path');
  return fc
    .tuple(
      fc.tuple(...pathParams.map((p) => pathValueArb(p, ids))),
      queryArb(op, ids),
      bodyArb(op, ids),
      authArb,
    )
    .map(([values, query, body, auth]) => {
      let path = op.path;
      pathParams.forEach((p, i) => {
        path = path.replace(`{${p.name}}`, encodePathValue(values[i]!));
      });
      const qs = new URLSearchParams(query).toString();
      return {
        role,
        kind: body.kind,
        request: {
          method: op.method,
          url: qs ? `${path}?${qs}` : path,
          headers: { ...body.headers, ...auth },
          ...(body.body !== undefined ? { body: body.body } : {}),
        },
      };
    });
}
