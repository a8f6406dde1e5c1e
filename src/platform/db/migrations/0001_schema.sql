CREATE TYPE "public"."business_verified" AS ENUM('pending', 'accepted', 'rejected');--> statement-breakpoint
CREATE TYPE "public"."message_status" AS ENUM('held', 'queued', 'sending', 'sent', 'failed');--> statement-breakpoint
CREATE TYPE "public"."message_type" AS ENUM('marketing', 'utility', 'authentication');--> statement-breakpoint
CREATE TYPE "public"."payment_method" AS ENUM('credit', 'plan');--> statement-breakpoint
CREATE TYPE "public"."role" AS ENUM('superadmin', 'admin', 'business', 'user');--> statement-breakpoint
CREATE TYPE "public"."ticket_issue_type" AS ENUM('organizationAccount', 'userSubscription', 'paymentAndCredit', 'bugReports', 'featureRequests', 'campaignDelivery');--> statement-breakpoint
CREATE TYPE "public"."ticket_priority" AS ENUM('high', 'medium', 'low');--> statement-breakpoint
CREATE TYPE "public"."ticket_status" AS ENUM('pending', 'open', 'closed', 'resolved');--> statement-breakpoint
CREATE TYPE "public"."transaction_kind" AS ENUM('credit_purchase', 'plan_purchase', 'campaign_credit_debit', 'campaign_plan_debit', 'affiliate_commission', 'withdrawal', 'withdrawal_refund', 'admin_adjustment');--> statement-breakpoint
CREATE TYPE "public"."transaction_status" AS ENUM('pending', 'successful', 'failed', 'reversed');--> statement-breakpoint
CREATE TYPE "public"."webhook_status" AS ENUM('received', 'processed', 'ignored', 'failed');--> statement-breakpoint
CREATE TABLE "account_devices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"token" text NOT NULL,
	"platform" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"whatsapp_number" text,
	"avatar_url" text,
	"role" "role" DEFAULT 'business' NOT NULL,
	"verified" boolean DEFAULT false NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"deleted_at" timestamp with time zone,
	"password_hash" text,
	"identity_provider_subject" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounts_email_unique" UNIQUE("email"),
	CONSTRAINT "accounts_email_lower" CHECK ("accounts"."email" = lower("accounts"."email"))
);
--> statement-breakpoint
CREATE TABLE "app_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"marketing_rate" numeric(20, 4) NOT NULL,
	"utility_rate" numeric(20, 4) NOT NULL,
	"service_rate" numeric(20, 4) NOT NULL,
	"authentication_rate" numeric(20, 4) NOT NULL,
	"price_per_credit" numeric(20, 6) NOT NULL,
	"low_credit_threshold" numeric(20, 4) NOT NULL,
	"affiliate_percentage" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "app_settings_singleton" CHECK ("app_settings"."id" = 1),
	CONSTRAINT "app_settings_affiliate_percentage_range" CHECK ("app_settings"."affiliate_percentage" BETWEEN 0 AND 100)
);
--> statement-breakpoint
CREATE TABLE "bank_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"bank_name" text NOT NULL,
	"account_number" text NOT NULL,
	"account_name" text NOT NULL,
	"code" text NOT NULL,
	"recipient_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "businesses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"company_name" text,
	"company_logo" text,
	"address" text,
	"website" text,
	"business_registration_number" text,
	"country_code" text,
	"industry" text,
	"no_of_employees" integer,
	"no_of_subscribers" integer,
	"business_verified" "business_verified" DEFAULT 'pending' NOT NULL,
	"verification_reason" text,
	"verification_submitted_at" timestamp with time zone,
	"type" text DEFAULT 'standard' NOT NULL,
	"affiliate_percentage" integer,
	"referral_code" text,
	"referred_by" uuid,
	"provider" text,
	"waba_number" text,
	"waba_provider_id" text,
	"provider_hsm_id" text,
	"provider_hsm_password_enc" text,
	"provider_dashboard_login" text,
	"provider_dashboard_password_enc" text,
	"provider_twoway_login" text,
	"provider_twoway_password_enc" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "businesses_account_id_unique" UNIQUE("account_id"),
	CONSTRAINT "businesses_referral_code_unique" UNIQUE("referral_code"),
	CONSTRAINT "businesses_affiliate_percentage_range" CHECK ("businesses"."affiliate_percentage" IS NULL OR "businesses"."affiliate_percentage" BETWEEN 0 AND 100),
	CONSTRAINT "businesses_referral_code_format" CHECK ("businesses"."referral_code" IS NULL OR "businesses"."referral_code" ~ '^[A-Z]{10}$')
);
--> statement-breakpoint
CREATE TABLE "campaign_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"campaign_id" uuid NOT NULL,
	"business_id" uuid NOT NULL,
	"contact_id" uuid,
	"phone_number" text NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"status" "message_status" DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_expires_at" timestamp with time zone,
	"locked_by" text,
	"provider_message_id" text,
	"error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"message_type" "message_type" DEFAULT 'marketing' NOT NULL,
	"send_to_all_contact" boolean NOT NULL,
	"selected_contact_id" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"message" text NOT NULL,
	"upload_file_url" text,
	"header" text,
	"action_button_title" text,
	"action_button_url" text,
	"is_scheduled" boolean NOT NULL,
	"scheduled_at" timestamp with time zone,
	"time_zone" text,
	"payment_method" "payment_method",
	"is_published" boolean DEFAULT false NOT NULL,
	"is_sent_out" boolean DEFAULT false NOT NULL,
	"published_at" timestamp with time zone,
	"sent_out_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"recipient_count" integer DEFAULT 0 NOT NULL,
	"sent_count" integer DEFAULT 0 NOT NULL,
	"failed_count" integer DEFAULT 0 NOT NULL,
	"cost" numeric(20, 4),
	"rate" numeric(20, 4),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contacts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"phone_number" text NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"opt_in" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exchange_rates" (
	"country_code" text PRIMARY KEY NOT NULL,
	"currency" text NOT NULL,
	"rate" numeric(20, 6) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exchange_rates_rate_positive" CHECK ("exchange_rates"."rate" > 0),
	CONSTRAINT "exchange_rates_country_code_format" CHECK ("exchange_rates"."country_code" ~ '^[A-Z]{2}$')
);
--> statement-breakpoint
CREATE TABLE "notification_settings" (
	"business_id" uuid NOT NULL,
	"key" text NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_settings_business_id_key_pk" PRIMARY KEY("business_id","key")
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"message" text NOT NULL,
	"is_read" boolean DEFAULT false NOT NULL,
	"receiver_id" uuid NOT NULL,
	"receiver_type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"duration" integer NOT NULL,
	"description" text,
	"marketing_rate" numeric(20, 4) NOT NULL,
	"utility_rate" numeric(20, 4) NOT NULL,
	"service_rate" numeric(20, 4) NOT NULL,
	"authentication_rate" numeric(20, 4) NOT NULL,
	"free_credit" integer NOT NULL,
	"price" integer NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plans_duration_positive" CHECK ("plans"."duration" > 0),
	CONSTRAINT "plans_price_non_negative" CHECK ("plans"."price" >= 0),
	CONSTRAINT "plans_free_credit_non_negative" CHECK ("plans"."free_credit" >= 0),
	CONSTRAINT "plans_rates_non_negative" CHECK ("plans"."marketing_rate" >= 0 AND "plans"."utility_rate" >= 0 AND "plans"."service_rate" >= 0 AND "plans"."authentication_rate" >= 0)
);
--> statement-breakpoint
CREATE TABLE "rate_limit_buckets" (
	"key" text PRIMARY KEY NOT NULL,
	"tokens" double precision NOT NULL,
	"refreshed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refresh_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_comments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ticket_id" uuid NOT NULL,
	"author_account_id" uuid NOT NULL,
	"author_type" text NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tickets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"issue_type" "ticket_issue_type" NOT NULL,
	"question" text NOT NULL,
	"upload_file_url" text[] DEFAULT '{}'::text[] NOT NULL,
	"status" "ticket_status" DEFAULT 'pending' NOT NULL,
	"priority" "ticket_priority" DEFAULT 'medium' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"wallet_id" uuid NOT NULL,
	"kind" "transaction_kind" NOT NULL,
	"status" "transaction_status" DEFAULT 'pending' NOT NULL,
	"reference" text NOT NULL,
	"amount" numeric(20, 4) NOT NULL,
	"currency" text NOT NULL,
	"provider_amount" integer,
	"credits" numeric(20, 4),
	"balance_delta" numeric(20, 4) DEFAULT '0' NOT NULL,
	"earnings_delta" numeric(20, 2) DEFAULT '0' NOT NULL,
	"description" text,
	"campaign_id" uuid,
	"plan_id" uuid,
	"bank_account_id" uuid,
	"related_transaction_id" uuid,
	"provider_reference" text,
	"metadata" jsonb,
	"flagged" boolean DEFAULT false NOT NULL,
	"flag_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transactions_reference_unique" UNIQUE("reference"),
	CONSTRAINT "transactions_amount_non_negative" CHECK ("transactions"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "upload_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"url" text NOT NULL,
	"key" text NOT NULL,
	"file_name" text NOT NULL,
	"size" text,
	"type" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"plan_id" uuid NOT NULL,
	"free_credit" integer NOT NULL,
	"balance" numeric(20, 4) NOT NULL,
	"expired_date" timestamp with time zone NOT NULL,
	"transaction_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_plans_business_id_unique" UNIQUE("business_id"),
	CONSTRAINT "user_plans_balance_non_negative" CHECK ("user_plans"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "verification_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "verification_tokens_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "wallets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"balance" numeric(20, 4) DEFAULT '0' NOT NULL,
	"earnings" numeric(20, 2) DEFAULT '0' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallets_business_id_unique" UNIQUE("business_id"),
	CONSTRAINT "wallets_balance_non_negative" CHECK ("wallets"."balance" >= 0),
	CONSTRAINT "wallets_earnings_non_negative" CHECK ("wallets"."earnings" >= 0)
);
--> statement-breakpoint
CREATE TABLE "webhook_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider" text NOT NULL,
	"event_key" text NOT NULL,
	"event_type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" "webhook_status" DEFAULT 'received' NOT NULL,
	"error" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "account_devices" ADD CONSTRAINT "account_devices_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD CONSTRAINT "bank_accounts_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_referred_by_businesses_id_fk" FOREIGN KEY ("referred_by") REFERENCES "public"."businesses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_messages" ADD CONSTRAINT "campaign_messages_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_messages" ADD CONSTRAINT "campaign_messages_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_messages" ADD CONSTRAINT "campaign_messages_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_sessions" ADD CONSTRAINT "refresh_sessions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_comments" ADD CONSTRAINT "ticket_comments_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_comments" ADD CONSTRAINT "ticket_comments_author_account_id_accounts_id_fk" FOREIGN KEY ("author_account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_wallet_id_wallets_id_fk" FOREIGN KEY ("wallet_id") REFERENCES "public"."wallets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upload_files" ADD CONSTRAINT "upload_files_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_plans" ADD CONSTRAINT "user_plans_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_plans" ADD CONSTRAINT "user_plans_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "account_devices_account_token_key" ON "account_devices" USING btree ("account_id","token");--> statement-breakpoint
CREATE INDEX "accounts_created_at_idx" ON "accounts" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "accounts_role_idx" ON "accounts" USING btree ("role");--> statement-breakpoint
CREATE INDEX "accounts_name_trgm_idx" ON "accounts" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "accounts_email_trgm_idx" ON "accounts" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "bank_accounts_business_number_code_key" ON "bank_accounts" USING btree ("business_id","account_number","code");--> statement-breakpoint
CREATE INDEX "bank_accounts_business_idx" ON "bank_accounts" USING btree ("business_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "businesses_waba_number_key" ON "businesses" USING btree ("waba_number");--> statement-breakpoint
CREATE INDEX "businesses_verified_idx" ON "businesses" USING btree ("business_verified","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "businesses_created_at_idx" ON "businesses" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "businesses_referred_by_idx" ON "businesses" USING btree ("referred_by");--> statement-breakpoint
CREATE INDEX "businesses_company_name_trgm_idx" ON "businesses" USING gin ("company_name" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_messages_campaign_phone_key" ON "campaign_messages" USING btree ("campaign_id","phone_number");--> statement-breakpoint
CREATE INDEX "campaign_messages_campaign_status_idx" ON "campaign_messages" USING btree ("campaign_id","status");--> statement-breakpoint
CREATE INDEX "campaign_messages_ready_idx" ON "campaign_messages" USING btree ("business_id","next_attempt_at") WHERE "campaign_messages"."status" = 'queued';--> statement-breakpoint
CREATE INDEX "campaign_messages_lease_idx" ON "campaign_messages" USING btree ("lease_expires_at") WHERE "campaign_messages"."status" = 'sending';--> statement-breakpoint
CREATE INDEX "campaigns_business_created_idx" ON "campaigns" USING btree ("business_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "campaigns_name_trgm_idx" ON "campaigns" USING gin ("business_id","name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "campaigns_due_idx" ON "campaigns" USING btree ("scheduled_at") WHERE "campaigns"."is_scheduled" AND "campaigns"."is_published" AND NOT "campaigns"."is_sent_out";--> statement-breakpoint
CREATE INDEX "campaigns_business_sent_idx" ON "campaigns" USING btree ("business_id","sent_out_at" DESC NULLS FIRST) WHERE "campaigns"."is_sent_out";--> statement-breakpoint
CREATE INDEX "campaigns_delivering_idx" ON "campaigns" USING btree ("sent_out_at") WHERE "campaigns"."is_sent_out" AND "campaigns"."completed_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "contacts_business_phone_key" ON "contacts" USING btree ("business_id","phone_number");--> statement-breakpoint
CREATE INDEX "contacts_business_created_idx" ON "contacts" USING btree ("business_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "contacts_business_opt_in_idx" ON "contacts" USING btree ("business_id","opt_in","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "contacts_search_trgm_idx" ON "contacts" USING gin ("business_id",("first_name" || ' ' || "last_name" || ' ' || "phone_number") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contacts_tags_idx" ON "contacts" USING gin ("business_id","tags");--> statement-breakpoint
CREATE INDEX "notifications_receiver_created_idx" ON "notifications" USING btree ("receiver_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "notifications_receiver_unread_idx" ON "notifications" USING btree ("receiver_id") WHERE NOT "notifications"."is_read";--> statement-breakpoint
CREATE INDEX "plans_active_created_idx" ON "plans" USING btree ("is_active","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "plans_name_trgm_idx" ON "plans" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "refresh_sessions_account_idx" ON "refresh_sessions" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "ticket_comments_ticket_created_idx" ON "ticket_comments" USING btree ("ticket_id","created_at");--> statement-breakpoint
CREATE INDEX "tickets_business_created_idx" ON "tickets" USING btree ("business_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "tickets_status_created_idx" ON "tickets" USING btree ("status","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "tickets_question_trgm_idx" ON "tickets" USING gin ("question" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "transactions_business_created_idx" ON "transactions" USING btree ("business_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "transactions_business_kind_idx" ON "transactions" USING btree ("business_id","kind","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "transactions_wallet_idx" ON "transactions" USING btree ("wallet_id");--> statement-breakpoint
CREATE INDEX "transactions_provider_reference_idx" ON "transactions" USING btree ("provider_reference");--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_refund_of_key" ON "transactions" USING btree ("related_transaction_id") WHERE "transactions"."kind" = 'withdrawal_refund';--> statement-breakpoint
CREATE INDEX "upload_files_business_created_idx" ON "upload_files" USING btree ("business_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "upload_files_key_key" ON "upload_files" USING btree ("key");--> statement-breakpoint
CREATE INDEX "verification_tokens_code_hash_idx" ON "verification_tokens" USING btree ("code_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_events_provider_key" ON "webhook_events" USING btree ("provider","event_key");--> statement-breakpoint
CREATE INDEX "webhook_events_status_idx" ON "webhook_events" USING btree ("status","received_at");