DROP INDEX `entries_competition_idx`;--> statement-breakpoint
DROP INDEX `entries_user_idx`;--> statement-breakpoint
CREATE INDEX `entries_user_competition_idx` ON `entries` (`user_id`,`competition_id`);--> statement-breakpoint
CREATE INDEX `entries_competition_idx` ON `entries` (`competition_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `entries_user_idx` ON `entries` (`user_id`,`created_at`);--> statement-breakpoint
DROP INDEX `orders_user_idx`;--> statement-breakpoint
CREATE INDEX `orders_user_idx` ON `orders` (`user_id`,`created_at`);