-- A place is both coordinates or neither. Before the contract refused it (eighth session), a
-- profile could be saved with one alone, which places it nowhere: such a lone coordinate is
-- cleared. The constraint is added NOT VALID, then validated, so the check of existing rows holds
-- only a lock that lets reads and writes go on.
UPDATE "directory"."profiles" SET "latitude" = NULL, "longitude" = NULL WHERE ("latitude" IS NULL) <> ("longitude" IS NULL);--> statement-breakpoint
ALTER TABLE "directory"."profiles" ADD CONSTRAINT "profiles_coordinates_paired" CHECK (("latitude" is null) = ("longitude" is null)) NOT VALID;--> statement-breakpoint
ALTER TABLE "directory"."profiles" VALIDATE CONSTRAINT "profiles_coordinates_paired";
