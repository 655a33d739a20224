import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { MARKER_DOCUMENT_FUNCTION } from './schema/marker-document.js';
import { CELL_DOCUMENT_FUNCTION, SEARCH_DOCUMENT_FUNCTION } from './schema/search-documents.js';

/**
 * Run after drizzle-kit generates the init migration (`npm run db:generate -w @freemarket/directory`).
 * The migrator creates the schema for its own table first, hence IF NOT EXISTS; and the geo column
 * needs cube + earthdistance and the search documents (and the cell-tagged text index) and map marker functions, which drizzle-kit cannot declare. Both are trusted extensions, and
 * docker-compose's init script already creates them.
 */
const file = fileURLToPath(new URL('./migrations/0000_init.sql', import.meta.url));
const sqlText = await readFile(file, 'utf8');
const head = 'CREATE SCHEMA "directory";';
if (!sqlText.startsWith(head)) throw new Error(`unexpected first line in ${file}`);
const statements = ['CREATE SCHEMA IF NOT EXISTS "directory";', 'CREATE EXTENSION IF NOT EXISTS cube;', 'CREATE EXTENSION IF NOT EXISTS earthdistance;', SEARCH_DOCUMENT_FUNCTION, CELL_DOCUMENT_FUNCTION, MARKER_DOCUMENT_FUNCTION];
// A function, not a string: '$$' in a replacement string would turn into '$'.
await writeFile(file, sqlText.replace(head, () => statements.join('\n--> statement-breakpoint\n')));
