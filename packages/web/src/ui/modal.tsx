/**
 * Mantine's Modal, with the focus returned to what opened it also when the dialog is removed
 * while open, or when a field in it took the focus as it opened (ui/focus-return.ts).
 * Use it instead of Mantine's for every dialog.
 */
import { Modal as MantineModal, type ModalProps } from '@mantine/core';
import { useFocusReturn } from './focus-return';

export function Modal(props: ModalProps) {
  useFocusReturn(props.opened);
  return <MantineModal {...props} />;
}
