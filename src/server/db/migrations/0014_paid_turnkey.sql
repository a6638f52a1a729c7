-- Decision 0032: what a turnkey request bought is what its paid order says. The request points at the
-- order that bought it; an order cancelled by a newer checkout names it; a paid order that did not buy
-- the request carries a flag for staff.
ALTER TABLE "formation_service_requests" ADD COLUMN "paid_order_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "superseded_by" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "flag" text;--> statement-breakpoint
ALTER TABLE "formation_service_requests" ADD CONSTRAINT "formation_service_requests_paid_order_id_orders_id_fk" FOREIGN KEY ("paid_order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Requests paid before this migration: the first paid package order bought them, and its package and
-- address replace whatever the draft was edited to afterwards.
UPDATE "formation_service_requests" AS r
SET "paid_order_id" = o."id", "package_selected" = o."package_id", "business_address" = o."address_option",
    "payment_status" = 'paid'
FROM (
  SELECT DISTINCT ON ("user_id") "id", "user_id", "package_id", "address_option"
  FROM "orders"
  WHERE "kind" = 'formation_package' AND "status" = 'paid'
  ORDER BY "user_id", "paid_at", "id"
) AS o
WHERE o."user_id" = r."user_id";--> statement-breakpoint
-- Any other paid package order of the same customer was a second payment: flagged for staff.
UPDATE "orders" AS o
SET "flag" = CASE
  WHEN o."package_id" = b."package_id" AND o."address_option" = b."address_option" THEN 'paid_twice'
  ELSE 'different_package'
END
FROM "formation_service_requests" AS r
JOIN "orders" AS b ON b."id" = r."paid_order_id"
WHERE o."user_id" = r."user_id" AND o."kind" = 'formation_package' AND o."status" = 'paid' AND o."id" <> b."id";
