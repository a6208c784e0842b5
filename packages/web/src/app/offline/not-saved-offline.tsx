/**
 * What stands in for a screen (or part of one) whose code was never downloaded, while offline:
 * a calm note in its place, and the screen itself once the browser is back online. Built only
 * from what the first download already holds, since nothing more can be fetched.
 */
import { Alert, Box, Button, Paper } from '@mantine/core';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { backdropOf } from '../backdrop-state';

export interface UnavailableProps {
  /** Loads the missing code again; the screen replaces this note when it has loaded. */
  retry: () => Promise<void>;
}

/** Loads the missing code again whenever the browser comes back online. */
export function useRetryOnline(retry: () => Promise<void>) {
  useEffect(() => {
    // Still unreachable: the note stays, and the next `online` tries again.
    const again = () => void retry().catch(() => undefined);
    addEventListener('online', again);
    return () => removeEventListener('online', again);
  }, [retry]);
}

export function NotSavedOffline({ retry }: UnavailableProps) {
  const { t } = useTranslation();
  useRetryOnline(retry);
  return (
    <Alert color="gray" role="status" data-testid="not-saved-offline" m="md">
      {t('notSavedOffline.text')}
    </Alert>
  );
}

/**
 * Hands the focus back, on closing, to what had it when the dialog opened (read while drawing: the
 * Close button's autoFocus takes it before any effect runs), as Mantine's Modal does.
 */
function useFocusBack() {
  const [openedFrom] = useState(() => document.activeElement);
  useEffect(
    () => () => {
      if (openedFrom instanceof HTMLElement && openedFrom.isConnected) openedFrom.focus();
    },
    [openedFrom],
  );
}

/**
 * The note over the page, as the dialog it stands in for would be, with a way to close it: for a
 * dialog-like part (the task detail opened from a page, the shortcuts or the quick actions).
 */
export function NotSavedOfflineDialog({ retry, onClose }: UnavailableProps & { onClose: () => void }) {
  const { t } = useTranslation();
  const close = useRef<HTMLButtonElement>(null);
  useFocusBack();
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') onClose();
    // Close is the dialog's one control, so Tab keeps the focus on it rather than letting it wander
    // to the page behind (Mantine's FocusTrap is a later download, not at hand offline).
    if (event.key === 'Tab') {
      event.preventDefault();
      close.current?.focus();
    }
  };
  return (
    <Box
      role="dialog"
      aria-modal
      aria-label={t('offline.title')}
      onKeyDown={onKeyDown}
      pos="fixed"
      inset={0}
      style={{ zIndex: 200, display: 'grid', placeItems: 'center', background: 'rgba(0, 0, 0, 0.5)' }}
    >
      <Paper p="md" shadow="md" maw="min(32rem, 92vw)">
        <NotSavedOffline retry={retry} />
        <Button ref={close} variant="default" onClick={onClose} data-autofocus autoFocus mx="md">
          {t('common.close')}
        </Button>
      </Paper>
    </Box>
  );
}

/**
 * The task detail's stand-in: over the page the task was clicked on, as the detail would be, with
 * a way back to it; opened directly, in the page's place.
 */
export function TaskNotSavedOffline({ retry }: UnavailableProps) {
  const navigate = useNavigate();
  const backdrop = backdropOf(useLocation());
  if (!backdrop) return <NotSavedOffline retry={retry} />;
  return <NotSavedOfflineDialog retry={retry} onClose={() => navigate(-1)} />;
}
