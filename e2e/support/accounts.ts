/** Test accounts made through the real API, and helpers the task specs share. */
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';

export function uniqueName(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
}

/** A 2×2 PNG, so the server can make a preview. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
  'base64',
);

export interface Account {
  username: string;
  token: string;
  /** Calls `/api/v1{path}` as this account and fails the test on an error answer. */
  api: <T = Record<string, unknown>>(method: string, path: string, data?: unknown) => Promise<T>;
}

/** Registers and logs in a new user whose name starts with `prefix`. */
export async function account(request: APIRequestContext, prefix: string): Promise<Account> {
  const username = uniqueName(prefix);
  const password = 'correct-horse-1';
  await request.post('/api/v1/register', { data: { username, email: `${username}@example.com`, password } });
  const login = await request.post('/api/v1/login', { data: { username, password } });
  const { token } = (await login.json()) as { token: string };
  const api = async <T>(method: string, path: string, data?: unknown): Promise<T> => {
    const response = await request.fetch(`/api/v1${path}`, {
      method,
      data,
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBe(true);
    return (await response.json()) as T;
  };
  return { username, token, api };
}

/** Opens the app signed in with a remembered token. */
export async function signIn(page: Page, token: string): Promise<void> {
  await page.addInitScript((value) => localStorage.setItem('token', value), token);
  // And the cookie the app sets beside a remembered login (core: signed-in-hint.ts), so the
  // server answers the first load as it answers a browser that signed in.
  const baseURL = test.info().project.use.baseURL;
  if (baseURL) await page.context().addCookies([{ name: 'ordo_signed_in', value: '1', url: baseURL }]);
}

/** A project as `PUT /projects` answers it: with the views the server made for it. */
export interface ProjectWithViews {
  id: number;
  title: string;
  views: { id: number; view_kind: string }[];
}

/** Makes a project of the account's, answered with its views. */
export function projectWithViews(owner: Account, title: string): Promise<ProjectWithViews> {
  return owner.api<ProjectWithViews>('PUT', '/projects', { title });
}
