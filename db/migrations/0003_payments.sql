CREATE TABLE `payment_events` (
	`id` text PRIMARY KEY NOT NULL,
	`type` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `refunds` (
	`id` text PRIMARY KEY NOT NULL,
	`order_id` text NOT NULL,
	`amount_pence` integer NOT NULL,
	`reason` text NOT NULL,
	`provider_refund_id` text NOT NULL,
	`request_key` text,
	`actor_id` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `refunds_provider_refund_id_unique` ON `refunds` (`provider_refund_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `refunds_request_key_unique` ON `refunds` (`request_key`);--> statement-breakpoint
CREATE INDEX `refunds_order_idx` ON `refunds` (`order_id`);--> statement-breakpoint
CREATE TABLE `simulated_payments` (
	`id` text PRIMARY KEY NOT NULL,
	`idempotency_key` text NOT NULL,
	`order_id` text NOT NULL,
	`amount_pence` integer NOT NULL,
	`token` text NOT NULL,
	`return_url` text NOT NULL,
	`status` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `simulated_payments_idempotency_key_unique` ON `simulated_payments` (`idempotency_key`);--> statement-breakpoint
ALTER TABLE `orders` ADD `refunded_pence` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `orders` ADD `dispute_id` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `dispute_status` text;--> statement-breakpoint
CREATE INDEX `orders_payment_idx` ON `orders` (`payment_id`);