-- Decision 0039: four staff roles replace the one all-powerful 'admin'. Everyone who was an admin keeps
-- every permission, as an owner.
UPDATE "users" SET "role" = 'owner', "updated_at" = now() WHERE "role" = 'admin';
