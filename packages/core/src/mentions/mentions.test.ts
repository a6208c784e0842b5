import { describe, expect, it } from 'vitest';
import { mentionedUsernames, newlyMentionedUsernames } from './mentions.js';

describe('mentionedUsernames', () => {
  it('finds @names in HTML, once each, lower-cased', () => {
    expect(mentionedUsernames('<p>@Anna please ask <b>@bob.smith</b>, and @anna again.</p>')).toEqual([
      'anna',
      'bob.smith',
    ]);
  });

  it('ignores e-mail addresses and attributes', () => {
    expect(mentionedUsernames('<p>write to mail@example.com <a href="x@y">link</a></p>')).toEqual([]);
  });

  it('reads a mention right after a tag or at the start', () => {
    expect(mentionedUsernames('@first<br>@second')).toEqual(['first', 'second']);
  });

  it('drops a full stop that ends the sentence and finds nothing in plain text', () => {
    expect(mentionedUsernames('thanks @carol.')).toEqual(['carol']);
    expect(mentionedUsernames('no mentions here, @ alone')).toEqual([]);
  });
});

describe('newlyMentionedUsernames', () => {
  it('answers only names the edit added', () => {
    expect(newlyMentionedUsernames('@anna', '@anna and @bob')).toEqual(['bob']);
    expect(newlyMentionedUsernames('@anna and @bob', '@bob')).toEqual([]);
  });
});
