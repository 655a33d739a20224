-- Nearest first among members with skills, the typed words tested inside the index: each entry
-- carries its skills document's word signature, so a KNN scan reads from the heap only the profiles
-- that may hold the words (SearchRepository, statements.nearest). Built without CONCURRENTLY
-- (migrations run in a transaction): writes to profiles wait while it builds, 8.5 s over 1,000,000
-- generated profiles on a 2-core host.
CREATE INDEX "profiles_geo_skills_idx" ON "directory"."profiles" USING gist ("geo","skills_tsv" tsvector_ops(siglen=64)) WHERE "skills_tsv" <> ''::tsvector;
