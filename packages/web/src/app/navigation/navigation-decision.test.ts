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
      '/password-reset?userPasswordReset=abc',
      '/share/abc/auth',
      '/auth/openid/google',
    ]) {
      const [pathname, search = ''] = path.split('?');
      expect(decideNavigation(to(pathname, search ? `?${search}` : ''), false)).toEqual({ kind: 'allow' });
    }
  });

  it('takes a password-reset link to the reset page, and the reset page without a token to login', () => {
    for (const signedIn of [false, true]) {
      expect(decideNavigation(to('/', '?userPasswordReset=tok-1'), signedIn)).toEqual({
        kind: 'redirect',
        to: '/password-reset?userPasswordReset=tok-1',
      });
      expect(decideNavigation(to('/password-reset'), signedIn)).toEqual({ kind: 'redirect', to: '/login' });
    }
  });

  it('keeps the token of an e-mail confirmation link and goes to login, until login has sent it', () => {
    expect(decideNavigation(to('/', '?userEmailConfirm=tok-2'), false)).toEqual({
      kind: 'redirect',
      to: '/login',
      storeEmailConfirmToken: 'tok-2',
    });
    expect(decideNavigation(to('/register'), false, true)).toEqual({ kind: 'redirect', to: '/login' });
    expect(decideNavigation(to('/projects'), false, true)).toEqual({ kind: 'redirect', to: '/login' });
    expect(decideNavigation(to('/login'), false, true)).toEqual({ kind: 'allow' });
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
