CREATE TABLE `checkout_reminders` (
	`user_id` text PRIMARY KEY NOT NULL,
	`items` text NOT NULL,
	`seen_at` integer NOT NULL,
	`reminded_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `checkout_reminders_due_idx` ON `checkout_reminders` (`reminded_at`,`seen_at`);