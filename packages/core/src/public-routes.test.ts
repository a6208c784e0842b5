import { describe, expect, it } from 'vitest';
import { isPublicRoute } from './public-routes.js';

describe('public routes', () => {
  it('are the sign-in, registration, password reset, link share and provider callback pages', () => {
    for (const path of [
      '/login',
      '/login/',
      '/register',
      '/get-password-reset',
      '/password-reset',
      '/share/abc123/auth',
      '/auth/openid/company',
    ])
      expect(isPublicRoute(path), path).toBe(true);
  });

  it('leave out every other page, and look-alikes', () => {
    for (const path of ['/', '/tasks/5', '/projects/3/7', '/login/extra', '/share/abc/auth/x', '/registerx'])
      expect(isPublicRoute(path), path).toBe(false);
  });
});
