import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { CELL_DOCUMENT_FUNCTION, SCHOOLS_PREDICATE, SEARCH_DOCUMENT_FUNCTION } from './schema/search-documents.js';

const migration = (name: string) => readFile(new URL(`./migrations/${name}`, import.meta.url), 'utf8');

describe('hand-written SQL in the migrations', () => {
  it('creates exactly the search functions the schema documents', async () => {
    const init = await migration('0000_init.sql');
    for (const definition of [SEARCH_DOCUMENT_FUNCTION, CELL_DOCUMENT_FUNCTION]) expect(init).toContain(definition);
  });

  it('indexes the schools under exactly the condition the Schools tab states', async () => {
    expect(await migration('0006_schools_cells.sql')).toContain(`WHERE ${SCHOOLS_PREDICATE};`);
  });
});
