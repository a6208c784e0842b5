/**
 * The list of people an `@` in a description or comment can name: the project's users matching
 * what follows the `@`. Arrow keys move, Enter or Tab picks, Escape closes (mention-extension.ts
 * passes the keys on).
 */
import { Group, Paper, Text, UnstyledButton } from '@mantine/core';
import { displayName } from '@ordo/core';
import { forwardRef, useEffect, useImperativeHandle, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { User } from '../../../api/types';
import { UserAvatar } from '../../users/user-avatar';
import classes from './mention-list.module.css';

export interface MentionListHandle {
  onKeyDown: (event: KeyboardEvent) => boolean;
}

interface MentionListProps {
  items: User[];
  command: (user: User) => void;
  /** Still asking the server for the people matching the text. */
  loading: boolean;
}

export const MentionList = forwardRef<MentionListHandle, MentionListProps>(function MentionList(
  { items, command, loading },
  ref,
) {
  const { t } = useTranslation();
  const [selected, setSelected] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new list of people starts at its first
  useEffect(() => setSelected(0), [items]);

  useImperativeHandle(ref, () => ({
    onKeyDown(event) {
      if (items.length === 0) return false;
      if (event.key === 'ArrowDown') setSelected((i) => (i + 1) % items.length);
      else if (event.key === 'ArrowUp') setSelected((i) => (i + items.length - 1) % items.length);
      else if (event.key === 'Enter' || event.key === 'Tab') command(items[selected]);
      else return false;
      return true;
    },
  }));

  return (
    <Paper shadow="md" withBorder p={4} className={classes.list}>
      {items.length === 0 ? (
        <Text size="sm" c="dimmed" px="xs" py={6}>
          {loading ? t('tasks.mentions.searching') : t('tasks.mentions.none')}
        </Text>
      ) : (
        <div role="listbox" aria-label={t('tasks.mentions.label')}>
          {items.map((user, index) => (
            <UnstyledButton
              key={user.id}
              role="option"
              aria-selected={index === selected}
              className={classes.option}
              data-selected={index === selected || undefined}
              onMouseEnter={() => setSelected(index)}
              // Keep the editor's focus and selection: pick on mouse down.
              onMouseDown={(event) => {
                event.preventDefault();
                command(user);
              }}
            >
              <Group gap="xs" wrap="nowrap">
                <UserAvatar user={user} size={22} />
                <Text size="sm" truncate>
                  {displayName({ name: user.name ?? '', username: user.username })}
                </Text>
                {user.name && (
                  <Text size="xs" c="dimmed" truncate>
                    @{user.username}
                  </Text>
                )}
              </Group>
            </UnstyledButton>
          ))}
        </div>
      )}
    </Paper>
  );
});
