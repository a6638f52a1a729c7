-- Decision 0071: reset and verification tokens are kept only hashed (better-auth's storeIdentifier
-- 'hashed': SHA-256 of the identifier, base64url without padding). Rows written before it are hashed
-- in place, so a pending reset link still works and no raw token stays at rest.
UPDATE "verifications"
   SET "identifier" = rtrim(translate(encode(sha256(convert_to("identifier", 'UTF8')), 'base64'), '+/', '-_'), '=');
