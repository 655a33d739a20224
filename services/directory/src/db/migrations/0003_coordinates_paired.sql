-- A place is both coordinates or neither. A profile saved before the contract refused it may hold
-- one alone, which places it nowhere: such a lone coordinate is cleared. The migrator runs this
-- in one transaction: reads go on during the clean-up, but from the ALTER until the commit the
-- table is locked against reads and writes while the constraint scans it once (seconds for a
-- million profiles).
UPDATE "directory"."profiles" SET "latitude" = NULL, "longitude" = NULL WHERE ("latitude" IS NULL) <> ("longitude" IS NULL);--> statement-breakpoint
ALTER TABLE "directory"."profiles" ADD CONSTRAINT "profiles_coordinates_paired" CHECK (("latitude" is null) = ("longitude" is null));
