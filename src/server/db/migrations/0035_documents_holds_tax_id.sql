-- Decision 0066: whether a stored file holds an SSN or ITIN is a property of the file, set by the code
-- that writes it, never inferred from whichever filing points at it now (a re-prepared Form 5472 left
-- its first forms readable by anyone with documents.read).
ALTER TABLE "documents" ADD COLUMN "holds_tax_id" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Rows written before: every SS-4 (prepared, signed, uploaded as such); every form, data sheet, signed
-- copy or fax confirmation a Form 5472 filing points at; and the forms an earlier "Prepare" made and a
-- later one replaced (no filing points at them any more: known by the names prepareFiling gives them).
-- Marked whether or not the owner gave a number: which one printed it is no longer knowable.
UPDATE "documents" SET "holds_tax_id" = true
WHERE "category" = 'ss4'
   OR "id" IN (
     SELECT unnest(ARRAY["form_5472_document_id", "form_1120_document_id", "data_sheet_document_id",
                         "signed_document_id", "confirmation_document_id"])
     FROM "filings" WHERE "kind" = 'form_5472'
   )
   OR ("uploaded_by" = 'admin' AND ("file_name" LIKE 'Form 5472 %' OR "file_name" LIKE 'Form 1120 pro forma %'));
