// The DataSource of the TypeORM CLI (npm run typeorm -- migration:run): the same options the
// service uses, for the database of KB_DATABASE_URL (else ./data/kb.db).
import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { databaseUrlFrom } from './src/config/config';
import { dataSourceOptions, parseDatabaseUrl } from './src/database/data-source';

export default new DataSource(dataSourceOptions(parseDatabaseUrl(databaseUrlFrom())));
