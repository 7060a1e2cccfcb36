import { createTemplateDatabase, TEMPLATE_ENV } from '../db/test-database.js';

/**
 * vitest globalSetup: migrate one database for the whole run and name it to the test files
 * (their workers start after this and inherit the variable), so each file's database is a
 * copy instead of a migration of its own. The run drops it when it ends.
 */
export default async function setup(): Promise<() => Promise<void>> {
  if (process.env[TEMPLATE_ENV]) return async () => undefined;
  const template = await createTemplateDatabase();
  process.env[TEMPLATE_ENV] = template.name;
  return async () => {
    delete process.env[TEMPLATE_ENV];
    await template.drop();
  };
}
