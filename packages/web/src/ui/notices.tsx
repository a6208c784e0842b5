/**
 * Toasts (spec 1 §2, §8): bottom left, at most two at a time, titled Error or Success, with
 * optional action buttons.
 */
import { Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { TFunction } from 'i18next';
import { errorText } from '../i18n/error-text';

export interface NoticeAction {
  label: string;
  onClick: () => void;
}

let noticeCount = 0;

/** How long a notice stays when it offers an action, or tells of an error. */
const ACTION_NOTICE_MS = 6000;

/** A notice's action closes it, so an Undo cannot be pressed twice. */
function body(id: string, message: string, actions: NoticeAction[]) {
  return (
    <Stack gap={6}>
      <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
        {message}
      </Text>
      {actions.length > 0 && (
        <Group gap="xs">
          {actions.map((action) => (
            <Button
              key={action.label}
              size="compact-sm"
              variant="light"
              onClick={() => {
                notifications.hide(id);
                action.onClick();
              }}
            >
              {action.label}
            </Button>
          ))}
        </Group>
      )}
    </Stack>
  );
}

export function showSuccess(t: TFunction, message: string, actions: NoticeAction[] = []): void {
  const id = `notice-${++noticeCount}`;
  notifications.show({
    id,
    color: 'teal',
    title: t('notice.success'),
    message: body(id, message, actions),
    // A notice with an action (Undo) waits as long as an error: time to read it and reach the button.
    autoClose: actions.length > 0 ? ACTION_NOTICE_MS : 3000,
  });
}

export function showError(t: TFunction, error: unknown, actions: NoticeAction[] = []): void {
  const id = `notice-${++noticeCount}`;
  notifications.show({
    id,
    color: 'red',
    title: t('notice.error'),
    message: body(id, errorText(error, t), actions),
    // Twice the default: an error is read to the end and often acted on.
    autoClose: ACTION_NOTICE_MS,
  });
}
