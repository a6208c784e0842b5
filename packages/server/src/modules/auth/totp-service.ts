/**
 * Two-factor authentication (reference §2.2 "TOTP", spec 1 §4 "Two-factor"): a user enrolls and
 * gets a secret and an otpauth:// address for their authenticator app, confirms it with a
 * passcode, and from then on logs in with a passcode too, until they disable it with their
 * password. A passcode is accepted once, within one 30-second step either side of now. Wrong ones
 * back off like wrong passwords (modules/brute-force): a timed wait, never a lock, so whoever knows
 * the password cannot lock the account's owner out.
 */
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import sharp from 'sharp';
import type { Config } from '../../config.js';
import type { UserRow } from '../../db/schema.js';
import { fail, httpError } from '../../http/api-error.js';
import type { AccountPasswordCheck } from '../account/password-check.js';
import type { BruteForceGuard } from '../brute-force/guard.js';
import type { UsersRepo } from '../users/repo.js';
import type { TotpRepo } from './totp-repo.js';

const ISSUER = 'Ordo';
const PERIOD_SECONDS = 30;

export interface TotpStatus {
  secret: string;
  enabled: boolean;
  url: string;
}

function totpFor(user: Pick<UserRow, 'username'>, secret: string): TOTP {
  return new TOTP({
    issuer: ISSUER,
    label: user.username,
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
  });
}

export class TotpService {
  constructor(
    private readonly config: Config,
    private readonly totp: TotpRepo,
    private readonly users: UsersRepo,
    private readonly guard: BruteForceGuard,
    private readonly passwords: AccountPasswordCheck,
  ) {}

  async status(userId: number): Promise<TotpStatus> {
    const { user, row } = await this.enrolled(userId);
    return { secret: row.secret, enabled: !!row.enabled, url: totpFor(user, row.secret).toString() };
  }

  /** A new secret; enrolling again before confirming replaces the earlier one. */
  async enroll(userId: number): Promise<TotpStatus> {
    const user = await this.localUser(userId);
    const existing = await this.totp.find(userId);
    if (existing?.enabled) throw fail('totpAlreadyEnabled');
    const secret = new Secret({ size: 20 }).base32;
    await this.totp.replaceSecret(userId, secret);
    return { secret, enabled: false, url: totpFor(user, secret).toString() };
  }

  /** Turns two-factor login on once a passcode from the app proves the secret arrived. */
  async enable(userId: number, passcode: string): Promise<void> {
    const { user, row } = await this.enrolled(userId);
    if (row.enabled) throw fail('totpAlreadyEnabled');
    const step = this.acceptedStep(user, row.secret, passcode, Number(row.last_used_step));
    await this.totp.enable(userId, step);
  }

  /** The password is checked as a login's is (`ip`: the client's address). */
  async disable(userId: number, password: string, ip: string): Promise<void> {
    const user = await this.localUser(userId);
    await this.passwords.demand(user, password, ip);
    if (!(await this.totp.delete(userId))) throw fail('totpNotEnabled');
  }

  /** The otpauth:// address as a QR code, a JPEG as Vikunja's clients expect. */
  async qrCode(userId: number): Promise<Buffer> {
    const { user, row } = await this.enrolled(userId);
    const png = await QRCode.toBuffer(totpFor(user, row.secret).toString(), { margin: 2, width: 256 });
    return sharp(png).flatten({ background: '#ffffff' }).jpeg({ quality: 90 }).toBuffer();
  }

  /**
   * At login, after the password: a user with two-factor on must give a fresh passcode. A wrong
   * or missing one answers 1017 (the web app then asks for it), a used one 1025. Wrong ones count against the
   * account's passcodes and the client address, and past a few the next try must wait (429).
   */
  async checkLogin(user: UserRow, passcode: string | undefined, ip: string): Promise<void> {
    if (!this.config.totp) return;
    const row = await this.totp.find(user.id);
    if (!row?.enabled) return;
    if (!passcode) throw fail('invalidTotpPasscode');
    const attempt = await this.guard.begin({ account: `totp:${user.id}`, ip });
    const step = this.acceptedStep(user, row.secret, passcode, Number(row.last_used_step));
    await this.totp.useStep(user.id, step);
    await attempt.succeeded();
  }

  /**
   * The time step the passcode belongs to. It must be valid now (else 1017) and newer than the
   * last one used: a passcode works once, so one seen over someone's shoulder or replayed from a
   * captured request does not log in again. The one last used answers 1025 ("already used"); an
   * older step's, passed over by a later one, is no longer valid (1017).
   */
  private acceptedStep(user: UserRow, secret: string, passcode: string, lastUsed: number): number {
    const token = passcode.replace(/\s/g, '');
    if (!/^\d{6}$/.test(token)) throw fail('invalidTotpPasscode');
    const now = Date.now();
    const delta = totpFor(user, secret).validate({ token, timestamp: now, window: 1 });
    if (delta === null) throw fail('invalidTotpPasscode');
    const step = Math.floor(now / 1000 / PERIOD_SECONDS) + delta;
    if (step === lastUsed) throw fail('totpPasscodeUsed');
    if (step < lastUsed) throw fail('invalidTotpPasscode');
    return step;
  }

  private async localUser(userId: number): Promise<UserRow> {
    if (!this.config.totp) throw httpError(404, 'Not Found');
    const user = await this.users.findById(userId);
    if (!user) throw fail('userDoesNotExist');
    if (user.issuer !== 'local') throw fail('accountIsNotLocal');
    return user;
  }

  private async enrolled(userId: number) {
    const user = await this.localUser(userId);
    const row = await this.totp.find(userId);
    if (!row) throw fail('totpNotEnabled');
    return { user, row };
  }
}
