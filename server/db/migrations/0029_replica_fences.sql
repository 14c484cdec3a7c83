-- where the primary's write-ahead log stood after each person's last write (server/db/replica.ts); UNLOGGED by hand
-- (drizzle-kit writes no UNLOGGED): no log of its own, no flush at commit, not copied to a standby
CREATE UNLOGGED TABLE "replica_fences" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"lsn" "pg_lsn" NOT NULL
);
