CREATE TABLE "sandbox_messages" (
	"id" text PRIMARY KEY NOT NULL,
	"profile_id" text NOT NULL,
	"intent_key" text NOT NULL,
	"external_message_id" text NOT NULL,
	"page_id" text NOT NULL,
	"recipient_id" text,
	"comment_id" text,
	"message" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "platform_delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sandbox_messages" ADD CONSTRAINT "sandbox_messages_profile_id_sandbox_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."sandbox_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_messages_intent_unique" ON "sandbox_messages" USING btree ("profile_id","intent_key");--> statement-breakpoint
CREATE INDEX "messages_pending_idx" ON "messages" USING btree ("created_at") WHERE "messages"."status" = 'PENDING';