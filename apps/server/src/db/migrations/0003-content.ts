import { sql, type CreateTableBuilder, type Kysely } from 'kysely';
import { idColumn } from './helpers.ts';

// Frozen: the ten content resources (issue 3), one table per definition, a column per field.
// Image columns point at files; the orphan cleanup never deletes a file still referenced here.

type Table = CreateTableBuilder<string, string>;

const timestamps = (t: Table) =>
  t
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull());

const position = (t: Table) => t.addColumn('position', 'integer', (c) => c.notNull().defaultTo(0));

const genderCounts = (t: Table) =>
  t
    .addColumn('male_count', 'integer', (c) => c.notNull())
    .addColumn('female_count', 'integer', (c) => c.notNull());

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('homepage_headers')
    .addColumn(...idColumn(db))
    .addColumn('title', 'varchar(150)', (c) => c.notNull())
    .addColumn('subtitle', 'text')
    .addColumn('image', 'integer', (c) => c.notNull().references('files.id'))
    .addColumn('button_label', 'varchar(50)')
    .addColumn('button_link', 'varchar(500)')
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .$call(position)
    .$call(timestamps)
    .execute();
  await db.schema
    .createIndex('homepage_headers_position_idx')
    .on('homepage_headers')
    .columns(['position', 'id'])
    .execute();

  await db.schema
    .createTable('homepage_benefits')
    .addColumn(...idColumn(db))
    .addColumn('title', 'varchar(100)', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('image', 'integer', (c) => c.references('files.id'))
    .$call(position)
    .$call(timestamps)
    .execute();
  await db.schema
    .createIndex('homepage_benefits_position_idx')
    .on('homepage_benefits')
    .columns(['position', 'id'])
    .execute();

  await db.schema
    .createTable('homepage_galleries')
    .addColumn(...idColumn(db))
    .addColumn('title', 'varchar(150)', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('image', 'integer', (c) => c.notNull().references('files.id'))
    .addColumn('taken_at', 'varchar(10)')
    .$call(timestamps)
    .execute();
  await db.schema
    .createIndex('homepage_galleries_created_idx')
    .on('homepage_galleries')
    .columns(['created_at', 'id'])
    .execute();

  await db.schema
    .createTable('village_profiles')
    .addColumn(...idColumn(db))
    .addColumn('title', 'varchar(150)', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('image', 'integer', (c) => c.references('files.id'))
    .$call(position)
    .$call(timestamps)
    .execute();
  await db.schema
    .createIndex('village_profiles_position_idx')
    .on('village_profiles')
    .columns(['position', 'id'])
    .execute();

  await db.schema
    .createTable('village_structures')
    .addColumn(...idColumn(db))
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('position_title', 'varchar(100)', (c) => c.notNull())
    .addColumn('nip', 'varchar(30)')
    .addColumn('photo', 'integer', (c) => c.references('files.id'))
    .addColumn('period', 'varchar(50)')
    .addColumn('reports_to', 'integer', (c) =>
      c.references('village_structures.id').onDelete('set null'),
    )
    .$call(position)
    .$call(timestamps)
    .execute();
  await db.schema
    .createIndex('village_structures_position_idx')
    .on('village_structures')
    .columns(['position', 'id'])
    .execute();
  await db.schema
    .createIndex('village_structures_reports_to_idx')
    .on('village_structures')
    .column('reports_to')
    .execute();

  await db.schema
    .createTable('village_infos')
    .addColumn(...idColumn(db))
    .addColumn('label', 'varchar(100)', (c) => c.notNull())
    .addColumn('value', 'varchar(100)', (c) => c.notNull())
    .addColumn('unit', 'varchar(30)')
    .addColumn('icon', 'integer', (c) => c.references('files.id'))
    .$call(position)
    .$call(timestamps)
    .execute();
  await db.schema
    .createIndex('village_infos_position_idx')
    .on('village_infos')
    .columns(['position', 'id'])
    .execute();

  await db.schema
    .createTable('population_infos')
    .addColumn(...idColumn(db))
    .addColumn('label', 'varchar(100)', (c) => c.notNull())
    .addColumn('value', 'varchar(100)', (c) => c.notNull())
    .addColumn('unit', 'varchar(30)')
    .$call(position)
    .$call(timestamps)
    .execute();
  await db.schema
    .createIndex('population_infos_position_idx')
    .on('population_infos')
    .columns(['position', 'id'])
    .execute();

  await db.schema
    .createTable('population_ages')
    .addColumn(...idColumn(db))
    .addColumn('label', 'varchar(50)', (c) => c.notNull())
    .addColumn('age_from', 'integer', (c) => c.notNull())
    .addColumn('age_to', 'integer')
    .$call(genderCounts)
    .$call(timestamps)
    .execute();
  await db.schema
    .createIndex('population_ages_age_from_idx')
    .on('population_ages')
    .columns(['age_from', 'id'])
    .execute();

  await db.schema
    .createTable('population_jobs')
    .addColumn(...idColumn(db))
    .addColumn('job', 'varchar(100)', (c) => c.notNull())
    .$call(genderCounts)
    .$call(position)
    .$call(timestamps)
    .execute();
  // "Petani" and "petani" are one job: unique regardless of case.
  await db.schema
    .createIndex('population_jobs_job_key')
    .on('population_jobs')
    .unique()
    .expression(sql`lower(job)`)
    .execute();
  await db.schema
    .createIndex('population_jobs_position_idx')
    .on('population_jobs')
    .columns(['position', 'id'])
    .execute();

  await db.schema
    .createTable('population_religions')
    .addColumn(...idColumn(db))
    .addColumn('religion', 'varchar(40)', (c) => c.notNull().unique())
    .$call(genderCounts)
    .$call(position)
    .$call(timestamps)
    .execute();
  await db.schema
    .createIndex('population_religions_position_idx')
    .on('population_religions')
    .columns(['position', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of [
    'population_religions',
    'population_jobs',
    'population_ages',
    'population_infos',
    'village_infos',
    'village_structures',
    'village_profiles',
    'homepage_galleries',
    'homepage_benefits',
    'homepage_headers',
  ]) {
    await db.schema.dropTable(t).execute();
  }
}
