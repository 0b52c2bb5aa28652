/** Test support: for a list of fields and a valid example, every way one field can be wrong. */
import type { FieldDef } from '../fields.ts';
import { msg } from '../messages.ts';
import { brokenCases } from './field-cases.ts';

export interface SchemaCase {
  title: string;
  input: Record<string, unknown>;
  field: string;
  message: string;
}

export function schemaCases(
  fields: readonly FieldDef[],
  example: Record<string, unknown>,
): SchemaCase[] {
  const cases: SchemaCase[] = [];
  for (const f of fields) {
    const field = f.name;
    if (f.required && f.default === undefined) {
      const { [field]: _dropped, ...without } = example;
      const message = msg.required(f.label);
      cases.push({ title: `${field} left out`, input: without, field, message });
      cases.push({
        title: `${field} blank`,
        input: { ...example, [field]: '   ' },
        field,
        message,
      });
      cases.push({ title: `${field} null`, input: { ...example, [field]: null }, field, message });
    }
    for (const c of brokenCases(f)) {
      cases.push({
        title: `${field}: ${c.why}`,
        input: { ...example, [field]: c.value },
        field,
        message: c.message,
      });
    }
  }
  return cases;
}
