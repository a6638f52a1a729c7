import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // The schema files of db/schema (the index lists them, and the app imports its tables from it) and a
  // feature's own tables, found by their file's name in its folder (decision 0101).
  schema: ['./src/server/db/schema/index.ts', './src/server/features/*/*.schema.ts'],
  out: './src/server/db/migrations',
  casing: undefined,
});
