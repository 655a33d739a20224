-- The Skills tab nearest first: a GiST index over (location, skills document) whose scan tests each
-- entry's word signature, so a search reads only the nearest profiles that may hold the words.
CREATE INDEX "profiles_geo_skills_idx" ON "directory"."profiles" USING gist ("geo","skills_tsv") WHERE "skills_tsv" <> ''::tsvector;