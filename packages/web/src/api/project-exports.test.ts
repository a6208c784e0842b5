import { describe, expect, it } from 'vitest';
import { attachmentName } from './project-exports';

describe('attachmentName', () => {
  it('prefers the UTF-8 name, then the plain one, then the fallback', () => {
    expect(
      attachmentName(`attachment; filename="Reise_.csv"; filename*=UTF-8''Reise%20%C3%BC.csv`, 'x'),
    ).toBe('Reise ü.csv');
    expect(attachmentName('attachment; filename="Trip.ics"', 'x')).toBe('Trip.ics');
    expect(attachmentName(null, 'Trip.ics')).toBe('Trip.ics');
  });
});
