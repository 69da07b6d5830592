CREATE TABLE "mastodon_apps" (
	"id" text PRIMARY KEY NOT NULL,
	"server" text NOT NULL,
	"redirect_uri" text NOT NULL,
	"scopes" text NOT NULL,
	"client_id" text NOT NULL,
	"client_secret_enc" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "mastodon_apps_server_redirect_unique" ON "mastodon_apps" USING btree ("server","redirect_uri");