ALTER TABLE `winners` ADD `voided_at` integer;--> statement-breakpoint
ALTER TABLE `instant_prizes` ADD `voided_at` integer;