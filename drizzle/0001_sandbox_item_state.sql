ALTER TABLE "sandbox_items" ADD COLUMN "like_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_items" ADD COLUMN "owner_liked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sandbox_items" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sandbox_items" ADD COLUMN "edited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sandbox_items" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sandbox_items" ADD COLUMN "metadata" jsonb DEFAULT '{}'::jsonb NOT NULL;