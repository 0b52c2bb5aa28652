import { describe, expect, it } from 'vitest';
import { RELIGIONS } from '../choices.ts';
import { fieldErrors } from '../schemas/fields.ts';
import { msg } from '../messages.ts';
import { CONTENT_EXAMPLES } from '../testing/content-examples.ts';
import { schemaCases } from '../testing/schema-cases.ts';
import {
  CONTENT_RESOURCES,
  contentResourceByBase,
  contentResourceByGroup,
  contentResourceByKey,
  contentSchema,
} from './registry.ts';

/** Issue 3: key → admin group. */
const GROUPS: [string, string][] = [
  ['homepage-headers', 'home-header'],
  ['homepage-benefits', 'home-benefit'],
  ['homepage-galleries', 'home-gallery'],
  ['village-profiles', 'about-profile'],
  ['village-structures', 'about-official'],
  ['village-infos', 'about-village-info'],
  ['population-infos', 'about-population-info'],
  ['population-ages', 'about-age'],
  ['population-jobs', 'about-job'],
  ['population-religions', 'about-religion'],
];

describe('the content registry', () => {
  it('has the 10 resources of SPEC.md with their groups and bases', () => {
    expect(CONTENT_RESOURCES.map((r) => [r.key, r.group])).toEqual(GROUPS);
    for (const r of CONTENT_RESOURCES) expect(r.base).toBe(`/api/${r.key}`);
  });

  it('finds a resource by key, group and base', () => {
    expect(contentResourceByKey('population-ages')?.group).toBe('about-age');
    expect(contentResourceByGroup('about-religion')?.key).toBe('population-religions');
    expect(contentResourceByBase('/api/village-structures')?.group).toBe('about-official');
    expect(contentResourceByKey('users')).toBeUndefined();
    expect(contentSchema('population-ages')).toBe(contentSchema('population-ages'));
  });

  it('is plain JSON data (served at /api/content-types)', () => {
    expect(JSON.parse(JSON.stringify(CONTENT_RESOURCES))).toEqual(CONTENT_RESOURCES);
  });

  it('says what the issue asks of particular fields', () => {
    const fieldOf = (key: string, name: string) =>
      contentResourceByKey(key)?.fields.find((f) => f.name === name);
    expect(fieldOf('village-profiles', 'content')?.kind).toBe('richtext');
    expect(fieldOf('population-religions', 'religion')).toMatchObject({
      kind: 'select',
      options: [...RELIGIONS],
    });
    expect(fieldOf('village-structures', 'reports_to')).toMatchObject({
      kind: 'reference',
      references: 'village-structures',
    });
    expect(fieldOf('village-structures', 'photo')?.kind).toBe('image');
    expect(fieldOf('homepage-headers', 'image')).toMatchObject({ kind: 'image', required: true });
    expect(fieldOf('homepage-galleries', 'image')).toMatchObject({ kind: 'image', required: true });
  });
});

describe.each(CONTENT_RESOURCES.map((r) => [r.key, r] as const))(
  'content resource %s',
  (key, resource) => {
    const example = CONTENT_EXAMPLES[key] ?? {};
    const schema = contentSchema(resource);
    const names = resource.fields.map((f) => f.name);

    it('is well formed', () => {
      expect(resource.labels.singular).not.toBe('');
      expect(resource.labels.plural).not.toBe('');
      expect(new Set(names).size).toBe(names.length);
      for (const n of names) expect(n).toMatch(/^[a-z][a-z0-9_]*$/);
      for (const c of resource.listColumns) expect(names).toContain(c);
      for (const s of resource.searchable) expect(names).toContain(s);
      // Search is a case-insensitive "contains" on text: only text-like fields can take part.
      const textKinds = ['text', 'textarea', 'richtext', 'select', 'email', 'phone', 'nik'];
      for (const s of resource.searchable) {
        expect(textKinds).toContain(resource.fields.find((f) => f.name === s)?.kind);
      }
      expect([...names, 'id', 'created_at', 'updated_at']).toContain(resource.defaultSort.field);
      expect(resource.access).toEqual({ read: 'public', write: 'ADMINISTRATOR' });
      for (const f of resource.fields) {
        if (f.kind !== 'reference') continue;
        const target = contentResourceByKey(f.references ?? '');
        expect(target).toBeDefined();
        // A select of the referenced records names each by a text field of that resource.
        const title = target?.fields.find((t) => t.name === f.titleField);
        expect(title?.kind, `${f.name}.titleField`).toBe('text');
      }
    });

    it('accepts the complete example and keeps every field', () => {
      const r = schema.safeParse(example);
      expect(r.success ? {} : fieldErrors(r.error)).toEqual({});
      expect(Object.keys(example).sort()).toEqual([...names].sort());
    });

    it('fills defaults and nulls when only the required fields are given', () => {
      const required = Object.fromEntries(
        resource.fields.filter((f) => f.required).map((f) => [f.name, example[f.name]]),
      );
      const r = schema.parse(required);
      for (const f of resource.fields.filter((x) => !x.required)) {
        expect(r[f.name]).toBe(f.default ?? null);
      }
    });

    it.each(schemaCases(resource.fields, example))(
      'rejects $title',
      ({ input, field, message }) => {
        const r = schema.safeParse(input);
        expect(r.success).toBe(false);
        if (!r.success) expect(fieldErrors(r.error)).toEqual({ [field]: [message] });
      },
    );
  },
);

describe('content rules', () => {
  it('population-ages: Umur Sampai may not be below Umur Dari, and may be empty for the top group', () => {
    const schema = contentSchema('population-ages');
    const base = CONTENT_EXAMPLES['population-ages'];
    const r = schema.safeParse({ ...base, age_from: 20, age_to: 19 });
    expect(r.success ? {} : fieldErrors(r.error)).toEqual({
      age_to: [msg.notLessThan('Umur Sampai', 'Umur Dari')],
    });
    expect(
      schema.parse({ ...base, label: '75 tahun ke atas', age_from: 75, age_to: '' }).age_to,
    ).toBeNull();
  });

  it('homepage-headers: the button link is a site path or a web address', () => {
    const schema = contentSchema('homepage-headers');
    const base = CONTENT_EXAMPLES['homepage-headers'];
    expect(
      schema.safeParse({ ...base, button_link: 'https://sukamaju.desa.id/agenda' }).success,
    ).toBe(true);
    expect(schema.safeParse({ ...base, button_link: 'javascript:alert(1)' }).success).toBe(false);
  });
});
