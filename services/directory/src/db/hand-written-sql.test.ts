import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { SEARCH_DOCUMENT_FUNCTION } from './schema/search-documents.js';

const migration = (name: string) => readFile(new URL(`./migrations/${name}`, import.meta.url), 'utf8');

describe('hand-written SQL in the migrations', () => {
  it('creates exactly the search function the schema documents', async () => {
    expect(await migration('0000_init.sql')).toContain(SEARCH_DOCUMENT_FUNCTION);
  });
});
