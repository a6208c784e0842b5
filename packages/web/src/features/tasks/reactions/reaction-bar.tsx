/**
 * A compact reaction bar (spec 2 §3 reactions): each reaction given with its count and, in a
 * tooltip, who gave it; a click gives or takes back your own. A picker offers a few common emoji.
 * Without the right to react (read-only, link shares) the bar only shows what others gave.
 */
import { ActionIcon, Group, Popover, SimpleGrid, UnstyledButton } from '@mantine/core';
import { displayName } from '@ordo/core';
import { IconMoodPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReactionMap } from '../../../api/reactions';
import { useSignedInUser } from '../../auth/use-current-user';
import classes from './reaction-bar.module.css';
import { commonReactions, hasReacted, type ReactionSummary, summarizeReactions } from './reactions';

const names = new Map<string, string>(commonReactions.map((r) => [r.value, r.name]));

export function ReactionBar({
  reactions,
  canReact,
  onToggle,
  label,
}: {
  reactions: ReactionMap | null | undefined;
  canReact: boolean;
  onToggle: (value: string) => void;
  /** Names the group for assistive technology ("Reactions to this comment"). */
  label: string;
}) {
  const { t, i18n } = useTranslation();
  const user = useSignedInUser();
  const [picking, setPicking] = useState(false);
  const summary = summarizeReactions(reactions, user.id);
  if (summary.length === 0 && !canReact) return null;

  const nameOf = (value: string) => {
    const name = names.get(value);
    return name ? t(`tasks.reactions.names.${name}`) : value;
  };
  const who = (reaction: ReactionSummary) => {
    // "You" first, then the others in the order they reacted.
    const people = [
      ...(reaction.mine ? [t('tasks.reactions.you')] : []),
      ...reaction.users.filter((u) => u.id !== user.id).map((u) => displayName(u)),
    ];
    const list = new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(people);
    return t('tasks.reactions.who', { names: list, reaction: reaction.value });
  };

  return (
    <Group gap={6} role="group" aria-label={label} data-testid="reactions">
      {summary.map((reaction) => (
        <UnstyledButton
          key={reaction.value}
          data-tip={who(reaction)}
          className={classes.chip}
          aria-pressed={reaction.mine}
          aria-disabled={!canReact || undefined}
          aria-label={t('tasks.reactions.chip', {
            reaction: nameOf(reaction.value),
            count: reaction.users.length,
          })}
          onClick={() => canReact && onToggle(reaction.value)}
        >
          <span className={classes.emoji} aria-hidden="true">
            {reaction.value}
          </span>
          <span className={classes.count} aria-hidden="true">
            {reaction.users.length}
          </span>
        </UnstyledButton>
      ))}
      {canReact && (
        <Popover opened={picking} onChange={setPicking} position="bottom-start" shadow="md" withinPortal>
          <Popover.Target>
            <ActionIcon
              variant="subtle"
              color="gray"
              radius="xl"
              aria-label={t('tasks.reactions.add')}
              title={t('tasks.reactions.add')}
              onClick={() => setPicking((open) => !open)}
            >
              <IconMoodPlus size={18} />
            </ActionIcon>
          </Popover.Target>
          <Popover.Dropdown p={6}>
            <SimpleGrid cols={4} spacing={2} role="group" aria-label={t('tasks.reactions.add')}>
              {commonReactions.map((choice) => {
                const mine = hasReacted(reactions, choice.value, user.id);
                return (
                  <ActionIcon
                    key={choice.value}
                    size="lg"
                    variant={mine ? 'light' : 'subtle'}
                    color={mine ? 'blue' : 'gray'}
                    aria-pressed={mine}
                    aria-label={t('tasks.reactions.reactWith', { reaction: nameOf(choice.value) })}
                    title={nameOf(choice.value)}
                    onClick={() => {
                      setPicking(false);
                      onToggle(choice.value);
                    }}
                  >
                    <span className={classes.choice} aria-hidden="true">
                      {choice.value}
                    </span>
                  </ActionIcon>
                );
              })}
            </SimpleGrid>
          </Popover.Dropdown>
        </Popover>
      )}
    </Group>
  );
}
