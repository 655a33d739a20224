-- A profile row averages about 3 kB, over the 2 kB at which Postgres moves a row's largest values
-- out of line (TOAST), and two values read row by row were among them:
-- - marker_json (about 430 bytes), read for each of up to 10,000 markers: 1,324 of a 500-marker
--   answer's 1,864 buffers were TOAST lookups;
-- - skills_tsv (about 190 bytes), tested row by row by nearest-first searches of the skills scope.
-- MAIN keeps both in the row; values read for a page of 20 results only (user_skills_json, the
-- other search documents) go out in their place, so rows are no wider. Rows stored before this
-- keep their layout until the table is rewritten (CLUSTER, as docs/api.md asks of operators).
ALTER TABLE "directory"."profiles" ALTER COLUMN "marker_json" SET STORAGE MAIN;--> statement-breakpoint
ALTER TABLE "directory"."profiles" ALTER COLUMN "skills_tsv" SET STORAGE MAIN;
