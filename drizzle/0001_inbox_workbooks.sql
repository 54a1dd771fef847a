-- Hand edit after `drizzle-kit generate`: the foreign keys name their tables without the "public." qualifier
-- drizzle-kit adds, so the tables resolve through search_path (tests isolate themselves in their own schema).
CREATE TABLE "inbox_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"is_read" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workbook_section_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"section_id" integer NOT NULL,
	"position" integer NOT NULL,
	"image" text NOT NULL,
	"caption" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workbook_sections" (
	"id" serial PRIMARY KEY NOT NULL,
	"workbook_id" integer NOT NULL,
	"position" integer NOT NULL,
	"heading" text NOT NULL,
	"content_html" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workbooks" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workbooks_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
ALTER TABLE "inbox_messages" ADD CONSTRAINT "inbox_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workbook_section_images" ADD CONSTRAINT "workbook_section_images_section_id_workbook_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "workbook_sections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workbook_sections" ADD CONSTRAINT "workbook_sections_workbook_id_workbooks_id_fk" FOREIGN KEY ("workbook_id") REFERENCES "workbooks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inbox_messages_user_id_sent_at_idx" ON "inbox_messages" USING btree ("user_id","sent_at");--> statement-breakpoint
CREATE UNIQUE INDEX "workbook_section_images_section_id_position_key" ON "workbook_section_images" USING btree ("section_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "workbook_sections_workbook_id_position_key" ON "workbook_sections" USING btree ("workbook_id","position");