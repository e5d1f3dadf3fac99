CREATE TABLE `audit_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`actor_id` text,
	`actor_email` text,
	`action` text NOT NULL,
	`target_type` text NOT NULL,
	`target_id` text,
	`reason` text,
	`details` text,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `audit_created_idx` ON `audit_log` (`created_at`);--> statement-breakpoint
CREATE TABLE `protection_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text NOT NULL,
	`kind` text NOT NULL,
	`detail` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `protection_user_idx` ON `protection_events` (`user_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `users` ADD `monthly_limit_pence` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `pending_limit_pence` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `pending_limit_removes` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `pending_limit_effective_at` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `suspended_until` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `suspension_kind` text;--> statement-breakpoint
ALTER TABLE `users` ADD `suspension_reason` text;--> statement-breakpoint
ALTER TABLE `users` ADD `restricted_at` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `restriction_reason` text;--> statement-breakpoint
ALTER TABLE `users` ADD `closed_at` integer;--> statement-breakpoint
ALTER TABLE `competitions` ADD `cash_alternative` text;--> statement-breakpoint
ALTER TABLE `competitions` ADD `instant_win` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `orders` ADD `card_funding` text;--> statement-breakpoint
ALTER TABLE `contact_messages` ADD `kind` text DEFAULT 'message' NOT NULL;--> statement-breakpoint
ALTER TABLE `contact_messages` ADD `reference` text;--> statement-breakpoint
ALTER TABLE `contact_messages` ADD `status` text DEFAULT 'open' NOT NULL;--> statement-breakpoint
ALTER TABLE `contact_messages` ADD `response_due_at` integer;--> statement-breakpoint
ALTER TABLE `contact_messages` ADD `notes` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `contact_messages_reference_unique` ON `contact_messages` (`reference`);