CREATE TABLE "messaging"."deleted_members" (
	"id" text PRIMARY KEY NOT NULL,
	"deleted_at" timestamp (3) with time zone NOT NULL
);
