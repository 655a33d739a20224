-- Nearest first among members with skills, the typed words tested inside the index: each entry
-- carries its skills document's word signature, so a KNN scan reads from the heap only the profiles
-- that may hold the words (SearchRepository, statements.nearest). Over strip(skills_tsv), the same
-- words, which only that walk names: a signature cannot test a prefix, and where other statements'
-- `skills_tsv @@` could use the index the planner read all of it (223 ms near Boise). Built without
-- CONCURRENTLY (migrations run in a transaction): writes to profiles wait while it builds, about 9 s
-- over 1,000,000 generated profiles on a 2-core host.
CREATE INDEX "profiles_geo_skills_idx" ON "directory"."profiles" USING gist ("geo",strip("skills_tsv") tsvector_ops(siglen=64)) WHERE "skills_tsv" <> ''::tsvector;
