import { describe, expect, it } from 'vitest';
import { decideNavigation } from './navigation-decision';

const to = (pathname: string, search = '', hash = '') => ({ pathname, search, hash });

describe('decideNavigation', () => {
  it('moves /lists paths to /projects keeping query and hash', () => {
    expect(decideNavigation(to('/lists/3/list', '?page=2', '#top'), true)).toEqual({
      kind: 'redirect',
      to: '/projects/3/list?page=2#top',
    });
    expect(decideNavigation(to('/lists'), false)).toEqual({ kind: 'redirect', to: '/projects' });
    expect(decideNavigation(to('/listsomething'), true)).toEqual({ kind: 'allow' });
  });

  it('sends a visitor without a session to login and remembers where they wanted to go', () => {
    expect(decideNavigation(to('/user/settings/general', '?x=1', '#a'), false)).toEqual({
      kind: 'redirect',
      to: '/login',
      returnTarget: '/user/settings/general?x=1#a',
    });
    expect(decideNavigation(to('/'), false)).toEqual({ kind: 'redirect', to: '/login', returnTarget: '/' });
  });

  it('lets a visitor without a session open the public routes', () => {
    for (const path of [
      '/login',
      '/register',
      '/get-password-reset',
      '/password-reset',
      '/share/abc/auth',
      '/auth/openid/google',
    ]) {
      expect(decideNavigation(to(path), false)).toEqual({ kind: 'allow' });
    }
  });

  it('sends a link-share hash to link-share auth, remembering the page', () => {
    expect(decideNavigation(to('/projects/1/2', '?page=2', '#share-auth-token=abc123'), false)).toEqual({
      kind: 'redirect',
      to: '/share/abc123/auth',
      returnTarget: '/projects/1/2?page=2',
    });
  });

  it('passes redirectToProvider on the root on to login', () => {
    expect(decideNavigation(to('/', '?redirectToProvider=keycloak'), false)).toEqual({
      kind: 'redirect',
      to: '/login?redirectToProvider=keycloak',
    });
  });

  it('sends a signed-in user away from login and register, and lets everything else through', () => {
    expect(decideNavigation(to('/login'), true)).toEqual({ kind: 'redirect', to: '/' });
    expect(decideNavigation(to('/register'), true)).toEqual({ kind: 'redirect', to: '/' });
    expect(decideNavigation(to('/about'), true)).toEqual({ kind: 'allow' });
    expect(decideNavigation(to('/no/such/page'), true)).toEqual({ kind: 'allow' });
  });
});
