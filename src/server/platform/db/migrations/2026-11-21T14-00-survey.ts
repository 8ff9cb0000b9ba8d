import { type Kysely, PostgresAdapter } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Imports nothing of the app.

function idColumn(db: Kysely<any>) {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  return (c: any) => (pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement());
}

/** Surveys (seasonal order forms): survey → pages → questions → details (items or text). */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('surveys')
    .addColumn('master_id', 'text', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('subtitle', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('survey_pages')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('master_id', 'text', (c) => c.notNull().references('surveys.master_id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('survey_pages_master').on('survey_pages').columns(['master_id', 'position']).execute();

  await db.schema
    .createTable('survey_questions')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('page_id', 'integer', (c) => c.notNull().references('survey_pages.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('survey_questions_page').on('survey_questions').columns(['page_id', 'position']).execute();

  await db.schema
    .createTable('survey_details')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('question_id', 'integer', (c) => c.notNull().references('survey_questions.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('item_num', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('image', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('image_width', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('image_height', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sub_title', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('info_html', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('case_qty', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('survey_details_question').on('survey_details').columns(['question_id', 'position']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('survey_details').execute();
  await db.schema.dropTable('survey_questions').execute();
  await db.schema.dropTable('survey_pages').execute();
  await db.schema.dropTable('surveys').execute();
}
