CREATE TABLE "checkout_reminders" (
	"user_id" text PRIMARY KEY NOT NULL,
	"items" jsonb NOT NULL,
	"seen_at" timestamp (3) with time zone NOT NULL,
	"reminded_at" timestamp (3) with time zone
);
--> statement-breakpoint
ALTER TABLE "checkout_reminders" ADD CONSTRAINT "checkout_reminders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "checkout_reminders_due_idx" ON "checkout_reminders" USING btree ("reminded_at","seen_at");