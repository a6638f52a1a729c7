-- Decision 0067: the moment every credential an account had was ended (a grant of a staff role). A
-- session, email-change link, reset link or verification link issued before it is refused after it, even
-- if a copy of it outlived the deletion that went with the stamp.
ALTER TABLE "users" ADD COLUMN "credentials_reset_at" timestamp with time zone;
