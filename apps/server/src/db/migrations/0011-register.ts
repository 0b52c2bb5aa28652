import type { Kysely } from 'kysely';
import { idColumn } from './helpers.ts';

// Frozen: the population register (issue 24, docs/register.md).
//
// - `register_areas`: the village's dusun, RW and RT, a managed list (created on import, renamed
//   and merged by the office); an RW's parent is its dusun, an RT's its RW.
// - `register_families`: one row per Kartu Keluarga (No. KK unique), its head and place.
// - `register_persons`: one row per person (NIK unique). Coded fields hold the national codes
//   (small integers; packages/domain/src/register/codes.ts). `life_status` is the status now,
//   following the person's last event; `base_present` is 1 when the person counted as living in
//   the village before any of their events (an imported or typed-in living person), 0 when a
//   birth or an arrival brought them. Place is kept as the three area ids, so each filter is one
//   index range. `name_search` is the lower-cased name for the name search.
// - `register_events`: births, deaths, moves and losses, with the day each happened and the day it
//   was reported; a correction sets `corrected` and is audited in `audit_log`.
//
// Indexes for 100,000 people: every list filter leads with life_status (the list's usual
// filter) then the filtered column; the statistics group living people by each counted column.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('register_areas')
    .addColumn(...idColumn(db))
    .addColumn('kind', 'varchar(10)', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('parent_id', 'integer', (c) =>
      c.references('register_areas.id').onDelete('set null'),
    )
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('register_areas_parent_idx')
    .on('register_areas')
    .columns(['kind', 'parent_id', 'name'])
    .execute();

  await db.schema
    .createTable('register_families')
    .addColumn(...idColumn(db))
    .addColumn('kk_number', 'varchar(16)', (c) => c.notNull().unique())
    .addColumn('address', 'varchar(255)')
    .addColumn('dusun_id', 'integer', (c) => c.references('register_areas.id').onDelete('set null'))
    .addColumn('rw_id', 'integer', (c) => c.references('register_areas.id').onDelete('set null'))
    .addColumn('rt_id', 'integer', (c) => c.references('register_areas.id').onDelete('set null'))
    .addColumn('head_person_id', 'integer')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('register_families_dusun_idx')
    .on('register_families')
    .columns(['dusun_id', 'rw_id', 'rt_id'])
    .execute();

  await db.schema
    .createTable('register_persons')
    .addColumn(...idColumn(db))
    .addColumn('nik', 'varchar(16)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('name_search', 'varchar(100)', (c) => c.notNull())
    .addColumn('gender', 'integer', (c) => c.notNull())
    .addColumn('birth_place', 'varchar(100)')
    .addColumn('birth_date', 'varchar(10)')
    .addColumn('religion', 'integer')
    .addColumn('education', 'integer')
    .addColumn('occupation', 'integer')
    .addColumn('marital_status', 'integer')
    .addColumn('relationship', 'integer')
    .addColumn('nationality', 'integer')
    .addColumn('blood_type', 'integer')
    .addColumn('father_name', 'varchar(100)')
    .addColumn('mother_name', 'varchar(100)')
    .addColumn('address', 'varchar(255)')
    .addColumn('dusun_id', 'integer', (c) => c.references('register_areas.id').onDelete('set null'))
    .addColumn('rw_id', 'integer', (c) => c.references('register_areas.id').onDelete('set null'))
    .addColumn('rt_id', 'integer', (c) => c.references('register_areas.id').onDelete('set null'))
    .addColumn('family_id', 'integer', (c) =>
      c.references('register_families.id').onDelete('set null'),
    )
    .addColumn('life_status', 'varchar(10)', (c) => c.notNull())
    .addColumn('base_present', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  // Each list filter has an index that leads with it and also holds the sex (the list's counts)
  // and the name (its order), so a filtered page and its counts read the index only.
  const personIndexes: [string, string[]][] = [
    ['register_persons_family_idx', ['family_id', 'relationship']],
    ['register_persons_gender_idx', ['gender', 'life_status']],
    ['register_persons_name_idx', ['name_search', 'gender', 'life_status']],
    ['register_persons_status_name_idx', ['life_status', 'name_search', 'gender']],
    [
      'register_persons_status_area_idx',
      ['life_status', 'dusun_id', 'rw_id', 'rt_id', 'gender', 'name_search'],
    ],
    ['register_persons_area_idx', ['dusun_id', 'rw_id', 'rt_id', 'gender', 'name_search']],
    ['register_persons_rw_idx', ['rw_id', 'life_status', 'gender']],
    ['register_persons_rt_idx', ['rt_id', 'life_status', 'gender']],
    ['register_persons_status_birth_idx', ['life_status', 'birth_date', 'gender']],
    ['register_persons_status_gender_idx', ['life_status', 'gender', 'birth_date', 'name_search']],
    ['register_persons_status_religion_idx', ['life_status', 'religion', 'gender', 'name_search']],
    [
      'register_persons_status_education_idx',
      ['life_status', 'education', 'gender', 'name_search'],
    ],
    [
      'register_persons_status_occupation_idx',
      ['life_status', 'occupation', 'gender', 'name_search'],
    ],
    [
      'register_persons_status_marital_idx',
      ['life_status', 'marital_status', 'gender', 'name_search'],
    ],
    ['register_persons_base_idx', ['base_present', 'gender']],
  ];
  for (const [name, columns] of personIndexes) {
    await db.schema.createIndex(name).on('register_persons').columns(columns).execute();
  }

  await db.schema
    .createTable('register_events')
    .addColumn(...idColumn(db))
    .addColumn('person_id', 'integer', (c) =>
      c.notNull().references('register_persons.id').onDelete('cascade'),
    )
    .addColumn('kind', 'varchar(10)', (c) => c.notNull())
    .addColumn('occurred_on', 'varchar(10)', (c) => c.notNull())
    .addColumn('reported_on', 'varchar(10)', (c) => c.notNull())
    .addColumn('note', 'varchar(500)')
    .addColumn('corrected', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('register_events_occurred_idx')
    .on('register_events')
    .columns(['occurred_on', 'kind'])
    .execute();
  await db.schema
    .createIndex('register_events_reported_idx')
    .on('register_events')
    .columns(['reported_on'])
    .execute();
  await db.schema
    .createIndex('register_events_person_idx')
    .on('register_events')
    .columns(['person_id', 'occurred_on'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['register_events', 'register_persons', 'register_families', 'register_areas']) {
    await db.schema.dropTable(t).execute();
  }
}
