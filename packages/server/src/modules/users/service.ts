/** The signed-in user's account: profile, password, settings, and finding other users. */
import { defaultFrontendSettings, isTimeZone, Right } from '@ordo/core';
import { fail, invalidFields } from '../../http/api-error.js';
import type { UserPrincipal } from '../../http/principal.js';
import type { AccountPasswordCheck } from '../account/password-check.js';
import { hashPassword } from '../auth/passwords.js';
import { languageProblem, passwordProblem } from '../auth/validation.js';
import type { ProjectAccess } from '../rights/project-access.js';
import type { UsersRepo } from './repo.js';
import { publicUser, userSettings, userWithSettings } from './serialize.js';

export interface GeneralSettingsInput {
  name?: string;
  email_reminders_enabled?: boolean;
  discoverable_by_name?: boolean;
  discoverable_by_email?: boolean;
  overdue_tasks_reminders_enabled?: boolean;
  overdue_tasks_reminders_time?: string;
  default_project_id?: number | null;
  week_start?: number;
  language?: string | null;
  timezone?: string;
  frontend_settings?: Record<string, unknown> | null;
}

const REMINDER_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
/** Ids are 32-bit integers in both databases. */
const MAX_ID = 2 ** 31 - 1;
/** Users a search may return; the sharing dialogs show a handful at a time. */
const SEARCH_LIMIT = 50;

export class UsersService {
  constructor(
    private readonly users: UsersRepo,
    private readonly projects: ProjectAccess,
    private readonly passwords: AccountPasswordCheck,
  ) {}

  async current(principal: UserPrincipal) {
    return userWithSettings(principal.user);
  }

  async settings(principal: UserPrincipal) {
    const row = await this.users.findById(principal.userId);
    if (!row) throw fail('userDoesNotExist');
    return userSettings(row);
  }

  /** Full replace of the general settings (reference §2.3); `language: null` keeps the language. */
  async updateSettings(principal: UserPrincipal, input: GeneralSettingsInput): Promise<void> {
    const problems: string[] = [];
    const time = input.overdue_tasks_reminders_time ?? '09:00';
    if (!REMINDER_TIME.test(time))
      problems.push(`overdue_tasks_reminders_time: ${time} does not validate as HH:MM`);
    const weekStart = input.week_start ?? 0;
    if (!Number.isInteger(weekStart) || weekStart < 0 || weekStart > 6) {
      problems.push(`week_start: ${weekStart} does not validate as range(0|6)`);
    }
    if (input.language) {
      const problem = languageProblem(input.language);
      if (problem) problems.push(problem);
    }
    if ((input.name ?? '').length > 250) problems.push('name: does not validate as runelength(0|250)');
    const defaultProject = input.default_project_id ?? 0;
    if (!Number.isInteger(defaultProject) || defaultProject < 0 || defaultProject > MAX_ID) {
      problems.push(`default_project_id: ${defaultProject} is not a project id`);
    }
    if (problems.length > 0) throw invalidFields(problems);
    // The name of an account from a directory or OpenID provider comes from there on each login
    // (spec 1 §6: managed there, 1021 on attempts); sending it back unchanged, or not at all, is fine.
    const managedName = principal.user.issuer === 'local' ? null : principal.user.name;
    if (managedName !== null && input.name !== undefined && input.name !== managedName) {
      throw fail('accountIsNotLocal');
    }
    const timezone = input.timezone ?? '';
    if (timezone && !isTimeZone(timezone)) {
      throw fail('invalidTimezone', [timezone], { i18n_params: { timezone } });
    }
    // The default project must be one the user can see (404 when missing, 403 without access).
    if (defaultProject > 0) await this.projects.demand(principal.userId, defaultProject, Right.read);
    const frontend = { ...defaultFrontendSettings, ...(input.frontend_settings ?? {}) };
    await this.users.update(principal.userId, {
      name: managedName ?? input.name ?? '',
      email_reminders_enabled: input.email_reminders_enabled ?? true,
      discoverable_by_name: input.discoverable_by_name ?? false,
      discoverable_by_email: input.discoverable_by_email ?? false,
      overdue_tasks_reminders_enabled: input.overdue_tasks_reminders_enabled ?? true,
      overdue_tasks_reminders_time: time,
      default_project_id: input.default_project_id || null,
      week_start: weekStart,
      ...(input.language === null || input.language === undefined ? {} : { language: input.language }),
      timezone,
      frontend_settings: JSON.stringify(frontend),
    });
  }

  /**
   * Changing the password ends every session, so tokens issued before stop working. The old
   * password is checked as a login's is, backing off wrong guesses (`ip`: the client's address).
   */
  async changePassword(
    principal: UserPrincipal,
    oldPassword: string,
    newPassword: string,
    ip: string,
  ): Promise<void> {
    if (!oldPassword) throw fail('emptyOldPassword');
    if (!newPassword) throw fail('emptyNewPassword');
    const row = await this.users.findById(principal.userId);
    if (!row) throw fail('userDoesNotExist');
    const problem = passwordProblem('new_password', newPassword, row);
    if (problem) throw invalidFields([problem]);
    if (row.issuer !== 'local') throw fail('accountIsNotLocal');
    await this.passwords.demand(row, oldPassword, ip);
    await this.users.replacePassword(row.id, await hashPassword(newPassword), { unlock: false });
  }

  /**
   * An administrator's reset (the CLI): sets the password, ends every session and unlocks an
   * account locked by failed logins. Disabled and unconfirmed accounts keep their state.
   */
  async resetPassword(username: string, newPassword: string) {
    const row = await this.users.findByUsername(username);
    if (!row) throw fail('userDoesNotExist');
    const problem = passwordProblem('password', newPassword, row);
    if (problem) throw invalidFields([problem]);
    await this.users.replacePassword(row.id, await hashPassword(newPassword), { unlock: true });
    return row;
  }

  /** Every account, for administrators. */
  list() {
    return this.users.listAll();
  }

  /** `null` for an empty search, as Vikunja answers; otherwise the matching public users. */
  async search(searcherId: number, query: string | string[] | undefined) {
    // Repeated `s` parameters count as one comma-separated list.
    const terms = [query ?? '']
      .flat()
      .join(',')
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean);
    if (terms.length === 0) return null;
    const rows = await this.users.search(terms, SEARCH_LIMIT, searcherId);
    return rows.map(publicUser);
  }
}
