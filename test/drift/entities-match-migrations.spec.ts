// The entities describe the schema the migrations make, so a reader can trust them: on each backend,
// a database migrated from empty has every entity's table and every column the entity names, null
// allowed exactly where the entity allows it. The schema is made only by migrations (never
// synchronize), so nothing else would notice an entity that names a column no migration creates.
import type { DataSource } from 'typeorm';
import { describeEachMigrated, type Backend } from '../support/databases';

/** The columns of a table as the database has them, each with whether it takes null; empty when there is no such table. */
async function columnsOf(source: DataSource, backend: Backend, table: string): Promise<Map<string, boolean>> {
  if (backend === 'sqlite') {
    // SQLite lets a primary key other than INTEGER PRIMARY KEY hold null unless it says NOT NULL;
    // ours never does, so a key column counts as not null, as it is on MySQL/MariaDB.
    const rows: { name: string; notnull: number; pk: number }[] = await source.query('SELECT name, "notnull", pk FROM pragma_table_info(?)', [table]);
    return new Map(rows.map((row) => [row.name, row.notnull === 0 && row.pk === 0]));
  }
  const rows: { name: string; nullable: string }[] = await source.query(
    'SELECT COLUMN_NAME AS name, IS_NULLABLE AS nullable FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = ?', [table]);
  return new Map(rows.map((row) => [row.name, row.nullable === 'YES']));
}

const nullability = (nullable: boolean) => (nullable ? 'nullable' : 'NOT NULL');

describeEachMigrated('entities and migrations', (sourceOf, backend) => {
  it('every entity has its table, every column it names, with the nullability it declares', async () => {
    const source = sourceOf();
    const tables = source.entityMetadatas.map((entity) => entity.tableName);
    expect(tables).toEqual(expect.arrayContaining(['bases', 'users', 'members', 'tokens', 'pages', 'page_texts']));
    const disagreements: string[] = [];
    for (const entity of source.entityMetadatas) {
      const columns = await columnsOf(source, backend, entity.tableName);
      if (columns.size === 0) {
        disagreements.push(`${entity.name}: no table ${entity.tableName}`);
        continue;
      }
      for (const column of entity.columns) {
        const nullable = columns.get(column.databaseName);
        const where = `${entity.name}.${column.propertyName}: ${entity.tableName}.${column.databaseName}`;
        if (nullable === undefined) disagreements.push(`${where} does not exist`);
        else if (nullable !== column.isNullable) disagreements.push(`${where} is ${nullability(nullable)}, the entity says ${nullability(column.isNullable)}`);
      }
    }
    expect(disagreements).toEqual([]);
  });
});
