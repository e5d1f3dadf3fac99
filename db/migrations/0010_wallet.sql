CREATE TABLE `wallet_entries` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text,
	`email` text NOT NULL,
	`amount_pence` integer NOT NULL,
	`kind` text NOT NULL,
	`reference` text,
	`note` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `wallet_user_idx` ON `wallet_entries` (`user_id`);--> statement-breakpoint
CREATE INDEX `wallet_email_idx` ON `wallet_entries` (`email`);