ALTER TABLE `winners` ADD `publish_name` integer;--> statement-breakpoint
ALTER TABLE `winners` ADD `publish_photo` integer;