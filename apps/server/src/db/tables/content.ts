import type { Generated } from 'kysely';

/**
 * Tables of the ten content resources (issue 3, migration 0003), one per definition of
 * `CONTENT_RESOURCES`: the table is the key with underscores, a column per field. Image fields
 * hold a `files.id`; booleans are 0/1; timestamps are ISO strings (ADR 0002).
 */
interface Timestamps {
  id: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface HomepageHeadersTable extends Timestamps {
  title: string;
  subtitle: string | null;
  image: number;
  button_label: string | null;
  button_link: string | null;
  active: number;
  position: number;
}

export interface HomepageBenefitsTable extends Timestamps {
  title: string;
  description: string;
  image: number | null;
  position: number;
}

export interface HomepageGalleriesTable extends Timestamps {
  title: string;
  description: string | null;
  image: number;
  taken_at: string | null;
}

export interface VillageProfilesTable extends Timestamps {
  title: string;
  /** Sanitised HTML. */
  content: string;
  image: number | null;
  position: number;
}

export interface VillageStructuresTable extends Timestamps {
  name: string;
  position_title: string;
  nip: string | null;
  photo: number | null;
  period: string | null;
  /** Another official (organisation chart); null for the head of the village. */
  reports_to: number | null;
  position: number;
}

export interface VillageInfosTable extends Timestamps {
  label: string;
  value: string;
  unit: string | null;
  icon: number | null;
  position: number;
}

export interface PopulationInfosTable extends Timestamps {
  label: string;
  value: string;
  unit: string | null;
  position: number;
}

export interface PopulationAgesTable extends Timestamps {
  label: string;
  age_from: number;
  age_to: number | null;
  male_count: number;
  female_count: number;
}

export interface PopulationJobsTable extends Timestamps {
  job: string;
  male_count: number;
  female_count: number;
  position: number;
}

export interface PopulationReligionsTable extends Timestamps {
  religion: string;
  male_count: number;
  female_count: number;
  position: number;
}

export interface ContentTables {
  homepage_headers: HomepageHeadersTable;
  homepage_benefits: HomepageBenefitsTable;
  homepage_galleries: HomepageGalleriesTable;
  village_profiles: VillageProfilesTable;
  village_structures: VillageStructuresTable;
  village_infos: VillageInfosTable;
  population_infos: PopulationInfosTable;
  population_ages: PopulationAgesTable;
  population_jobs: PopulationJobsTable;
  population_religions: PopulationReligionsTable;
}

export type ContentTableName = keyof ContentTables;
