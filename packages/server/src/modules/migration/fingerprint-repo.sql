-- The SQL of modules/migration/fingerprint-repo.ts, method by method, for SQLite and PostgreSQL.
-- Written by `npm run sql:snapshots` (packages/server/src/db/sql-snapshots); do not edit.

-- FingerprintRepo.importedAt
-- sqlite
select "imported_at", "project_ids"
  from "import_fingerprints"
  where "user_id" = ? and "sha256" = ?
  order by "id" desc;
-- postgres
select "imported_at", "project_ids"
  from "import_fingerprints"
  where "user_id" = $1 and "sha256" = $2
  order by "id" desc;

-- FingerprintRepo.record
-- sqlite
insert into "import_fingerprints" ("user_id", "migrator_name", "sha256", "imported_at", "project_ids")
  values (?, ?, ?, ?, ?);
-- postgres
insert into "import_fingerprints" ("user_id", "migrator_name", "sha256", "imported_at", "project_ids")
  values ($1, $2, $3, $4, $5);
