CREATE TABLE "audit_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" integer,
	"actor_username" text NOT NULL,
	"action" text NOT NULL,
	"student_id" integer,
	"student_username" text,
	"class_id" integer,
	"class_name" text,
	"day" smallint
);
--> statement-breakpoint
CREATE TABLE "class_facilitators" (
	"class_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "class_facilitators_class_id_user_id_pk" PRIMARY KEY("class_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "class_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"class_id" integer NOT NULL,
	"sender_id" integer,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "class_roster_changes" (
	"class_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"included" boolean NOT NULL,
	CONSTRAINT "class_roster_changes_class_id_user_id_pk" PRIMARY KEY("class_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "classes" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"name_key" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "classes_name_key_unique" UNIQUE("name_key")
);
--> statement-breakpoint
ALTER TABLE "inbox_messages" ADD COLUMN "sender" text;--> statement-breakpoint
ALTER TABLE "inbox_messages" ADD COLUMN "body_html" text;--> statement-breakpoint
ALTER TABLE "inbox_messages" ADD COLUMN "class_message_id" integer;--> statement-breakpoint
ALTER TABLE "module_responses" ADD COLUMN "answered_fields" smallint;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "role" text DEFAULT 'student' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "classroom_key" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_facilitators" ADD CONSTRAINT "class_facilitators_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_facilitators" ADD CONSTRAINT "class_facilitators_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_messages" ADD CONSTRAINT "class_messages_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_messages" ADD CONSTRAINT "class_messages_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_roster_changes" ADD CONSTRAINT "class_roster_changes_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_roster_changes" ADD CONSTRAINT "class_roster_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classes" ADD CONSTRAINT "classes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "class_facilitators_user_id_idx" ON "class_facilitators" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "class_roster_changes_user_id_idx" ON "class_roster_changes" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "inbox_messages" ADD CONSTRAINT "inbox_messages_class_message_id_class_messages_id_fk" FOREIGN KEY ("class_message_id") REFERENCES "class_messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inbox_messages_class_message_id_idx" ON "inbox_messages" USING btree ("class_message_id");--> statement-breakpoint
CREATE INDEX "users_classroom_key_idx" ON "users" USING btree ("classroom_key");