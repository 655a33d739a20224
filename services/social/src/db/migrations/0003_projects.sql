CREATE TABLE "social"."project_participants" (
	"project_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"role" text DEFAULT 'collaborator' NOT NULL,
	"joined_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "project_participants_project_id_user_id_pk" PRIMARY KEY("project_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "social"."projects" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"creator_id" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"category" text NOT NULL,
	"custom_category" text,
	"status" text DEFAULT 'active' NOT NULL,
	"goals" text,
	"target_date" date,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "projects_category_check" CHECK ("social"."projects"."category" in ('events', 'community_investments', 'business_ideas', 'business', 'nonprofit_ideas', 'resources', 'legislation', 'petitions', 'pod_classrooms', 'other')),
	CONSTRAINT "projects_status_check" CHECK ("social"."projects"."status" in ('active', 'completed', 'archived'))
);
--> statement-breakpoint
ALTER TABLE "social"."project_participants" ADD CONSTRAINT "project_participants_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "social"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "project_participants_joined_idx" ON "social"."project_participants" USING btree ("project_id","joined_at");--> statement-breakpoint
CREATE INDEX "projects_created_idx" ON "social"."projects" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "projects_status_idx" ON "social"."projects" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "projects_category_status_idx" ON "social"."projects" USING btree ("category","status","created_at","id");--> statement-breakpoint
CREATE INDEX "projects_category_idx" ON "social"."projects" USING btree ("category","created_at","id");