-- The SQL of modules/brute-force/failures-repo.ts, method by method, for SQLite and PostgreSQL.
-- Written by `npm run sql:snapshots` (packages/server/src/db/sql-snapshots); do not edit.

-- AuthFailuresRepo.claim
-- sqlite

      insert into auth_failures ("key", failures, wait_ms, blocked_until, last_attempt)
     
  values (?, 1, 0, ?, ?)
     
  on conflict ("key") do update
  set         failures = case when auth_failures.blocked_until > ? then auth_failures.failures
          when auth_failures.last_attempt <= ? then 1 else auth_failures.failures + 1 end,
        wait_ms = case when auth_failures.blocked_until > ? then auth_failures.wait_ms else case
      when auth_failures.last_attempt <= ? or auth_failures.failures + 1 <= ? then 0
      when auth_failures.wait_ms = 0 then ?
      when auth_failures.wait_ms * 2 >= ? then ?
      else auth_failures.wait_ms * 2 end end,
        blocked_until = case when auth_failures.blocked_until > ? then auth_failures.blocked_until else ? + case
      when auth_failures.last_attempt <= ? or auth_failures.failures + 1 <= ? then 0
      when auth_failures.wait_ms = 0 then ?
      when auth_failures.wait_ms * 2 >= ? then ?
      else auth_failures.wait_ms * 2 end end,
        last_attempt = case when auth_failures.blocked_until > ? then auth_failures.last_attempt else ? end,
        refused = case when auth_failures.blocked_until > ? then 1 else 0 end
     
  returning blocked_until, refused;
-- postgres

      insert into auth_failures ("key", failures, wait_ms, blocked_until, last_attempt)
     
  values ($1, 1, 0, $2, $3)
     
  on conflict ("key") do update
  set         failures = case when auth_failures.blocked_until > $4 then auth_failures.failures
          when auth_failures.last_attempt <= $5 then 1 else auth_failures.failures + 1 end,
        wait_ms = case when auth_failures.blocked_until > $6 then auth_failures.wait_ms else case
      when auth_failures.last_attempt <= $7 or auth_failures.failures + 1 <= $8 then 0
      when auth_failures.wait_ms = 0 then $9
      when auth_failures.wait_ms * 2 >= $10 then $11
      else auth_failures.wait_ms * 2 end end,
        blocked_until = case when auth_failures.blocked_until > $12 then auth_failures.blocked_until else $13 + case
      when auth_failures.last_attempt <= $14 or auth_failures.failures + 1 <= $15 then 0
      when auth_failures.wait_ms = 0 then $16
      when auth_failures.wait_ms * 2 >= $17 then $18
      else auth_failures.wait_ms * 2 end end,
        last_attempt = case when auth_failures.blocked_until > $19 then auth_failures.last_attempt else $20 end,
        refused = case when auth_failures.blocked_until > $21 then 1 else 0 end
     
  returning blocked_until, refused;

-- AuthFailuresRepo.release
-- sqlite

      update auth_failures
  set         failures = case when auth_failures.failures > 0 then auth_failures.failures - 1 else 0 end,
        wait_ms = case when auth_failures.failures - 1 <= ? then 0
          when auth_failures.last_attempt = ? then auth_failures.wait_ms / 2 else auth_failures.wait_ms end,
        blocked_until = case when auth_failures.last_attempt = ? then ? else auth_failures.blocked_until end
     
  where "key" = ?;
-- postgres

      update auth_failures
  set         failures = case when auth_failures.failures > 0 then auth_failures.failures - 1 else 0 end,
        wait_ms = case when auth_failures.failures - 1 <= $1 then 0
          when auth_failures.last_attempt = $2 then auth_failures.wait_ms / 2 else auth_failures.wait_ms end,
        blocked_until = case when auth_failures.last_attempt = $3 then $4 else auth_failures.blocked_until end
     
  where "key" = $5;

-- AuthFailuresRepo.clear
-- sqlite
delete
  from "auth_failures"
  where "key" = ?;
-- postgres
delete
  from "auth_failures"
  where "key" = $1;

-- AuthFailuresRepo.prune
-- sqlite
delete
  from "auth_failures"
  where "blocked_until" <= ? and ("last_attempt" <= ? or "failures" <= ?);
-- postgres
delete
  from "auth_failures"
  where "blocked_until" <= $1 and ("last_attempt" <= $2 or "failures" <= $3);
