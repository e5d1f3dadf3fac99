ALTER TABLE `mail_outbox` ADD `user_id` text;--> statement-breakpoint
CREATE INDEX `mail_outbox_unsent_idx` ON `mail_outbox` (`status`,`created_at`) WHERE "mail_outbox"."status" <> 'sent';