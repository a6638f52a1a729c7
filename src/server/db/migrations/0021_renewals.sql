CREATE TABLE "renewal_tasks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subscription_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"period_end" date NOT NULL,
	"done_on" date,
	"done_by" text,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscription_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subscription_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"period_end" date NOT NULL,
	"order_id" uuid,
	"actor_id" text,
	"detail" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"product" text NOT NULL,
	"state" text,
	"status" text DEFAULT 'active' NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"price_cents" integer NOT NULL,
	"cancelled_at" timestamp with time zone,
	"cancel_reason" text,
	"lapsed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "subscription_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "renews_from" date;--> statement-breakpoint
ALTER TABLE "renewal_tasks" ADD CONSTRAINT "renewal_tasks_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renewal_tasks" ADD CONSTRAINT "renewal_tasks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_events" ADD CONSTRAINT "subscription_events_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_events" ADD CONSTRAINT "subscription_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "renewal_tasks_once_idx" ON "renewal_tasks" USING btree ("subscription_id","period_end");--> statement-breakpoint
CREATE INDEX "renewal_tasks_open_idx" ON "renewal_tasks" USING btree ("done_on","created_at");--> statement-breakpoint
CREATE INDEX "subscription_events_subscription_idx" ON "subscription_events" USING btree ("subscription_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_events_once_idx" ON "subscription_events" USING btree ("subscription_id","kind","period_end") WHERE kind in ('notice_30', 'notice_7', 'grace', 'lapsed', 'ended');--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_user_product_idx" ON "subscriptions" USING btree ("user_id","product");--> statement-breakpoint
CREATE INDEX "subscriptions_status_end_idx" ON "subscriptions" USING btree ("status","period_end","id");--> statement-breakpoint
CREATE INDEX "subscriptions_end_idx" ON "subscriptions" USING btree ("period_end","id");--> statement-breakpoint
CREATE INDEX "subscriptions_cancelled_idx" ON "subscriptions" USING btree ("cancelled_at","id");--> statement-breakpoint
CREATE INDEX "orders_subscription_idx" ON "orders" USING btree ("subscription_id","created_at");--> statement-breakpoint
-- Decision 0054: every company's subscriptions from what the portal knows, for existing customers now and
-- for new ones by the daily run and the customer's own page. The agent's yearly cycle starts on the
-- formation date (company_formations.formed_on); the private address's on the day its first package
-- order with the private address was paid. The row holds the period of that cycle which contains
-- `today`: nobody was ever charged for a second year, so nobody is counted late; the notices then come
-- before the next anniversary. Existing rows are left alone (an anti-join on the (user, product) index
-- skips them before any insert), so the function is safe to run any time and cheap when nothing is new.
CREATE OR REPLACE FUNCTION subscriptions_sync(today date, agent_price integer, address_price integer, one_user text DEFAULT NULL)
RETURNS integer LANGUAGE plpgsql AS $$
DECLARE added integer;
BEGIN
  WITH firsts AS (
    SELECT f.user_id, 'registered_agent'::text AS product, f.formed_on AS first, f.state_selected AS state, agent_price AS price
      FROM company_formations f
     WHERE f.formed_on IS NOT NULL AND f.formed_on <= today AND (one_user IS NULL OR f.user_id = one_user)
       AND NOT EXISTS (SELECT 1 FROM subscriptions s WHERE s.user_id = f.user_id AND s.product = 'registered_agent')
    UNION ALL
    SELECT o.user_id, 'private_address', min((o.paid_at AT TIME ZONE 'UTC')::date), max(f.state_selected), address_price
      FROM orders o LEFT JOIN company_formations f ON f.user_id = o.user_id
     WHERE o.kind = 'formation_package' AND o.address_option = 'private_address' AND o.status = 'paid'
       AND o.paid_at IS NOT NULL AND (one_user IS NULL OR o.user_id = one_user)
       AND NOT EXISTS (SELECT 1 FROM subscriptions s WHERE s.user_id = o.user_id AND s.product = 'private_address')
     GROUP BY o.user_id
  ), cycles AS (
    SELECT user_id, product, state, price, first,
           greatest(0, date_part('year', age(today, first))::int) AS n
      FROM firsts WHERE first <= today
  ), inserted AS (
    INSERT INTO subscriptions (user_id, product, state, period_start, period_end, price_cents)
    SELECT user_id, product, state, (first + make_interval(years => n))::date, (first + make_interval(years => n + 1))::date, price
      FROM cycles
    ON CONFLICT (user_id, product) DO NOTHING
    RETURNING id, user_id, period_end
  ), events AS (
    INSERT INTO subscription_events (subscription_id, user_id, kind, period_end)
    SELECT id, user_id, 'started', period_end FROM inserted
    RETURNING 1
  )
  SELECT count(*) INTO added FROM events;
  RETURN added;
END $$;
--> statement-breakpoint
SELECT subscriptions_sync(current_date, 12500, 10000);

--> statement-breakpoint
-- The rows just made are most of the table: statistics now, so the first desk queries plan on them.
ANALYZE "subscriptions";
