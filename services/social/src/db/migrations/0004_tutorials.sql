CREATE TABLE "social"."diy_content" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"creator_id" text NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"video_url" text,
	"duration" integer,
	"price" numeric(10, 2) DEFAULT '0' NOT NULL,
	"is_free" boolean DEFAULT false NOT NULL,
	"skill_id" uuid,
	"category_id" uuid,
	"view_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "social"."saved_tutorials" (
	"user_id" text NOT NULL,
	"tutorial_id" uuid NOT NULL,
	"saved_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_tutorials_user_id_tutorial_id_pk" PRIMARY KEY("user_id","tutorial_id")
);
--> statement-breakpoint
CREATE TABLE "social"."skills" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"category_id" uuid NOT NULL,
	"category_name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "social"."tutorial_views" (
	"tutorial_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"viewed_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tutorial_views_tutorial_id_user_id_pk" PRIMARY KEY("tutorial_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "social"."saved_tutorials" ADD CONSTRAINT "saved_tutorials_tutorial_id_diy_content_id_fk" FOREIGN KEY ("tutorial_id") REFERENCES "social"."diy_content"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social"."tutorial_views" ADD CONSTRAINT "tutorial_views_tutorial_id_diy_content_id_fk" FOREIGN KEY ("tutorial_id") REFERENCES "social"."diy_content"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "diy_content_category_idx" ON "social"."diy_content" USING btree ("category_id","created_at","id");--> statement-breakpoint
CREATE INDEX "diy_content_creator_idx" ON "social"."diy_content" USING btree ("creator_id","created_at","id");--> statement-breakpoint
CREATE INDEX "saved_tutorials_member_idx" ON "social"."saved_tutorials" USING btree ("user_id","saved_at");