import { describe, expect, it } from 'vitest';
import { linkShareUrl } from './link-share-url';

describe('linkShareUrl', () => {
  it('joins the public address and the share path', () => {
    expect(linkShareUrl('https://ordo.example/', 'aBc123')).toBe('https://ordo.example/share/aBc123/auth');
    expect(linkShareUrl('https://ordo.example/tasks', 'x')).toBe('https://ordo.example/tasks/share/x/auth');
  });

  it('names the view and hides the logo when asked', () => {
    expect(linkShareUrl('https://o.example', 'h', { viewId: 12, logoVisible: false })).toBe(
      'https://o.example/share/h/auth?view=12&logoVisible=false',
    );
    expect(linkShareUrl('https://o.example', 'h', { viewId: null, logoVisible: true })).toBe(
      'https://o.example/share/h/auth',
    );
  });
});
