ALTER TABLE `entries` ADD `client_ip` text;--> statement-breakpoint
CREATE INDEX `entries_held_user_idx` ON `entries` (`competition_id`,`user_id`) WHERE "entries"."payment_status" = 'pending';--> statement-breakpoint
CREATE INDEX `entries_held_ip_idx` ON `entries` (`competition_id`,`client_ip`) WHERE "entries"."payment_status" = 'pending';--> statement-breakpoint
ALTER TABLE `orders` ADD `client_ip` text;