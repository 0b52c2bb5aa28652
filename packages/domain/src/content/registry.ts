import { schemaFromFields, type FieldsSchema } from '../schemas/fields.ts';
import type { ContentResource } from './content-resource.ts';
import { homepageBenefits } from './resources/homepage-benefits.ts';
import { homepageGalleries } from './resources/homepage-galleries.ts';
import { homepageHeaders } from './resources/homepage-headers.ts';
import { populationAges } from './resources/population-ages.ts';
import { populationInfos } from './resources/population-infos.ts';
import { populationJobs } from './resources/population-jobs.ts';
import { populationReligions } from './resources/population-religions.ts';
import { villageInfos } from './resources/village-infos.ts';
import { villageProfiles } from './resources/village-profiles.ts';
import { villageStructures } from './resources/village-structures.ts';

/** The 10 content resources, home page first, then the village profile. */
export const CONTENT_RESOURCES: readonly ContentResource[] = [
  homepageHeaders,
  homepageBenefits,
  homepageGalleries,
  villageProfiles,
  villageStructures,
  villageInfos,
  populationInfos,
  populationAges,
  populationJobs,
  populationReligions,
];

const byKey = new Map(CONTENT_RESOURCES.map((r) => [r.key, r]));
const byGroup = new Map(CONTENT_RESOURCES.map((r) => [r.group, r]));
const byBase = new Map(CONTENT_RESOURCES.map((r) => [r.base, r]));
const schemas = new Map<string, FieldsSchema>();

/** The resource with this key ('population-ages'), or undefined. */
export function contentResourceByKey(key: string): ContentResource | undefined {
  return byKey.get(key);
}

/** The resource behind this admin group ('about-age'), or undefined. */
export function contentResourceByGroup(group: string): ContentResource | undefined {
  return byGroup.get(group);
}

/** The resource served at this API base ('/api/population-ages'), or undefined. */
export function contentResourceByBase(base: string): ContentResource | undefined {
  return byBase.get(base);
}

/** The zod schema of a record's body for create and update; built once per resource. */
export function contentSchema(resource: ContentResource | string): FieldsSchema {
  const def = typeof resource === 'string' ? byKey.get(resource) : resource;
  if (!def) throw new Error(`Unknown content resource: ${String(resource)}`);
  let schema = schemas.get(def.key);
  if (!schema) {
    schema = schemaFromFields(def.fields);
    schemas.set(def.key, schema);
  }
  return schema;
}
