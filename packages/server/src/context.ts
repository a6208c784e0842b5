/**
 * Wires repos and services together once per app. Route modules receive this and call services;
 * they never touch the database themselves.
 */
import type { Config } from './config.js';
import type { Db } from './db/database.js';
import { AuthService } from './modules/auth/service.js';
import { SessionsRepo } from './modules/auth/sessions-repo.js';
import { TokenSigner } from './modules/auth/tokens.js';
import { UsersRepo } from './modules/users/repo.js';
import { UsersService } from './modules/users/service.js';

export interface AppContext {
  config: Config;
  db: Db;
  tokens: TokenSigner;
  repos: { users: UsersRepo; sessions: SessionsRepo };
  auth: AuthService;
  users: UsersService;
}

export function createContext(config: Config, db: Db): AppContext {
  const tokens = new TokenSigner(config.jwtSecret, config.jwtTtl, config.jwtTtlLong);
  const users = new UsersRepo(db.kysely);
  const sessions = new SessionsRepo(db);
  return {
    config,
    db,
    tokens,
    repos: { users, sessions },
    auth: new AuthService(config, users, sessions, tokens),
    users: new UsersService(users, sessions),
  };
}
