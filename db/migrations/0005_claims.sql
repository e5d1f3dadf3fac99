CREATE TABLE `prize_claims` (
	`id` text PRIMARY KEY NOT NULL,
	`winner_id` text NOT NULL,
	`competition_id` text NOT NULL,
	`entry_id` text,
	`user_id` text,
	`customer_email` text NOT NULL,
	`customer_name` text NOT NULL,
	`ticket_number` text,
	`status` text DEFAULT 'notified' NOT NULL,
	`notified_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`reminder_48h_at` integer,
	`reminder_7d_at` integer,
	`contacted_at` integer,
	`contact_note` text,
	`choice` text,
	`phone` text,
	`address` text,
	`deliverable` integer,
	`terms_accepted_at` integer,
	`claimed_at` integer,
	`fulfilled_at` integer,
	`fulfilment` text,
	`reference` text,
	`expired_at` integer,
	`expiry_reason` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`winner_id`) REFERENCES `winners`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`competition_id`) REFERENCES `competitions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`entry_id`) REFERENCES `entries`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `prize_claims_winner_idx` ON `prize_claims` (`winner_id`);--> statement-breakpoint
CREATE INDEX `prize_claims_user_idx` ON `prize_claims` (`user_id`);--> statement-breakpoint
CREATE INDEX `prize_claims_status_idx` ON `prize_claims` (`status`,`notified_at`);--> statement-breakpoint
ALTER TABLE `notifications` ADD `link` text;