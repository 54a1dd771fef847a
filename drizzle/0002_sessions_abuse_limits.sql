-- Hand edits after `drizzle-kit generate` (issue 11): the foreign key names "users" without the "public." qualifier
-- drizzle-kit adds, so the tables resolve through search_path (tests isolate themselves in their own schema); and
-- "username_key" is filled for printable-ASCII usernames here, where PostgreSQL's lower() and JavaScript's agree in
-- every locale. Other usernames are keyed by the server at start-up (fillUsernameKeys in server/auth/users.ts).
CREATE TABLE "abuse_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"level" double precision NOT NULL,
	"updated_at" bigint NOT NULL,
	"blocked_until" bigint NOT NULL,
	"expires_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refresh_token_families" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"generation" integer DEFAULT 0 NOT NULL,
	"token_hash" text NOT NULL,
	"previous_token_hash" text,
	"rotated_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_reason" text
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "username_key" text;--> statement-breakpoint
UPDATE "users" SET "username_key" = lower("username") WHERE "username" ~ '^[ -~]*$';--> statement-breakpoint
DROP INDEX "users_username_lower_key";--> statement-breakpoint
ALTER TABLE "refresh_token_families" ADD CONSTRAINT "refresh_token_families_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "abuse_limits_expires_at_idx" ON "abuse_limits" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "refresh_token_families_user_id_idx" ON "refresh_token_families" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_key_key" ON "users" USING btree ("username_key");
