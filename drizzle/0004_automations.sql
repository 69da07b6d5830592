CREATE TABLE "sandbox_messenger_profiles" (
	"id" text PRIMARY KEY NOT NULL,
	"platform" text NOT NULL,
	"target_external_id" text NOT NULL,
	"type" text NOT NULL,
	"config" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "automation_execution_steps" (
	"id" text PRIMARY KEY NOT NULL,
	"execution_id" text NOT NULL,
	"step_id" text NOT NULL,
	"position" integer NOT NULL,
	"type" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"attempt_count" integer DEFAULT 0 NOT NULL,
	"output" jsonb,
	"error" jsonb,
	"started_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "automation_executions" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"team_id" text NOT NULL,
	"flow_id" text NOT NULL,
	"flow_version_id" text NOT NULL,
	"trigger_id" text NOT NULL,
	"platform" text NOT NULL,
	"social_account_id" text,
	"fetched_comment_id" text,
	"conversation_id" text,
	"conversation_message_id" text,
	"sender_external_id" text,
	"current_step_id" text,
	"status" text NOT NULL,
	"input" jsonb NOT NULL,
	"output" jsonb,
	"error" jsonb,
	"received_at" timestamp with time zone NOT NULL,
	"scheduled_at" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "automation_flow_versions" (
	"id" text PRIMARY KEY NOT NULL,
	"flow_id" text NOT NULL,
	"organization_id" text NOT NULL,
	"version" integer NOT NULL,
	"status" text NOT NULL,
	"definition" jsonb NOT NULL,
	"trigger_type" text NOT NULL,
	"platform" text NOT NULL,
	"social_account_id" text,
	"post_id" text,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "automation_flows" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"team_id" text NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'DRAFT' NOT NULL,
	"platform_scope" text NOT NULL,
	"published_version_id" text,
	"draft_version_id" text,
	"last_version" integer DEFAULT 0 NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "automation_provider_settings" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"team_id" text NOT NULL,
	"social_account_id" text NOT NULL,
	"platform" text NOT NULL,
	"type" text NOT NULL,
	"status" text DEFAULT 'DRAFT' NOT NULL,
	"config" jsonb NOT NULL,
	"last_synced_at" timestamp with time zone,
	"last_sync_error" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "comment_import_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "automation_execution_steps" ADD CONSTRAINT "automation_execution_steps_execution_id_automation_executions_id_fk" FOREIGN KEY ("execution_id") REFERENCES "public"."automation_executions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_executions" ADD CONSTRAINT "automation_executions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_executions" ADD CONSTRAINT "automation_executions_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_executions" ADD CONSTRAINT "automation_executions_flow_id_automation_flows_id_fk" FOREIGN KEY ("flow_id") REFERENCES "public"."automation_flows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_executions" ADD CONSTRAINT "automation_executions_flow_version_id_automation_flow_versions_id_fk" FOREIGN KEY ("flow_version_id") REFERENCES "public"."automation_flow_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_executions" ADD CONSTRAINT "automation_executions_social_account_id_social_accounts_id_fk" FOREIGN KEY ("social_account_id") REFERENCES "public"."social_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_flow_versions" ADD CONSTRAINT "automation_flow_versions_flow_id_automation_flows_id_fk" FOREIGN KEY ("flow_id") REFERENCES "public"."automation_flows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_flow_versions" ADD CONSTRAINT "automation_flow_versions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_flow_versions" ADD CONSTRAINT "automation_flow_versions_social_account_id_social_accounts_id_fk" FOREIGN KEY ("social_account_id") REFERENCES "public"."social_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_flows" ADD CONSTRAINT "automation_flows_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_flows" ADD CONSTRAINT "automation_flows_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_flows" ADD CONSTRAINT "automation_flows_published_version_id_automation_flow_versions_id_fk" FOREIGN KEY ("published_version_id") REFERENCES "public"."automation_flow_versions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_flows" ADD CONSTRAINT "automation_flows_draft_version_id_automation_flow_versions_id_fk" FOREIGN KEY ("draft_version_id") REFERENCES "public"."automation_flow_versions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_provider_settings" ADD CONSTRAINT "automation_provider_settings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_provider_settings" ADD CONSTRAINT "automation_provider_settings_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_provider_settings" ADD CONSTRAINT "automation_provider_settings_social_account_id_social_accounts_id_fk" FOREIGN KEY ("social_account_id") REFERENCES "public"."social_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_messenger_profiles_target_type_unique" ON "sandbox_messenger_profiles" USING btree ("platform","target_external_id","type");--> statement-breakpoint
CREATE UNIQUE INDEX "automation_execution_steps_execution_step_unique" ON "automation_execution_steps" USING btree ("execution_id","step_id");--> statement-breakpoint
CREATE UNIQUE INDEX "automation_executions_flow_trigger_unique" ON "automation_executions" USING btree ("flow_id","trigger_id");--> statement-breakpoint
CREATE INDEX "automation_executions_flow_created_idx" ON "automation_executions" USING btree ("flow_id","created_at","id");--> statement-breakpoint
CREATE INDEX "automation_executions_waiting_idx" ON "automation_executions" USING btree ("status","scheduled_at") WHERE "automation_executions"."status" in ('QUEUED', 'RUNNING');--> statement-breakpoint
CREATE INDEX "automation_executions_sender_idx" ON "automation_executions" USING btree ("social_account_id","sender_external_id","created_at");--> statement-breakpoint
CREATE INDEX "automation_executions_created_idx" ON "automation_executions" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "automation_flow_versions_flow_version_unique" ON "automation_flow_versions" USING btree ("flow_id","version");--> statement-breakpoint
CREATE INDEX "automation_flow_versions_account_idx" ON "automation_flow_versions" USING btree ("social_account_id","trigger_type");--> statement-breakpoint
CREATE INDEX "automation_flows_team_created_idx" ON "automation_flows" USING btree ("organization_id","team_id","created_at","id");--> statement-breakpoint
CREATE INDEX "automation_flows_published_idx" ON "automation_flows" USING btree ("published_version_id");--> statement-breakpoint
CREATE UNIQUE INDEX "automation_provider_settings_account_type_unique" ON "automation_provider_settings" USING btree ("social_account_id","type");--> statement-breakpoint
CREATE INDEX "automation_provider_settings_team_updated_idx" ON "automation_provider_settings" USING btree ("organization_id","team_id","updated_at","id");